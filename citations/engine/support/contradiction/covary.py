"""The covariation reading of the ``opposite`` check: two quantities that go together one way
in the sentence and the other way in the region.

A text may tie two quantities in one sentence, each with a direction: a comparative ("at lower
altitudes", "less blood") or a verb of change ("the altitude increases", "pressure is
reduced"). Which word says the direction may differ between the texts ("lower altitudes"
against "as the altitude increases"), so a direction alone compares with nothing; the two
together say whether the quantities move alike or apart, whichever words say it. The sentence
contradicts where the region's sentence speaks of the same two quantities, each of its own
(what a direction is said of: the key terms of the content words beside it), and they move
alike in one text and apart in the other: "at lower altitudes, the pressure ... is reduced"
against "as the altitude increases, the pressure ... decreases". Both sides are quoted, from
the first direction word to the second.
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from ...text.words import Word
from .change_verbs import CHANGE_SIGN
from .found import Found
from .polarity import Polarity, polarity

# Comparatives say a direction of the quantity their noun names, after them ("lower altitudes");
# "more" and "less" are left out, mostly degrees of a word ("more quickly"), no quantity.
_COMPARATIVE = {
    **dict.fromkeys(("higher", "greater", "larger", "bigger"), 1),
    **dict.fromkeys(("lower", "smaller", "fewer"), -1),
}
# Verbs of change (the direction reading's, one list) say it of their subject, before them ("the
# altitude increases"; "pressure is reduced"), or of their object where nothing of their clause
# stands before ("reduces costs").
_VERB = CHANGE_SIGN
_SIGN = {**_COMPARATIVE, **_VERB}
_WORDS = frozenset(_SIGN)
TEST_WORDS = _WORDS  # lower-cased tokens holding none: may_find is False
_REACH = 4  # content words of its clause that say what a direction is said of


class _Moved(NamedTuple):
    """A direction the text says of a quantity: its word, its sign, the sentence it stands in
    and the key terms beside it."""

    at: int
    first: int  # where the saying begins: its subject's first word, or the direction word
    last: int  # and ends: the direction word (a verb's), or its noun's last word
    sign: int
    sentence: int
    things: frozenset[str]


def may_find(words: list[str]) -> bool:
    """Whether the sentence (of ``words``, lower-cased) may tie two quantities: two direction
    words."""
    if _WORDS.isdisjoint(words):  # (one pass in C: most sentences hold none)
        return False
    said = _WORDS.intersection(words)
    return len(said) > 1 or words.count(next(iter(said))) > 1


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    said = _moved(sentence_words, polarity(sentence, sentence_words))
    if len(said) < 2:
        return []
    told = _moved(region_words, polarity(region, region_words))
    # the region may name the two quantities in either order
    either = [p for c, d in _pairs(told) for p in ((c, d), (d, c))]
    for a, b in _pairs(said):
        for c, d in either:
            crossed = _same(a, d) or _same(b, c)
            if _match(a, c) and _match(b, d) and not crossed and a.sign * b.sign != c.sign * d.sign:
                mine = sentence_words[a.first].start, sentence_words[b.last].end
                first, last = (c, d) if c.at < d.at else (d, c)
                theirs = region_words[first.first].start, region_words[last.last].end
                return [Found("opposite", *mine, *theirs)]
    return []


def _pairs(moved: list[_Moved]) -> list[tuple[_Moved, _Moved]]:
    """Two directions in one sentence, of quantities that share nothing (two things)."""
    return [
        (a, b) for a, b in combinations(moved, 2) if a.sentence == b.sentence and not _same(a, b)
    ]


def _same(a: _Moved, b: _Moved) -> bool:
    return not a.things.isdisjoint(b.things)


def _match(a: _Moved, b: _Moved) -> bool:
    """Whether two directions are said of one quantity: two things in common, or all of the
    fewer things one says ("altitudes" against "the altitude")."""
    return len(a.things & b.things) >= min(2, len(a.things), len(b.things))


def _moved(words: list[Word], pol: Polarity) -> list[_Moved]:
    """Every direction word the text asserts (a negated one says no direction: "did not
    rise"), with what it is said of."""
    out = []
    for i, w in enumerate(words):
        sign = _SIGN.get(w.folded)
        if sign is None or pol.negated[i]:
            continue
        first, things = _of(words, pol.clause, i, -1) if w.folded in _VERB else (i, frozenset())
        last = i
        if not things:
            first, (last, things) = i, _of(words, pol.clause, i, 1)
        if things:
            out.append(_Moved(i, first, last, sign, pol.sentence[i], things))
    return out


def _of(words: list[Word], clause: list[int], i: int, step: int) -> tuple[int, frozenset[str]]:
    """The key terms of the ``_REACH`` content words of ``words[i]``'s clause from it, before
    (``step`` -1) or after (1), up to another direction word; and where the last one read
    stands (``i`` when none)."""
    out: set[str] = set()
    k, last = i + step, i
    while 0 <= k < len(words) and len(out) < _REACH and clause[k] == clause[i]:
        if words[k].folded in _SIGN:
            break
        if words[k].term:
            out.add(words[k].term)
            last = k
        k += step
    return last, frozenset(out)
