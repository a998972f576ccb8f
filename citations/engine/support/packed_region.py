"""The region search of :class:`.passage.Passage` as one big-integer sum, its bytes read in C.

For passages of at most ``MAX_SEGMENTS`` segments (nearly all; beyond, memory would grow with
terms x segments) and sentences of at most ``MAX_TERMS`` terms: each term's *fields* (one
``FIELD_BITS`` field per segment) are summed over the wanted terms, and no count overflows its
half byte (the low half counts the terms of the region starting there, the high half its first
segment's).
"""

from __future__ import annotations

import functools
from collections.abc import Set

from ..text.terms import current
from .listing import Listing

WINDOW = 3
"""Segments (about sentences) of a passage that together must carry a sentence's terms."""
FIELD_BITS = 8
MAX_TERMS = 15
MAX_SEGMENTS = 64
# A byte's region count when its first segment holds a wanted term, else 0 (see region).
_REGION_COUNT = bytes(b & MAX_TERMS if b > MAX_TERMS else 0 for b in range(256))
# A term in segment s counts in the regions starting at s - WINDOW + 1 to s (the low halves
# of their fields) and in segment s (the high half of its field).
_SEGMENT_FIELDS = [
    (MAX_TERMS + 1) << (FIELD_BITS * s)
    | sum(1 << (FIELD_BITS * first) for first in range(max(0, s - WINDOW + 1), s + 1))
    for s in range(MAX_SEGMENTS)
]


def fits(segments: int, terms: int) -> bool:
    """Whether a passage of ``segments`` segments can be searched here for ``terms`` terms."""
    return segments <= MAX_SEGMENTS and terms <= MAX_TERMS


class Fields(Listing[int]):
    """Term -> its fields (see :func:`region`), for the terms listed so far."""


def kept_fields(text: str) -> Fields:
    """The text's fields, kept per text and language for the next passage of that text."""
    return _kept_fields(text, current().name)


def list_fields(fields: Fields, segment_terms: list[set[str]], terms: Set[str] | None) -> None:
    """``terms`` (every term when None) listed in ``fields`` where they are not yet."""
    new = fields.take(terms)
    if new is None or new:
        add_fields(fields, segment_terms, new)


def region(
    fields: dict[str, int], segment_terms: list[set[str]], wanted: frozenset[str]
) -> tuple[frozenset[str], int, int] | None:
    """The earliest region of ``WINDOW`` segments holding most of ``wanted``: the terms found
    there and its first and last segment holding one.

    ``fields[term]`` holds one field per segment ``f``: 1 in its low half when the term is in
    the region starting there (segments ``f`` to ``f + WINDOW - 1``), 1 in its high half when
    the term is in segment ``f``. Summed over the wanted terms, the fields count every region's
    terms and every segment's at once. Regions start on a segment holding a wanted term: the
    others' counts are dropped (none is more than the next region's, which keeps all but an
    empty segment), and the first best count left is the region, which runs to its last segment
    holding a wanted term.
    """
    n = len(segment_terms)
    if not n:
        return None  # a passage whose words are all in its title
    total = 0  # (a loop: 0.42 us for 5 terms, where sum(map(fields.get, ...)) takes 0.69)
    for term in wanted:
        total += fields.get(term, 0)  # (0: a term of the title only)
    counts = total.to_bytes(n, "little")
    regions = counts.translate(_REGION_COUNT)
    best = len(wanted)
    first = regions.find(best)  # all in one region (usual): no maximum to take
    if first < 0:
        best = max(regions)
        if not best:
            return None  # terms of the title only
        first = regions.index(best)
    # Segments read in the high halves instead of by set.isdisjoint: 2.1 -> 1.65 us a region.
    last = min(first + WINDOW, n) - 1
    while counts[last] <= MAX_TERMS:
        last -= 1
    if best == len(wanted):  # all in one region: found are the wanted terms
        return wanted, first, last
    found: set[str] = set()
    for seg in segment_terms[first : last + 1]:
        found |= wanted.intersection(seg)
    return frozenset(found), first, last


def add_fields(
    fields: dict[str, int], segment_terms: list[set[str]], only: Set[str] | None
) -> None:
    """The fields of every term (of ``only`` when given), in one pass over the segments'
    terms: each segment holding the term sets its own and the fields of the regions holding it
    (``_SEGMENT_FIELDS``). Looking through every segment for each term a sentence asks took
    2.7 us a term, this pass 0.2 us a term of the passage (2,000 x 100 on new passages, about
    60 terms asked of each: 1,265 -> 1,184 M instructions a call; 20 x 10, a few asked: 35.6
    -> 37.0 M); only the terms asked of the passage, a segment's picked in C: 20 x 10 on new
    passages, 25.37 -> 23.19 M."""
    get = fields.get
    for bits, seg in zip(_SEGMENT_FIELDS, segment_terms, strict=False):
        for term in seg if only is None else only.intersection(seg):
            # A term's first segment gives its fields as they are: "0 | bits" built a new
            # integer of up to 64 bytes for each (20 x 10: 29.78 -> 29.52 M a call).
            prev = get(term)
            fields[term] = bits if prev is None else prev | bits


# A text's fields come from its segments and their terms, which its language makes: kept per
# text, as proximity keeps its positions, for the next call citing the passage (the same statute
# cited again, an answer verified again); empty for a text not seen lately, then listed as
# its terms are asked.
@functools.lru_cache(maxsize=256)
def _kept_fields(text: str, language: str) -> Fields:
    return Fields()
