"""Whether a region asserts a verb the sentence denies of another thing than the sentence's.

"Smith did not attend the hearing" beside "Smith was absent; his lawyer attended the hearing":
the region's "attended" has another subject, and of the sentence's own ("Smith") it says no
elsewhere. Likewise "does not apply to Scotland" beside "The Act applies to England and Wales.
It does not extend to Scotland", with another object. The region then agrees with the
sentence, in other words, and its assertion contradicts nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ...text.words import between
from .exchange import DETERMINERS
from .names import opens_name
from .polarity import soft_near

if TYPE_CHECKING:
    from .negation import Side

_SENTENCE_ENDS = frozenset(".!?\n")
REACH = 8  # words around the sentence's own thing in the region that may say no of it


def told_of_another(a: Side, i: int, b: Side, j: int, b_at: Mapping[str, Sequence[int]]) -> bool:
    """Whether ``b`` asserts the word at ``j`` of another thing than ``a`` denies word ``i``
    of (see :func:`another`)."""
    return another(a, i, b, j, b_at, b.pol.sentence) is not None


def another(
    a: Side,
    i: int,
    b: Side,
    j: int,
    b_at: Mapping[str, Sequence[int]],
    apart: Sequence[int],
) -> tuple[int, int, int] | None:
    """Where ``b`` has the word at ``j`` of another thing than ``a`` has word ``i`` of: the
    content word next to it in its clause (before it, the subject; after it, the object) is a
    name or noun ``a`` lacks, where ``a``'s word in that place is one ``b`` says no of only
    apart from word ``j`` (in other parts of ``apart``: its sentences, or its clauses). The
    indexes of ``a``'s thing, ``b``'s other thing and where ``b`` says no of ``a``'s; None
    when it has no other."""
    for step in (-1, 1):
        mine, theirs = neighbour(a, i, step), neighbour(b, j, step)
        if mine < 0 or theirs < 0:
            continue
        if b.keys[theirs] in a.keys or not noun(b, theirs):
            continue
        denied = _denied_apart(b, j, b_at.get(a.keys[mine], ()), apart)
        if denied >= 0:
            return mine, theirs, denied
    return None


def _denied_apart(b: Side, j: int, at: Sequence[int], apart: Sequence[int]) -> int:
    """Where ``b`` says no of its key at ``at`` ("Smith was absent", "does not extend to
    Scotland"): the first of them near a word that says no, all standing in other parts of
    ``apart`` than word ``j``; -1 if none."""
    if any(apart[k] == apart[j] for k in at):
        return -1
    return next((k for k in at if soft_near(b.words, b.pol, k, REACH, frozenset())), -1)


def noun(side: Side, k: int) -> bool:
    """Whether word ``k`` reads as a name (capitalised inside its sentence: after a semicolon
    too, which opens no sentence, "did not appeal; Jones appealed"; opening one, the text's
    first word too, where the text reads it as a name: see :mod:`.names`) or as a noun (after
    a determiner): an adverb ("who actually sings") is neither."""
    gap = between(side.text, side.words[k - 1].end, side.words[k].start) if k else "."  # opens one
    if side.words[k].text[:1].isupper() and (_SENTENCE_ENDS.isdisjoint(gap) or opens_name(side, k)):
        return True
    # (no "that" among them: "that sometimes pumps" opens a clause, not a noun)
    return k > 0 and side.words[k - 1].folded in DETERMINERS


def neighbour(side: Side, i: int, step: int) -> int:
    """The nearest content word before (``step`` -1) or after (1) word ``i`` in its clause,
    past any cue; -1 if none."""
    clause, k = side.pol.clause, i + step
    while 0 <= k < len(side.words) and clause[k] == clause[i]:
        if side.keys[k] and k not in side.pol.in_cue:
            return k
        k += step
    return -1
