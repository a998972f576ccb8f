"""Roles: the region asserts the sentence's verb of another thing, and says no of its own.

"Smith attended the hearing" beside "Smith was absent; his lawyer attended the hearing": the
region's "attended" has another subject, and of the sentence's own ("Smith") it says no in
another clause. Likewise "The Act applies to Scotland" beside "The Act applies to England and
Wales. It does not extend to Scotland", with another object, and "The hearing was attended by
Smith" beside the same region (the word after the verb). This is :mod:`.another`'s reading the
other way round: there the region agrees with a sentence denying the verb; here it
contradicts one asserting it.

The region may also deny the verb itself of the sentence's thing ("The plaintiff did not
appeal; the defendant appealed"): that denial, the cue's first content word with the sentence's
thing beside it and no other thing on its other side, leaves the assertions near it to the
other thing ("Smith did not vote for the amendment; Jones voted for the bill" says nothing of
Smith's vote for the bill).

The region must assert the verb of the other thing wherever it has it near the words both
share, and say no of the sentence's thing only in other clauses, in the place the sentence
gives it: a cue or a word that leaves it out after a subject ("Smith was absent"), before an
object ("does not extend to Scotland"). "The motion was not opposed" says nothing of whether
it was granted, "social workers and legal practitioners" is a list, and "Smith and his lawyer
attended", "Smith, through his lawyer, attended" (no subject in the verb's clause) or a region
that has Smith attend anywhere contradict nothing. German and Dutch order tells no roles (see
:func:`.roles.order_tells_roles`).

The region's polarity is read only where its words alone say the reading may find something
(see :func:`_may_assert`): for the perturbation benchmark's base claims, 17 of the 104 regions
holding a word that says no, not all of them (0.44 -> 0.23 M instructions a claim).
"""

from __future__ import annotations

from itertools import chain
from typing import NamedTuple

from ...text.terms import stem
from ...text.words import Word
from .another import REACH, another, neighbour, noun
from .exchange import DETERMINERS, LISTING
from .found import Found
from .near import clause_bounds, context, keys_of, positions
from .negation import Side
from .polarity import CUE_TOKENS, SOFT
from .roles import order_tells_roles

# The words besides a cue that leave a thing out of what is done: of the words that say no in
# other words (polarity.SOFT) only these; "against 16 teams" or "fewer seats" leave nothing out.
_LEFT_OUT_TEXT = """
absent absence exclude excluded excludes except refuse refused refuses decline declined unable
prevent prevented barred missing
"""
_LEFT_OUT = frozenset(map(stem, _LEFT_OUT_TEXT.split()))
_CUE_STEMS = frozenset(map(stem, CUE_TOKENS))


class _Words(NamedTuple):
    """The region's words read without their polarity: each one's key, where each key stands,
    and which stand near a word that may say no."""

    words: list[Word]
    keys: list[str]
    at: dict[str, list[int]]
    near_no: frozenset[str]  # see _near_no


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    """Each word the sentence asserts of a thing the region says no of, where the region asserts
    it of another instead: the sentence's thing and word against the region's denial through
    its other thing and word ("Smith was absent; his lawyer attended")."""
    if not order_tells_roles() or not _says_no(region_words):
        return []
    keys = keys_of(region_words)
    r_at = positions(keys)
    s = Side(sentence, sentence_words)
    words = _Words(region_words, keys, r_at, _near_no(region_words, keys))
    verbs = [i for i, key in enumerate(s.keys) if key in r_at and _may_assert(s, i, words)]
    if not verbs:
        return []  # the region is read only where it may find something (most are not)
    r = Side(region, region_words)
    shared = set(r_at).intersection(s.keys)
    found = []
    for i in verbs:
        key = s.keys[i]
        at = _asserted(s, i, r, [j for j in r_at[key] if context(r, j, shared - {key})])
        if not at:
            continue
        told = [(j, another(s, i, r, j, r_at, r.pol.clause)) for j in at]
        kept = [(j, t) for j, t in told if t and not (_listed(s, i, t[0]) or _listed(r, j, t[1]))]
        if len(kept) < len(at) or not _thing(s, kept[0][1][0]):
            continue
        j, (mine, theirs, denied) = kept[0]
        clause = clause_bounds(r, denied)
        # a passive's agent ("attended by Smith") is the subject, after the verb
        subject = mine < i or s.words[mine - 1].folded == "by"
        if _denied_in_place(r, clause, denied, subject=subject):
            said = (min(i, mine), max(i, mine))
            found.append(_found(s, r, said, (min(j, theirs, *clause), max(j, theirs, *clause))))
    return found


def _asserted(s: Side, i: int, r: Side, near: list[int]) -> list[int]:
    """Where the region asserts the sentence's word ``i``, of the places ``near`` it speaks of
    what the sentence does; none when it denies the word of another thing too (the negation
    check's). Where it denies the word of the sentence's own thing ("The plaintiff did not
    appeal; the defendant appealed"), its assertions within ``REACH`` words of the denial
    count too: the other thing's clause need share no more words."""
    denied = [j for j in near if r.pol.negated[j]]
    if not all(_own(s, i, r, j) for j in denied):
        return []
    key = s.keys[i]
    return [
        j
        for j, k in enumerate(r.keys)
        if k == key and not r.pol.negated[j]
        if j in near or any(abs(j - d) <= REACH for d in denied)
    ]


def _own(s: Side, i: int, r: Side, j: int) -> bool:
    """Whether the region's denied word ``j`` has the sentence's thing next to word ``i`` in
    the same place, in its clause ("The plaintiff did not appeal; the defendant appealed"):
    it denies the verb of the sentence's own thing, and of no other thing on its other side
    ("Smith did not vote for the amendment" says nothing of his vote for the bill). The cue
    must deny the word itself, its first content word: "no surprise that the average weight
    ..." denies no weight."""
    if any(r.keys[k] for k in range(r.pol.cue[j] + 1, j)):
        return False
    for step in (-1, 1):
        mine, theirs = neighbour(s, i, step), neighbour(r, j, step)
        if mine >= 0 and theirs >= 0 and s.keys[mine] == r.keys[theirs] and _thing(s, mine):
            mine, theirs = neighbour(s, i, -step), neighbour(r, j, -step)
            return mine < 0 or theirs < 0 or s.keys[mine] == r.keys[theirs] or not noun(r, theirs)
    return False


def _may_assert(s: Side, i: int, r: _Words) -> bool:
    """Whether the sentence may assert word ``i`` (whose key the region has) of a thing the
    region says no of, by the region's words alone (a cheap test before its polarity is read):
    the sentence asserts it (no cue covers it) and has a thing next to it (see
    :func:`_thing`) whose key the region has near a word that may say no, where the region
    may have another thing next to the word, on the same side (see :func:`.another.another`)."""
    if s.pol.negated[i] or i in s.pol.in_cue:
        return False
    for step in (-1, 1):
        mine = neighbour(s, i, step)
        if (
            mine >= 0
            and s.keys[mine] in r.near_no
            and _thing(s, mine)
            and any(_may_be_another(r, j, step, s.keys) for j in r.at[s.keys[i]])
        ):
            return True
    return False


def _near_no(words: list[Word], keys: list[str]) -> frozenset[str]:
    """The keys that stand near a word that may say no (a cue's or a soft word: see
    :func:`.polarity.soft_near`), within ``another.REACH`` words, one more for a cue's second
    word ("failed to")."""
    reach = REACH + 1
    no = [n for n, w in enumerate(words) if _may_be_cue(w) or w.stem in SOFT]
    return frozenset(chain.from_iterable(keys[max(0, n - reach) : n + reach + 1] for n in no))


def _may_be_another(r: _Words, j: int, step: int, keys: list[str]) -> bool:
    """Whether the content word next to word ``j`` (before it, ``step`` -1; after it, 1) may
    be a thing ``keys`` lack (see :func:`.another.neighbour`, :func:`.another.noun`): the
    first word with a key, when it may be no cue's, is that word, unless the clause ends
    before it."""
    k = j + step
    while 0 <= k < len(r.words) and not r.keys[k]:
        k += step
    if not 0 <= k < len(r.words):
        return False
    if _may_be_cue(r.words[k]) or (k and _may_be_cue(r.words[k - 1])):
        return True  # a cue's words are passed over: the next may be the thing
    word = r.words[k]
    return r.keys[k] not in keys and (
        word.text[:1].isupper() or (k > 0 and r.words[k - 1].folded in DETERMINERS)
    )


def _may_be_cue(word: Word) -> bool:
    """Whether the word may be a cue's first (see :data:`.polarity.CUE_TOKENS`; "lacking",
    "failed" whatever their ending)."""
    return word.folded in CUE_TOKENS or word.stem in _CUE_STEMS


def _listed(side: Side, i: int, k: int) -> bool:
    """Whether a list word stands between words ``i`` and ``k``: "social workers and legal
    practitioners" names two things, no thing and what it does."""
    return any(w.folded in LISTING for w in side.words[min(i, k) + 1 : max(i, k)])


def _thing(side: Side, k: int) -> bool:
    """Whether word ``k`` reads as a thing: a name or a noun (see :func:`.another.noun`), or
    the first word of its sentence ("Smith attended")."""
    return not k or side.pol.sentence[k - 1] != side.pol.sentence[k] or noun(side, k)


def _denied_in_place(r: Side, clause: tuple[int, int], k: int, *, subject: bool) -> bool:
    """Whether the clause ``clause`` says no of word ``k`` in the place the sentence has it:
    a cue or a word that leaves it out after it for a ``subject`` ("Smith was absent"), before it
    for an object ("does not extend to Scotland"). "The motion was not opposed" says nothing of what
    was granted ("granted the motion" beside "granted the application")."""
    first, last = clause
    where = range(k + 1, last + 1) if subject else range(first, k)
    return any(n in r.pol.in_cue or r.words[n].stem in _LEFT_OUT for n in where)


def _says_no(words: list[Word]) -> bool:
    """Whether the region has a cue or a word that leaves a thing out (a cheap test before it
    is read)."""
    return any(w.folded in CUE_TOKENS or w.stem in _LEFT_OUT for w in words)


def _found(s: Side, r: Side, said: tuple[int, int], told: tuple[int, int]) -> Found:
    return Found(
        "roles",
        s.words[said[0]].start,
        s.words[said[1]].end,
        r.words[told[0]].start,
        r.words[told[1]].end,
    )
