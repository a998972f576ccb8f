"""Evidence: validation of the caller's list and the per-passage features, computed once.

Position 1 in the list is citation ``[1]``. Legal citations resolve against the ``law`` and
``article`` fields (``article`` may be ``30``, ``"30"`` or ``"30(2)"``: the first number counts);
passages without both fields never resolve a legal citation. Empty strings count as absent.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from . import limits
from .numbers import find_numbers, has_number_words, word_numbers
from .support import NEGATION_RE
from .terms import TERM_CACHE, TOKEN_RE, nfkc, terms_of, token_terms

_OPTIONAL_FIELDS = ("id", "title", "law", "article", "url")
_DIGITS_RE = re.compile(r"\d+")
_LABEL_DROP_RE = re.compile(r"[\W_]+")
_SEGMENT_RE = re.compile(r"[^\n.!?\u3002\uff01\uff1f]+[.!?\u3002\uff01\uff1f]*")
_MAX_SEGMENT_CHARS = 400
_MAX_POSTINGS = 128
_MISSING = object()
_MAX_CACHED_WINDOWS = 4096
_DIRECT_SEGMENTS = 40  # up to this many segments, intersect each one directly
WINDOW = 2
"""Segments (about sentences) of a passage that together must carry a sentence's terms."""


def label_key(label: str) -> str:
    """A law label folded for comparison: case, spacing and punctuation ignored, any script."""
    return _LABEL_DROP_RE.sub("", nfkc(label).casefold())


@dataclass(slots=True)
class Passage:
    """One evidence item; its terms, numbers and segments are computed on first use."""

    position: int
    text: str
    title: str = ""
    law: str = ""
    article: str = ""
    _terms: set[str] | None = None
    _numbers: set[str] | None = None
    _negated: bool | None = None
    _segments: list[tuple[int, int]] = field(default_factory=list)
    _segment_terms: list[set[str]] = field(default_factory=list)
    _postings: dict[str, list[int]] | None = None
    _windows: dict[frozenset[str], object] = field(default_factory=dict)

    @property
    def terms(self) -> set[str]:
        if self._terms is None:
            self._index()
        assert self._terms is not None
        return self._terms

    @property
    def numbers(self) -> set[str]:
        if self._numbers is None:
            keys: set[str] = set()
            for source in (self.text, self.title):
                for number in find_numbers(source):
                    keys |= number.keys
                if has_number_words(source):
                    for number in word_numbers(source, strict=False):
                        keys |= number.keys
            self._numbers = keys
        return self._numbers

    @property
    def negated(self) -> bool:
        if self._negated is None:
            self._negated = NEGATION_RE.search(self.text.casefold()) is not None
        return self._negated

    def best_window(self, wanted: set[str]) -> tuple[set[str], tuple[int, int]] | None:
        """The region of ``WINDOW`` consecutive segments (about sentences) holding most of
        ``wanted``: the terms found there and the region's span in the passage text."""
        terms = self.terms
        if not wanted or terms.isdisjoint(wanted):
            return None
        key = frozenset(wanted & terms)
        cached = self._windows.get(key, _MISSING)
        if cached is _MISSING:
            cached = self._window(key)
            if len(self._windows) < _MAX_CACHED_WINDOWS:
                self._windows[key] = cached
        return cached  # type: ignore[return-value]

    def _window(self, wanted: frozenset[str]) -> tuple[set[str], tuple[int, int]] | None:
        seg_terms = self._segment_terms
        if len(seg_terms) <= _DIRECT_SEGMENTS:
            hits = {i: found for i, seg in enumerate(seg_terms) if (found := wanted & seg)}
        else:
            hits = self._hits(wanted)
        best: set[str] = set()
        best_first = best_last = -1
        for first in sorted(hits):
            found = hits[first]
            last = first
            for seg in range(first + 1, first + WINDOW):
                more = hits.get(seg)
                if more:
                    found = found | more
                    last = seg
            if len(found) > len(best):
                best, best_first, best_last = found, first, last
        if best_first < 0:
            return None
        return set(best), (self._segments[best_first][0], self._segments[best_last][1])

    def _hits(self, wanted: frozenset[str]) -> dict[int, set[str]]:
        """Segment -> wanted terms in it, through an index (long passages)."""
        if self._postings is None:
            postings: dict[str, list[int]] = {}
            for index, seg in enumerate(self._segment_terms):
                for term in seg:
                    plist = postings.setdefault(term, [])
                    if len(plist) < _MAX_POSTINGS:
                        plist.append(index)
            self._postings = postings
        hits: dict[int, set[str]] = {}
        for term in wanted:
            for seg in self._postings.get(term, ()):
                hits.setdefault(seg, set()).add(term)
        return hits

    def _index(self) -> None:
        text = self.text
        cache_get = TERM_CACHE.get
        all_terms: set[str] = set()
        for m in _SEGMENT_RE.finditer(text):
            start, end = m.span()
            while end - start > _MAX_SEGMENT_CHARS:
                cut = text.rfind(" ", start + 1, start + _MAX_SEGMENT_CHARS)
                cut = cut if cut > start else start + _MAX_SEGMENT_CHARS
                self._add_segment(start, cut, cache_get, all_terms)
                start = cut
            self._add_segment(start, end, cache_get, all_terms)
        if self.title:
            all_terms |= terms_of(self.title)
        self._terms = all_terms

    def _add_segment(self, start: int, end: int, cache_get, all_terms: set[str]) -> None:
        chunk = self.text[start:end]
        seg: set[str] = set()
        for token in set(TOKEN_RE.findall(nfkc(chunk))):
            produced = cache_get(token)
            if produced is None:
                produced = token_terms(token)
            seg.update(produced)
        if not seg:
            return
        lead = len(chunk) - len(chunk.lstrip())
        trail = len(chunk) - len(chunk.rstrip())
        self._segments.append((start + lead, end - trail))
        self._segment_terms.append(seg)
        all_terms |= seg


def _field(item: Mapping, name: str, where: str, *, allow_int: bool = False) -> str:
    value = item.get(name)
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, (str, int) if allow_int else str):
        kind = "a string or an integer" if allow_int else "a string"
        raise ValueError(f"{where}: field '{name}' must be {kind}, not {type(value).__name__}")
    value = str(value)
    if len(value) > limits.MAX_FIELD_CHARS:
        raise ValueError(
            f"{where}: field '{name}' is {len(value)} characters; "
            f"MAX_FIELD_CHARS is {limits.MAX_FIELD_CHARS}"
        )
    return value


def load_evidence(evidence: Sequence[Mapping]) -> list[Passage]:
    """Validate the evidence list; ValueError names the position and field of a bad item."""
    if isinstance(evidence, (str, bytes, Mapping)) or not isinstance(evidence, Sequence):
        raise ValueError(f"evidence must be a list of mappings, not {type(evidence).__name__}")
    if len(evidence) > limits.MAX_PASSAGES:
        raise ValueError(
            f"evidence has {len(evidence)} passages; MAX_PASSAGES is {limits.MAX_PASSAGES}"
        )
    passages = []
    for position, item in enumerate(evidence, start=1):
        where = f"evidence item {position}"
        if not isinstance(item, Mapping):
            raise ValueError(f"{where} must be a mapping, not {type(item).__name__}")
        if "text" not in item or item["text"] is None:
            raise ValueError(f"{where}: field 'text' is required")
        text = item["text"]
        if not isinstance(text, str):
            raise ValueError(f"{where}: field 'text' must be a string, not {type(text).__name__}")
        if len(text) > limits.MAX_PASSAGE_CHARS:
            raise ValueError(
                f"{where}: field 'text' is {len(text)} characters; "
                f"MAX_PASSAGE_CHARS is {limits.MAX_PASSAGE_CHARS}"
            )
        values = {
            name: _field(item, name, where, allow_int=name in ("id", "article"))
            for name in _OPTIONAL_FIELDS
        }
        digits = _DIGITS_RE.search(nfkc(values["article"]))
        article = (digits.group(0).lstrip("0") or "0") if digits else ""
        passages.append(
            Passage(
                position=position,
                text=text,
                title=values["title"],
                law=values["law"].strip(),
                article=article,
            )
        )
    return passages


@dataclass(slots=True)
class LawIndex:
    """(law label, article) -> passage positions, with what a reviewer needs for a near miss."""

    articles: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)  # key -> label as first given
    _closest: dict[str, str | None] = field(default_factory=dict)

    @classmethod
    def build(cls, passages: list[Passage]) -> LawIndex:
        index = cls()
        for p in passages:
            if not p.law or not p.article:
                continue
            key = label_key(p.law)
            if not key:
                continue
            index.labels.setdefault(key, p.law)
            index.articles.setdefault(key, {}).setdefault(p.article, []).append(p.position)
        return index

    def resolve(self, law: str, article: str) -> tuple[list[int], str]:
        """Positions of every passage of that article, or [] and a reason naming the near miss."""
        key = label_key(law)
        by_article = self.articles.get(key)
        if by_article is not None:
            positions = by_article.get(article)
            if positions:
                return positions, ""
            label = self.labels[key]
            have = _and_list(sorted(by_article, key=_article_order))
            noun = "Article" if len(by_article) == 1 else "Articles"
            reason = (
                f"{law}, Article {article} was not in the evidence; "
                f"the evidence has {label} {noun} {have}"
            )
            elsewhere = [self.labels[k] for k, arts in self.articles.items() if article in arts]
            if elsewhere:
                reason += f" (Article {article} is given for {_and_list(elsewhere[:3])})"
            return [], reason
        if not self.labels:
            return [], f"no law '{law}' in the evidence; no passage carries a law and article"
        closest = self.closest(key)
        if closest is not None:
            return [], f"no law '{law}' in the evidence; closest: '{self.labels[closest]}'"
        given = _and_list([f"'{v}'" for v in list(self.labels.values())[:5]])
        more = " and others" if len(self.labels) > 5 else ""
        return [], f"no law '{law}' in the evidence; the evidence has {given}{more}"

    def closest(self, key: str) -> str | None:
        if key not in self._closest:
            if len(self._closest) >= 64:  # many distinct invented labels: stop searching
                return None
            match = difflib.get_close_matches(key, list(self.labels), n=1, cutoff=0.5)
            self._closest[key] = match[0] if match else None
        return self._closest[key]


def _article_order(article: str) -> tuple[int, str]:
    return (len(article), article)


def _and_list(items: list[str]) -> str:
    if len(items) > 8:
        items = [*items[:8], f"{len(items) - 8} more"]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
