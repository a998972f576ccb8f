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

from .exchange import DETERMINERS
from .polarity import soft_near

if TYPE_CHECKING:
    from .negation import _Side

_REACH = 8  # words around the sentence's own thing in the region that may say no of it


def told_of_another(a: _Side, i: int, b: _Side, j: int, b_at: Mapping[str, Sequence[int]]) -> bool:
    """Whether ``b`` asserts the word at ``j`` of another thing than ``a`` denies word ``i``
    of: the content word next to it in its clause (before it, the subject; after it, the
    object) is a name or noun ``a`` lacks, where ``a``'s word in that place is one ``b`` says
    no of in other sentences only."""
    for step in (-1, 1):
        mine, theirs = _neighbour(a, i, step), _neighbour(b, j, step)
        if mine < 0 or theirs < 0:
            continue
        key = a.keys[mine]
        if (
            b.keys[theirs] not in a.keys
            and _noun(b, theirs)
            and _denied_elsewhere(b, j, b_at.get(key, ()))
        ):
            return True
    return False


def _denied_elsewhere(b: _Side, j: int, at: Sequence[int]) -> bool:
    """Whether ``at`` (where ``b`` has a key) all stand in other sentences than word ``j``,
    one of them near a word that says no ("Smith was absent", "does not extend to
    Scotland")."""
    here = b.pol.sentence
    return (
        bool(at)
        and all(here[k] != here[j] for k in at)
        and any(soft_near(b.words, b.pol, k, _REACH, frozenset()) for k in at)
    )


def _noun(side: _Side, k: int) -> bool:
    """Whether word ``k`` reads as a name (capitalised inside its sentence) or as a noun (after
    a determiner): an adverb ("who actually sings") is neither."""
    if not k:
        return False
    if side.words[k].text[:1].isupper() and side.pol.sentence[k - 1] == side.pol.sentence[k]:
        return True
    # (no "that" among them: "that sometimes pumps" opens a clause, not a noun)
    return side.words[k - 1].folded in DETERMINERS


def _neighbour(side: _Side, i: int, step: int) -> int:
    """The nearest content word before (``step`` -1) or after (1) word ``i`` in its clause,
    past any cue; -1 if none."""
    clause, k = side.pol.clause, i + step
    while 0 <= k < len(side.words) and clause[k] == clause[i]:
        if side.keys[k] and k not in side.pol.in_cue:
            return k
        k += step
    return -1
