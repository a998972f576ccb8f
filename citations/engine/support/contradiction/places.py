"""Two mentions trading *places* without being linked (:mod:`.roles`): "escape the heat, taking
their liquid energy" against "escape the liquid, taking their heat energy". A place is a side
of a mention and the words out to the nearest key term ("escape the" on the left), or the
opening of a sentence."""

from __future__ import annotations

from ...text.words import Word, between
from .exchange import CLAUSE_BREAKS, SENTENCE_ENDS, Mention
from .exchange import DETERMINERS as _DETERMINERS
from .exchange import LISTING as _LISTING
from .exchange import SYMMETRIC as _SYMMETRIC
from .found import Found

# A mention's place: a side (-1 left, 1 right) and the words out to the nearest key term,
# stop-words between ("escape the" left of "liquid"), within one clause.
type _Place = tuple[int, tuple[str, ...]]
_PLACE_WORDS = 4


def places(
    text: str, words: list[Word], mentions: list[Mention]
) -> dict[frozenset[str], dict[_Place, tuple[int, int]]]:
    """Each mention key's places, each with the offsets of the mention standing there and of
    the words that make the place."""
    out: dict[frozenset[str], dict[_Place, tuple[int, int]]] = {}
    for m in mentions:
        for side, edge in ((-1, m.first), (1, m.last)):
            found = _place(text, words, edge, side)
            if found is not None and not set(found[0][1]) & _SYMMETRIC:
                place, reach = found
                first, last = min(m.first, reach), max(m.last, reach)
                out.setdefault(m.key, {}).setdefault(place, (words[first].start, words[last].end))
    return out


def _place(text: str, words: list[Word], edge: int, side: int) -> tuple[_Place, int] | None:
    """The place on ``side`` of the mention ending at word ``edge``, and the index of the last
    word it takes in."""
    seen: list[str] = []
    i = edge
    for _ in range(_PLACE_WORDS):
        j = i + side
        inside = 0 <= j < len(words)
        gap = between(text, words[min(i, j)].end, words[max(i, j)].start) if inside else ""
        mark = next((c for c in gap if c in CLAUSE_BREAKS), None)
        if mark is not None or not inside:
            if side < 0 and not seen and (not inside or mark in SENTENCE_ENDS):
                return (side, ("^",)), i  # opening a sentence: the subject's place
            # "to the special." is a place; a bare comma or "and" is a list's, of no order.
            if not mark or not seen or _LISTING.intersection(seen):
                return None
            return (side, (*seen, mark)), i
        if words[j].term:  # the anchor, by its key term
            return (side, (*seen, words[j].term)), j
        seen.append("the" if words[j].folded in _DETERMINERS else words[j].folded)
        i = j
    return None


def swapped(said_at, told_at, a: frozenset[str], b: frozenset[str]) -> Found | None:
    """A and B trading places: the sentence puts A where the region puts B, and B where the
    region puts A, and the region never puts either where the sentence does."""
    said_a, said_b = said_at.get(a, {}), said_at.get(b, {})
    told_a, told_b = told_at.get(a, {}), told_at.get(b, {})
    partners = a | b
    moved_a = [p for p in said_a if p in told_b and p not in told_a and _free(p, partners)]
    moved_b = [p for p in said_b if p in told_a and p not in told_b and _free(p, partners)]
    if moved_a and moved_b and moved_a[0] != moved_b[0]:
        x, y = moved_a[0], moved_b[0]
        spans = (said_a[x], said_b[y]), (told_b[x], told_a[y])
    else:
        # One of the two wholly in the other's place, both sides of it: "for their phrase
        # lives" where the region has "for their whole lives".
        whole = next((m for m in (moved_a, moved_b) if {p[0] for p in m} == {-1, 1}), None)
        if whole is None:
            return None
        x = next(p for p in whole if p[0] < 0)
        y = next(p for p in whole if p[0] > 0)
        here, there = (said_a, told_b) if whole is moved_a else (said_b, told_a)
        spans = (here[x], here[y]), (there[x], there[y])
    (s1, s2), (r1, r2) = spans
    return Found(
        "roles", min(s1[0], s2[0]), max(s1[1], s2[1]), min(r1[0], r2[0]), max(r1[1], r2[1])
    )


def _free(place: _Place, partners: frozenset[str]) -> bool:
    """The place is not marked by one of the pair itself ("A and B": no place of A's)."""
    return place[1][-1] not in partners
