"""Which words of a text a negation covers: the polarity the negation and opposite checks read.

A cue ("not", "never", "n't", "failed to", "lacks", "prohibited from", "kein", "ne ... pas",
"nunca", "geen") negates the content words after it, up to ``SCOPE`` of them and never past a
clause boundary (punctuation, or a word opening another clause: "but", "which", "because"). A
cue inside another's scope turns it back ("not without" asserts), so a word is negated when an
odd number of cues cover it. "not only", "not just", "no longer"'s "longer" are no cues of
their own, nor is a cue inside a quotation: a title's "Don't" ("I Don't Want to Be Right")
negates nothing the text says.

Besides cues, some words say no in other words ("refused", "absence", "prevented", "except");
they never make a contradiction, but a side holding one near the shared words may be saying the
other side's negation differently, so the checks take it as agreeing (see ``soft``).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ...text.terms import stem
from ...text.words import Word

SCOPE = 4
"""Content words a cue covers."""
_SOFT_REACH = 8

_CUE_TEXT = """
not no never none neither nor cannot without non nicht kein keine keinen keiner keines keinem
nie niemals jamais aucun aucune nunca ningun ninguna ninguno niet geen nooit
"""
_CUE_WORDS = frozenset(_CUE_TEXT.split())
_LACK = frozenset(map(stem, ("lack", "lacks", "lacked", "lacking")))
# "refused to sign", "unable to attend" deny the verb as "failed to" does (alone, "refused
# entry", "unable" say no in other words: see SOFT)
_REFUSING = ("refuse", "refused", "refuses", "refusing", "unable")
_FAIL = frozenset(map(stem, ("fail", "fails", "failed", "failing", *_REFUSING)))
# Forbidding a verb denies it as a cue does: "is prohibited from subletting" says "may not sublet".
FORBIDDING = frozenset(
    ("prohibited", "prohibits", "prohibit", "forbidden", "forbids", "forbid", "barred", "banned")
)
_BE = frozenset(("is", "are", "was", "were", "be", "been"))
HAS_OR_BE = _BE | {"has", "have", "had"}
_FRENCH_NE = frozenset(("ne", "n"))
_FRENCH_PAIRED = frozenset(("pas", "plus", "jamais", "rien", "aucun", "aucune", "guere", "point"))
# "not only" affirms, "no longer" is one cue, "not all"/"not always" weaken (strength's
# business, not a polarity)
_NOT_A_CUE_AFTER = frozenset(
    ("only", "just", "merely", "longer", "all", "every", "always", "necessarily", "entirely")
)
CUE_TOKENS = (
    _CUE_WORDS
    | _FRENCH_NE
    | {"t"}  # "didn't", split at its apostrophe
    | {"lack", "lacks", "lacked", "lacking", "fail", "fails", "failed", "failing"}
    | {*_REFUSING, "yet"}
    | FORBIDDING
    | {"rather", "instead"}
)
"""The ASCII words a text holds when it may hold a cue (a cheap test before reading it)."""
# "Rather than" and "instead of" set aside a phrase ("at home rather than in the office", "by the
# seller instead of the buyer"): cues only before a preposition or determiner; before a verb or
# a bare noun they weigh options ("instead of going", "rather than pure-tone audiometry").
CONTRASTING = frozenset((("rather", "than"), ("instead", "of")))
_PREPOSITIONS_TEXT = "from in at on by for to with into under within through during"
PREPOSITIONS = frozenset(_PREPOSITIONS_TEXT.split())
DETERMINERS = frozenset(
    ("the", "a", "an", "this", "that", "these", "those", "his", "her", "its", "their")
)
_CLAUSE_TEXT = """
but while whereas although though because since which who whom whose when where if unless
until yet however aber sondern weil obwohl mais parce quand pero aunque maar omdat
"""
_CLAUSE_WORDS = frozenset(_CLAUSE_TEXT.split())
_CLAUSE_MARKS = frozenset(',;:()[]{}.!?"\u2014\u2013\u201c\u201d\n')
_SENTENCE_MARKS = frozenset(".!?;\n")
_SOFT_TEXT = """
refuse refused refuses denied deny denies reject rejected rejects unable absence
absent prevent prevented prevents avoid avoided ban banned bans prohibit prohibited prohibits
exclude excluded excludes except instead rather unlike hardly barely rarely seldom stop stopped
ceased cease halt halted little few fewer less against impossible insufficient nothing nobody
nowhere free unless lost loss decline declined unchanged unaltered stagnant
"""
SOFT = frozenset(map(stem, _SOFT_TEXT.split()))
"""Stems of words that say no without a cue. ("last" is none: it mostly means the most recent,
"last year", and beside an assertion took the negation of it for agreement.)"""


class Polarity(NamedTuple):
    negated: list[bool]  # per word: covered by an odd number of cues
    cue: list[int]  # per word: the index of the nearest cue covering it, -1 when none
    cues: list[tuple[int, int]]  # each cue's first and last word index ("failed to": two)
    in_cue: frozenset[int]  # the indexes of every cue's words
    sentence: list[int]  # per word: the number of the sentence (of the text) it stands in
    clause: list[int]  # per word: the number of the clause it stands in
    quoted: list[tuple[int, int]]  # the spans of the text's quotations (see quotations())


def polarity(text: str, words: list[Word]) -> Polarity:
    negated = [False] * len(words)
    cover = [-1] * len(words)
    cues: list[tuple[int, int]] = []
    sentence = [0] * len(words)
    clause = [0] * len(words)
    active: list[list[int]] = []  # [cue index, content words it may still cover]
    number = clauses = 0
    skip_to = -1
    quoted = quotations(text)
    for i, word in enumerate(words):
        gap = text[words[i - 1].end : word.start] if i else ""
        if not _SENTENCE_MARKS.isdisjoint(gap):
            number += 1
        sentence[i] = number
        # "not yet approved": a "yet" right after a cue goes on its clause, no "but"
        after_cue = bool(cues) and cues[-1][1] == i - 1
        opens = word.folded in _CLAUSE_WORDS and not (word.folded == "yet" and after_cue)
        if not _CLAUSE_MARKS.isdisjoint(gap) or opens:
            active = []
            clauses += 1
        clause[i] = clauses
        if i <= skip_to:
            continue  # the second word of a two-word cue
        # a title's words ("I Don't Want to Be Right") are its own, no negation of the text's
        width = 0 if quoted and inside(quoted, word.start) else _cue_width(text, words, i)
        if width and _forbids_before(words, i, i + width - 1):
            cues.append((i, i))  # "Dismissal during sick leave is prohibited": see _clause_final
            continue
        if width:
            cues.append((i, i + width - 1))
            skip_to = i + width - 1
            if word.folded == "nor" and active:
                # "Neither the tenant nor the landlord is liable" denies each, not "neither" twice
                active[-1] = [i, SCOPE]
                continue
            # "non-binding", "lack of consultation": the next word only
            active.append([i, 1 if word.folded == "non" or word.stem in _LACK else SCOPE])
            continue
        if not active:
            continue
        negated[i] = len(active) % 2 == 1
        cover[i] = active[-1][0]
        if word.term or word.folded.isdigit():  # a content word uses up the cues' scope
            for entry in active:
                entry[1] -= 1
            active = [entry for entry in active if entry[1] > 0]
    _clause_final(words, cues, clause, negated, cover)
    in_cue = frozenset(j for first, last in cues for j in range(first, last + 1))
    return Polarity(negated, cover, cues, in_cue, sentence, clause, quoted)


# German and Dutch put the verb second and "nicht" last: "Für Abnutzung haftet der Mieter
# nicht" denies the clause before it.
_CLAUSE_FINAL = frozenset(("nicht", "nie", "niemals", "niet", "nooit"))


def _forbids_before(words: list[Word], first: int, last: int) -> bool:
    """Whether the cue of words ``first`` to ``last`` forbids what its clause said before it:
    "is prohibited", "are banned" with no "from" or "to" after ("Night work is prohibited for
    minors")."""
    return first == last and words[first].folded in FORBIDDING


def _clause_final(
    words: list[Word],
    cues: list[tuple[int, int]],
    clause: list[int],
    negated: list[bool],
    cover: list[int],
) -> None:
    """Let each German or Dutch cue that ends its clause, and each passive prohibition, cover
    the clause's words before it that no other cue covers (``negated`` and ``cover`` change in
    place)."""
    for first, last in cues:
        forbids = _forbids_before(words, first, last)
        if words[first].folded not in _CLAUSE_FINAL and not forbids:
            continue
        if not forbids and last + 1 < len(words) and clause[last + 1] == clause[first]:
            continue
        j = first - 1
        while j >= 0 and clause[j] == clause[first] and cover[j] < 0:
            negated[j], cover[j] = True, first
            j -= 1


_QUOTE_MARKS = ("'", '"', "\u2018", "\u201c")
# A quotation: a mark after no word character, then words, up to a mark before none; an
# apostrophe inside ("Don't") is followed by a letter, so it closes nothing.
_QUOTE_RE = re.compile(
    r"(?<!\w)['\"\u2018\u201c](?=[\w(])[^\n]{0,200}?[\w.!?,)]['\"\u2019\u201d](?!\w)"
)


def quotations(text: str) -> list[tuple[int, int]]:
    """The spans of the quotations in ``text`` (titles, mostly): none without a quote mark."""
    if not any(mark in text for mark in _QUOTE_MARKS):
        return []
    return [m.span() for m in _QUOTE_RE.finditer(text)]


def inside(spans: list[tuple[int, int]], at: int) -> bool:
    return any(start < at < end for start, end in spans)


def _cue_width(text: str, words: list[Word], i: int) -> int:
    """How many words the cue starting at ``words[i]`` takes: 0 when it is none."""
    folded = words[i].folded
    after = words[i + 1].folded if i + 1 < len(words) else ""
    if folded in _CUE_WORDS:
        if folded == "no" and text[words[i].end : words[i].end + 1] == ".":
            return 0  # "No. 1"
        if after in _NOT_A_CUE_AFTER and folded in ("not", "no"):
            return 0 if after != "longer" else 2
        if folded in _FRENCH_PAIRED and _french_ne_before(words, i):
            return 0  # "ne ... pas": the "ne" was the cue
        return 1
    if folded == "t" and i and text[words[i].start - 1 : words[i].start] in ("'", "\u2019"):
        return 1 if words[i - 1].folded.endswith("n") else 0  # "didn't", "can't", "won't"
    if folded in _FRENCH_NE:
        ahead = words[i + 1 : i + 5]
        return 1 if any(w.folded in _FRENCH_PAIRED for w in ahead) else 0
    stemmed = words[i].stem
    if stemmed in _LACK:
        return 1
    if stemmed in _FAIL and after == "to":
        return 2
    if folded == "yet" and after == "to" and i and words[i - 1].folded in HAS_OR_BE:
        return 2  # "has yet to be approved": not approved so far
    if (folded, after) in CONTRASTING:
        phrase = words[i + 2].folded if i + 2 < len(words) else ""
        return 2 if phrase in PREPOSITIONS or phrase in DETERMINERS else 0
    if folded in FORBIDDING and after in ("from", "to"):
        return 2
    if folded in FORBIDDING and i and words[i - 1].folded in _BE:
        return 1  # "is prohibited": it forbids what came before it (see _forbids_before)
    return 0


def _french_ne_before(words: list[Word], i: int) -> bool:
    return any(w.folded in _FRENCH_NE for w in words[max(0, i - 4) : i])


def says_no(
    words: list[Word], pol: Polarity, keys: list[str], shared: set[str], besides: set[str]
) -> bool:
    """Whether the text says no about ``shared`` (key terms; ``keys`` is each word's): a cue
    covering one of them, or covering nothing ("no."), or a cue or a word that says no in other
    words near one (see :func:`soft_near`). A negation of other things far from them ("never
    read the comics") says nothing of them."""
    for first, last in pol.cues:
        ahead = range(last + 1, min(len(words), last + 1 + 4 * SCOPE))
        covered = [k for k in ahead if pol.cue[k] == first and keys[k]]
        if not covered or any(keys[k] in shared for k in covered):
            return True
    return any(
        key in shared and soft_near(words, pol, i, _SOFT_REACH, besides)
        for i, key in enumerate(keys)
    )


def soft_near(
    words: list[Word], pol: Polarity, i: int, reach: int, besides: frozenset[str] | set[str]
) -> bool:
    """Whether a word that says no in other words, or a cue, stands within ``reach`` words of
    ``words[i]`` in its sentence; soft words and cues in ``besides`` (stems the other side
    says too: "lack of consultation" beside "lack of participation") do not count. Nor does
    a cue with nothing after it in its clause ("flawed in ways that life satisfaction
    isn't"): it denies a predicate it leaves out, of its own subject, not the word near it."""
    here = pol.sentence[i]
    for j in range(max(0, i - reach), min(len(words), i + reach + 1)):
        if pol.sentence[j] != here or j == i:
            continue
        stem_j = words[j].stem
        if stem_j in besides:
            continue
        if stem_j in SOFT and not _infinitive_apart(words, j, i, besides):
            return True
        if j in pol.in_cue and not _elliptical(pol, j):
            return True
    return False


def _infinitive_apart(
    words: list[Word], j: int, i: int, besides: frozenset[str] | set[str]
) -> bool:
    """Whether the soft word ``j`` is a verb after "to" saying no of a thing the other side
    never names (its first content word, not in ``besides``) and word ``i`` is not that thing:
    "used to avoid punishment contained something" says no of punishment, not of containing."""
    if not j or words[j - 1].folded != "to":
        return False
    thing = next((k for k in range(j + 1, len(words)) if words[k].term), i)
    return thing != i and words[thing].stem not in besides


def _elliptical(pol: Polarity, j: int) -> bool:
    """Whether the cue word ``j`` ends its cue with no word of its clause after it."""
    after = j + 1
    return after not in pol.in_cue and (after == len(pol.cue) or pol.clause[after] != pol.clause[j])
