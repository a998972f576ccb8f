"""One evidence passage: its key terms, numbers and segments, and the region search.

A passage is cut into segments (about sentences) by :mod:`.segments`; a sentence's terms are
looked for together in a region of ``WINDOW`` consecutive segments: for most passages by the
packed search of :mod:`.packed_region`, for long ones through a term -> segments index; either
is built the first time the passage is searched (a passage nobody cites costs nothing).
"""

from __future__ import annotations

import re
from collections.abc import Set

from ..text.numbers import Number, find_numbers, has_number_words, word_numbers
from ..text.terms import nfkc, terms_of
from ..text.units import unit_after
from . import packed_region, segments
from .packed_region import WINDOW

_NON_WORD_RE = re.compile(r"[\W_]+")
_MAX_POSTINGS = 128
_MAX_CACHED_WINDOWS = 4096


class Passage:
    """One evidence item; its terms, numbers and segments are computed on first use.

    A plain ``__slots__`` class (not a dataclass with default factories): one is built per
    passage per call, and its caches start empty without a factory call each.
    """

    __slots__ = (
        "_compact",
        "_digit_numbers",
        "_fields",
        "_number_units",
        "_numbers",
        "_pair_text",
        "_postings",
        "_segment_terms",
        "_segments",
        "_singles",
        "_terms",
        "_title_terms",
        "_windows",
        "_words",
        "aliases",
        "article",
        "law",
        "paragraph",
        "point",
        "position",
        "text",
        "title",
    )

    def __init__(
        self,
        position: int,
        text: str,
        title: str = "",
        law: str = "",
        article: str = "",
        *,
        paragraph: str = "",
        point: str = "",
        aliases: tuple[str, ...] = (),
    ) -> None:
        self.position = position
        self.text = text
        self.title = title
        self.law = law
        self.article = article  # canonical (legalforms.article_key): "5", "L1234-1"
        self.paragraph = paragraph  # canonical (legalforms.part_key); "" for the whole article
        self.point = point
        self.aliases = aliases  # other names of the same law
        self._terms: frozenset[str] | None = None
        self._title_terms: frozenset[str] | None = None
        self._numbers: set[str] | None = None
        self._digit_numbers: set[str] | None = None
        self._number_units: dict[str, dict[str, str]] = {}
        self._pair_text: str | None = None  # see pair_text
        self._compact: str | None = None
        self._segments: list[tuple[int, int]] = []
        self._segment_terms: list[set[str]] = []
        self._singles: list[str] | None = None  # see word_terms
        self._words: list[str] | None = None  # see ascii_words
        self._fields: packed_region.Fields | None = None  # see _packed_region
        self._postings: dict[str, list[int]] | None = None  # see _region
        self._windows: dict[frozenset[str], tuple[frozenset[str], tuple[int, int]] | None] = {}

    def __repr__(self) -> str:
        return f"Passage(position={self.position}, text={self.text[:40]!r})"

    @property
    def terms(self) -> frozenset[str]:
        """Every key term of the passage and its title (a frozenset, so that
        ``terms.intersection(...)`` is a frozenset too: a ready key for the window cache)."""
        if self._terms is None:
            self._index()
        assert self._terms is not None
        return self._terms

    @property
    def title_terms(self) -> frozenset[str]:
        if self._title_terms is None:
            self._title_terms = frozenset(terms_of(self.title)) if self.title else frozenset()
        return self._title_terms

    @property
    def digit_numbers(self) -> set[str]:
        """The keys of the numbers written with digits."""
        if self._digit_numbers is None:
            self._digit_numbers, self._number_units = self._read_numbers()
        return self._digit_numbers

    def units_of(self, key: str) -> dict[str, str]:
        """The units written after the passage's numbers of ``key``, each with the number and
        its unit as written ("30 days": {"day": "30 days"}), in digits or words ("six months"
        for 6): its number words are read once a sentence asks."""
        if self._numbers is None:
            self._numbers = self._read_word_numbers()
        return self._number_units.get(key, {})

    def _read_numbers(self) -> tuple[set[str], dict[str, dict[str, str]]]:
        keys: set[str] = set()
        units: dict[str, dict[str, str]] = {}
        for source in (self.text, self.title):
            for number in find_numbers(source):
                keys |= number.stated
                _note_unit(units, source, number)
        return keys, units

    @property
    def numbers(self) -> set[str]:
        """Every number key of the text and title, in digits or English words (a search
        costing twice the digits' one: see :func:`.support.numbers_of`)."""
        if self._numbers is None:
            self._numbers = self._read_word_numbers()
        return self._numbers

    def _read_word_numbers(self) -> set[str]:
        """The digits' keys and the number words', whose units join the digits' ones."""
        keys = set(self.digit_numbers)
        for source in (self.text, self.title):
            if has_number_words(source):
                for number in word_numbers(source, strict=False):
                    keys |= number.keys
                    _note_unit(self._number_units, source, number)
        return keys

    @property
    def pair_text(self) -> str:
        """Each token's one term in text order, space-separated and padded, a token without one
        left empty (two spaces): " a b " is in it when the text writes terms a and b side by
        side. Built with the segments for most passages, on first use for very long ones."""
        if self._pair_text is None:
            self._pair_text = segments.pair_text_of(self.text)
        return self._pair_text

    def pairs_missing(self, pairs: frozenset[tuple[str, str]]) -> frozenset[tuple[str, str]]:
        """The term pairs of ``pairs`` the text never writes side by side: each looked for in
        :attr:`pair_text` by one substring search (a sentence asks for a few pairs; building
        every word pair of the passage cost 176,000 instructions a 300-word passage)."""
        text = self.pair_text
        return frozenset([pair for pair in pairs if f" {pair[0]} {pair[1]} " not in text])

    @property
    def word_terms(self) -> list[str] | None:
        """Each word's one key term in text order ("" for none) from the index's own pass, for
        an ASCII text whose segments are short enough (nearly all); None for the others. Kept
        so that proximity numbers the terms without cutting the text again."""
        if self._terms is None:
            self._index()
        return self._singles

    @property
    def ascii_words(self) -> list[str] | None:
        """The words :attr:`word_terms` maps (runs of [A-Za-z0-9_], as written) in text order,
        for the same texts; None for the others. Kept so that the contradiction checks' tests
        read a passage's words without cutting its text again."""
        if self._terms is None:
            self._index()
        return self._words

    @property
    def compact(self) -> str:
        """The text case-folded without spaces or punctuation, for words mixing letters and
        digits ("TiO2" meets "TiO-2")."""
        if self._compact is None:
            self._compact = _NON_WORD_RE.sub("", nfkc(self.text).casefold())
        return self._compact

    def best_window(self, wanted: set[str]) -> tuple[frozenset[str], tuple[int, int]] | None:
        """The region of ``WINDOW`` consecutive segments (about sentences) holding most of
        ``wanted``: the terms found there and the region's span in the passage text."""
        terms = self.terms
        if not wanted or terms.isdisjoint(wanted):
            return None
        return self.window_of(terms.intersection(wanted))

    def window_of(self, found: frozenset[str]) -> tuple[frozenset[str], tuple[int, int]] | None:
        """:meth:`best_window` for terms already known to be in the passage (``found``).
        Cached per passage: the result (a frozenset and a span) is shared, never changed."""
        if found in self._windows:
            return self._windows[found]
        # Both searches give the same region (the earliest with most terms). The packed one
        # takes 2,000 x 100 in benchmarks/engine.py from about 30x to about 13x the findall
        # pass, but its memory grows with terms x segments: long passages use the index (as
        # do sentences of over packed_region.MAX_TERMS terms, rare, whose counts would overflow).
        if packed_region.fits(len(self._segments), len(found)):
            window = self._packed_region(found)
        else:
            window = self._region(found)
        if len(self._windows) < _MAX_CACHED_WINDOWS:
            self._windows[found] = window
        return window

    def _packed_region(
        self, wanted: frozenset[str]
    ) -> tuple[frozenset[str], tuple[int, int]] | None:
        fields = self._fields
        if fields is None:
            fields = self._kept_fields()
        listed = fields.listed
        if listed is not None and not listed.issuperset(wanted):  # (terms expect was not told)
            packed_region.list_fields(fields, self._segment_terms, wanted)
        found = packed_region.region(fields, self._segment_terms, wanted)
        return None if found is None else (found[0], self._span(found[1], found[2]))

    def expect(self, terms: Set[str]) -> None:
        """Be ready for the region search of ``terms``, those of the sentences citing the
        passage: for the packed search, their fields listed at once (see :mod:`.listing`)."""
        if self.terms and len(self._segments) <= packed_region.MAX_SEGMENTS:
            packed_region.list_fields(self._kept_fields(), self._segment_terms, terms)

    def _kept_fields(self) -> packed_region.Fields:
        fields = self._fields
        if fields is None:  # a passage nobody cites costs nothing
            fields = self._fields = packed_region.kept_fields(self.text)
        return fields

    def _region(self, wanted: frozenset[str]) -> tuple[frozenset[str], tuple[int, int]] | None:
        """The earliest region of ``WINDOW`` segments holding most of ``wanted`` (all in the
        passage), counted from a segment that has one; through the term -> segments index."""
        hits = self._hits(wanted)
        if not hits:
            return None
        if len(hits) == 1:  # no regions to compare
            ((first, found),) = hits.items()
            return frozenset(found), self._span(first, first)
        best: set[str] = set()
        best_first = best_last = -1
        everything = len(wanted)
        for first in sorted(hits):  # ascending, and only a larger count wins: earliest on ties
            found = hits[first]
            last = first
            for seg in range(first + 1, first + WINDOW):
                more = hits.get(seg)
                if more:
                    found = found | more
                    last = seg
            if len(found) > len(best):
                best, best_first, best_last = found, first, last
                if len(best) == everything:
                    break  # no later region can have more
        return frozenset(best), self._span(best_first, best_last)

    def _hits(self, wanted: frozenset[str]) -> dict[int, set[str]]:
        """Segment -> the wanted terms in it, through the term -> segments index."""
        postings = self._postings
        if postings is None:
            postings = self._postings = self._build_postings()
        hits: dict[int, set[str]] = {}
        for term in wanted:
            for seg in postings.get(term, ()):
                found = hits.get(seg)
                if found is None:
                    hits[seg] = {term}
                else:
                    found.add(term)
        return hits

    def _build_postings(self) -> dict[str, list[int]]:
        # Built on the first window asked of this passage: a passage nobody cites costs nothing.
        # Capped per term, so a word on every line of a huge passage costs no more than this.
        postings: dict[str, list[int]] = {}
        for index, seg in enumerate(self._segment_terms):
            for term in seg:
                plist = postings.get(term)
                if plist is None:
                    postings[term] = [index]
                elif len(plist) < _MAX_POSTINGS:
                    plist.append(index)
        return postings

    def _index(self) -> None:
        """Cut the passage into segments (about sentences) and collect each one's terms
        (:func:`.segments.index`), with what the same pass gives of the text."""
        cut = segments.index(self.text)
        self._segments, self._segment_terms, pair_text, self._singles, self._words = cut
        if pair_text is not None:  # (None for a text with very long segments: on first use)
            self._pair_text = pair_text
        self._terms = frozenset().union(*self._segment_terms, self.title_terms)

    def _span(self, first: int, last: int) -> tuple[int, int]:
        """Segments ``first`` to ``last`` in the passage text, without surrounding whitespace."""
        end = self._segments[last][1]
        # str.strip's whitespace is str.isspace's; two C calls instead of a loop per character.
        rest = self.text[self._segments[first][0] : end].lstrip()
        start = end - len(rest)
        return start, start + len(rest.rstrip())


def _note_unit(units: dict[str, dict[str, str]], source: str, number: Number) -> None:
    """Records the unit written after a plain ``number`` of ``source``, under its keys, with
    the two as written ("six months")."""
    unit = unit_after(source, number.end) if not number.kind else None
    if unit is not None:
        name, word = unit
        written = source[number.start : source.index(word, number.end) + len(word)]
        for key in number.keys:
            units.setdefault(key, {}).setdefault(name, written)
