"""The ``opposite`` check: the sentence says a word whose opposite the region says instead.

Opposites come from ``data/antonyms.tsv``, read in :mod:`.antonyms`: a word's opposites are
those of the table's words it shares a root with ("allows", "allowed"), not only a stem
("different" is no "differ"). The sentence's word contradicts when the region says an
opposite of it of the same things: the words around the region's opposite (close ones first,
then its clause, about) are more of those around the sentence's word than around any place the
region says the word itself (a region may say both, of different things) or around the
sentence's own saying of the opposite ("rising rates ... fund their decline"); both words
asserted or both negated ("did not rise" agrees with "fell"). A comparison turned around
contradicts too: "faster than boiling" against "boiling is faster"; the opposite comparative
with the sides exchanged agrees (:mod:`.comparison`). What a word qualifies, the words after it,
tells more (:mod:`.qualified`). An opposite said of all but what the sentence names agrees:
"closed on Mondays" against "open every day except Mondays".
"""

from __future__ import annotations

import re

from ...text.terms import fold, stem
from ...text.words import Word
from .antonyms import FUNCTION_WORDS, OPPOSITES, ROOTS, opposite_forms
from .comparison import TO_THAN, sides_meet
from .exclusion import EXCLUDING
from .found import Found
from .polarity import Polarity, polarity
from .qualified import apart, where
from .verb_forms import same_verb

_SIDE = 2  # content words either side of a word that say what it is said of
_REACH = 5  # and farther: about its clause
_CLAUSE_ENOUGH = 3  # things of the clause that say it is the same, none close
_CLAUSE_MORE = 3  # more of the clause's things than the other word's: a clear winner
TIED = 2  # close things shared that name the same thing (see .tied)


def function_stem(word: str) -> str:
    return stem(fold(word))


FUNCTION_WORD_RE = re.compile(
    rf"(?i)(?<!\w)(?:{'|'.join(sorted(set(map(function_stem, FUNCTION_WORDS))))})\w*"
)
"""The table's words that are no key term ("before", "more", "includes"), by their stems: a
sentence or region holding one is found by this search, the others by their key terms."""


def _negated(pol: Polarity, i: int) -> bool:
    """Whether the word is negated; a cue ("without") by the cues around it: "not ... without"
    says "with", which the cue's next word tells (covered by it and by an even number of cues)."""
    if i not in pol.in_cue:
        return pol.negated[i]
    return i + 1 < len(pol.cue) and pol.cue[i + 1] == i and not pol.negated[i + 1]


def find(
    sentence: str,
    sentence_words: list[Word],
    region: str,
    region_words: list[Word],
    tied: bool = False,
) -> list[Found]:
    """Where the sentence says a word whose opposite the region says of the same things;
    ``tied``: the region is a whole passage, read for the sentence's key terms only, each of
    the very thing named (:mod:`.tied`)."""
    in_region = {w.stem for w in region_words}
    candidates = [
        (i, opposites & in_region)
        for i, w in enumerate(sentence_words)
        if (opposites := OPPOSITES.get(w.stem))
        and not opposites.isdisjoint(in_region)
        and (w.term or not tied)
    ]
    if not candidates:
        return []
    s_pol, r_pol = polarity(sentence, sentence_words), polarity(region, region_words)
    found = []
    for i, theirs in candidates:
        forms = opposite_forms(sentence_words[i])
        if not forms or _set_to(sentence_words, i):
            continue
        j = _opposed(sentence_words, s_pol, i, theirs, forms, region_words, r_pol, in_region, tied)
        if j >= 0 and sides_meet(
            sentence_words, s_pol.sentence, i, region_words, r_pol.sentence, j, crossed=True
        ):
            continue  # "men earned more than women" is "women earned less than men"
        if j >= 0 and _excepts_what_is_said(sentence_words, region_words, r_pol, j):
            continue  # "closed on Mondays" is "open every day except Mondays"
        if j >= 0 and not _set_to(region_words, j):
            mine, w = sentence_words[i], region_words[j]
            found.append(Found("opposite", mine.start, mine.end, w.start, w.end))
        elif not tied and (turned := _turned(sentence_words, s_pol, i, region_words, r_pol)):
            found.append(turned)
    return found


def _excepts_what_is_said(
    words: list[Word], region_words: list[Word], r_pol: Polarity, j: int
) -> bool:
    """Whether the region's opposite at ``j`` holds of all but a thing its sentence excepts
    after it (the first key term past "except" or "excluding"), a thing the sentence names."""
    said = {w.term for w in words if w.term}
    for k in range(j + 1, len(region_words)):
        if r_pol.sentence[k] != r_pol.sentence[j]:
            break
        if region_words[k].folded in EXCLUDING:
            item = next((w.term for w in region_words[k + 1 : k + 4] if w.term), "")
            return item in said
    return False


def converse_comparatives(said: tuple[str, ...], told: tuple[str, ...]) -> bool:
    """Whether two runs of folded words compare by opposites, each before a "than" ("signed
    earlier than", "signed later than"): "A earlier than B" says "B later than A", so the two
    link their sides the other way round and say one thing (:mod:`.comparison`)."""
    theirs = _comparatives(told)
    return any(not OPPOSITES.get(a, frozenset()).isdisjoint(theirs) for a in _comparatives(said))


def _comparatives(words: tuple[str, ...]) -> set[str]:
    """The stems of the words that may compare before each "than" ("higher doses than")."""
    return {
        function_stem(w)
        for k, t in enumerate(words)
        if t == "than"
        for w in words[max(0, k - TO_THAN) : k]
    }


def _set_to(words: list[Word], i: int) -> bool:
    """Whether ``words[i]`` is a "set" before a "to": "fees are set to increase" says what is
    planned, no setting that is the opposite of rising."""
    return words[i].folded == "set" and i + 1 < len(words) and words[i + 1].folded == "to"


def _turned(
    words: list[Word], pol: Polarity, i: int, region_words: list[Word], r_pol: Polarity
) -> Found | None:
    """Where the region says the sentence's comparative of the thing the sentence puts it
    against: "faster than boiling" says boiling is the slower, "boiling is faster" the
    faster (the thing among the ``_SIDE`` content words before the region's word, which
    compares with nothing after it)."""
    z = _compared(words, pol.sentence, i)
    if z < 0 or _negated(pol, i):
        return None
    for k, w in enumerate(region_words):
        if (
            w.stem != words[i].stem
            or _negated(r_pol, k)
            or _compared(region_words, r_pol.sentence, k) >= 0
        ):
            continue
        b, seen = k - 1, 0
        while b >= 0 and seen < _SIDE and r_pol.sentence[b] == r_pol.sentence[k]:
            if region_words[b].term == words[z].term:
                return Found("opposite", words[i].start, words[z].end, region_words[b].start, w.end)
            seen += bool(region_words[b].term)
            b -= 1
    return None


def _compared(words: list[Word], sentence: list[int], i: int) -> int:
    """Where the thing ``words[i]`` is compared with stands: the first key term of the two
    words after a "than" right after it, in its sentence; -1 when it compares with nothing."""
    if i + 1 >= len(words) or words[i + 1].folded != "than":
        return -1
    for k in range(i + 2, min(i + 4, len(words))):
        if sentence[k] != sentence[i]:
            break
        if words[k].term:
            return k
    return -1


def _opposed(
    words: list[Word],
    pol: Polarity,
    i: int,
    theirs: frozenset[str],
    forms: frozenset[str],
    region_words: list[Word],
    r_pol: Polarity,
    in_region: set[str],
    tied: bool = False,
) -> int:
    """Where the region says an opposite of ``words[i]`` (of the stems ``theirs``, sharing a
    root with ``forms``) of the same things, -1 when it does not."""
    mine = words[i]
    pair = theirs | {mine.stem}
    said = scene(words, pol.sentence, i, pair)
    # What the region says of the things the sentence's word is said of: its word, or the
    # opposite, whichever stands among more of them (a region may say both, of different
    # things: "Black people ... subservient to white South Africans").
    j, opposed = _best(region_words, r_pol, said, pair, theirs, _negated(pol, i), forms)
    k, agreed = _best(region_words, r_pol, said, pair, same_verb(mine.stem), None)
    # Said of the same things: one close to both, or, where the region never says the
    # sentence's word, enough of its clause ("sing the song at the beginning" against "by
    # Grande and Legend during the end credits"); read outside the region (``tied``), the very
    # thing named (see .tied)
    near = opposed[0] > 0 or (opposed[1] >= _CLAUSE_ENOUGH and k < 0)
    same = opposed[0] >= TIED if tied else near
    if j < 0 or not same:
        return -1
    # What the word is said of right after it decides first: the region says the sentence's
    # word before it (-1), or the opposite alone (1: "open the lock and open a stuck window"
    # against "open the lock and close a stuck window", whose own "open" shares as much of
    # the clause); else the opposite must stand among more of the things.
    place = where(words, pol, i, region_words, r_pol, j, k)
    if place < 0 or (place == 0 and opposed <= agreed):
        return -1
    # The opposite wins clearly when it stands among clearly more of the things (close ones,
    # or _CLAUSE_MORE more of the clause's: "compared to heterosexual men, with values near
    # those of heterosexual women"), or before what the sentence's word is before. Else one
    # sentence saying both ("the highest and the lowest") has no winner, unless the region's
    # word is another saying's of the sentence.
    clear = opposed[0] >= agreed[0] + 2 or opposed[1] >= agreed[1] + _CLAUSE_MORE or place > 0
    if (
        k >= 0
        and r_pol.sentence[k] == r_pol.sentence[j]
        and not clear
        and not _taken(words, pol, i, pair, region_words, r_pol, k, agreed)
    ):
        return -1
    own = [k for k, w in enumerate(words) if w.stem in OPPOSITES[mine.stem]]
    if own and mine.stem in in_region and not clear:
        return -1  # each text says both ("contact with the parent ... the child"): no order
    # The sentence may say the region's word too, of other things ("rising rates ... fund
    # their decline" against "fund their growth"): the region's word is that one's when it
    # stands among its things as well.
    told = scene(region_words, r_pol.sentence, j, pair)
    if any(_shared(scene(words, pol.sentence, k, pair), told) >= opposed for k in own):
        return -1
    if apart(words, pol, i, region_words, r_pol, j):
        return -1  # "more efficiently" against "less effort": of different things
    return j


def _taken(
    words: list[Word],
    pol: Polarity,
    i: int,
    pair: frozenset[str],
    region_words: list[Word],
    r_pol: Polarity,
    k: int,
    agreed: tuple[int, int],
) -> bool:
    """Whether the region's saying of the sentence's word (``k``) is another's of the
    sentence's: the sentence says the word more often than the region's sentence does, and
    another saying stands among ``k``'s things as much as ``words[i]`` does ("from the lowest
    frequency to the lowest frequency" against "from the highest frequency to the lowest")."""
    stem_i, here, there = words[i].stem, pol.sentence[i], r_pol.sentence[k]
    again = [m for m, w in enumerate(words) if w.stem == stem_i and pol.sentence[m] == here]
    said = sum(
        1
        for w, n in zip(region_words, r_pol.sentence, strict=True)
        if w.stem == stem_i and n == there
    )
    if len(again) <= said:
        return False
    told = scene(region_words, r_pol.sentence, k, pair)
    return any(
        _shared(scene(words, pol.sentence, m, pair), told) >= agreed for m in again if m != i
    )


_Scene = tuple[set[str], set[str]]


def scene(words: list[Word], sentence: list[int], i: int, pair: frozenset[str]) -> _Scene:
    """What ``words[i]`` is said of: the key terms and numbers of the ``_SIDE`` content words
    either side of it ("lower heart rate", "sales fell"), and of the ``_REACH`` either side, in
    its sentence; the opposed words (``pair``, stems) are no part of it."""
    close: set[str] = set()
    near: set[str] = set()
    for step in (-1, 1):
        k, seen = i + step, 0
        while 0 <= k < len(words) and seen < _REACH and sentence[k] == sentence[i]:
            w = words[k]
            thing = w.term or (w.folded if w.folded.isdigit() else "")  # "will arrive in 2023"
            if thing and w.stem not in pair:
                (close if seen < _SIDE else near).add(thing)
                seen += 1
            k += step
    return close, near | close


def _shared(a: _Scene, b: _Scene) -> tuple[int, int]:
    """How many things two scenes share: close ones first, then all."""
    return len(a[0] & b[0]), len(a[1] & b[1])


def _best(
    words: list[Word],
    pol: Polarity,
    said: _Scene,
    pair: frozenset[str],
    stems: frozenset[str],
    negated: bool | None,
    forms: frozenset[str] | None = None,
) -> tuple[int, tuple[int, int]]:
    """The occurrence of ``stems`` (negated as ``negated`` says, and sharing a root with
    ``forms``, when they are not None) whose scene shares most with ``said``, and how much:
    (-1, (0, 0)) when none shares anything."""
    best, most = -1, (0, 0)
    for j, w in enumerate(words):
        if w.stem not in stems or (negated is not None and _negated(pol, j) != negated):
            continue
        if forms is not None and forms.isdisjoint(ROOTS[w.folded]):
            continue
        held = _shared(scene(words, pol.sentence, j, pair), said)
        if held > most:
            best, most = j, held
    return best, most
