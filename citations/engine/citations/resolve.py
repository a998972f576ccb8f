"""Citations resolved to passage positions, each distinct citation once per call."""

from __future__ import annotations

from ..support.passage import Passage
from ..wording import passages_phrase
from .lawindex import LawIndex
from .legalforms import article_noun
from .parse import ParsedCitation, position_value


class Resolved:
    """What one distinct citation resolves to, worked out once per call."""

    __slots__ = ("failure", "key", "passages", "positions", "reason", "where")

    def __init__(
        self,
        positions: list[int],
        reason: str,
        passages: list[Passage],
        where: str,
        failure: str = "",
    ):
        self.positions = positions  # 1-based, sorted and distinct; [] when unresolved
        self.key = tuple(positions)  # for Resolver.phrase
        self.reason = reason  # why it does not resolve; "" when it does
        self.passages = passages
        self.where = where  # "passage [2]" or "Labour Law, Article 30 (passages [1] and [2])"
        self.failure = failure  # legal, unresolved: "law", "article", "paragraph" or "point"


class Resolver:
    """Resolves citations to passage positions, each distinct citation once."""

    def __init__(self, passages: list[Passage]) -> None:
        self.passages = passages
        self._law_index: LawIndex | None = None
        # Keyed by the bracket as written: within one call (one style) it determines the rest.
        self._cache: dict[str, Resolved] = {}
        self._phrases: dict[tuple[int, ...], str] = {}

    def resolve(self, c: ParsedCitation) -> Resolved:
        hit = self._cache.get(c.raw)
        if hit is None:
            failure = ""
            if c.problem:
                positions, why = [], c.problem
            elif c.style == "numeric":
                positions, why = self._numeric(c)
            else:
                positions, why, failure = self._legal(c)
            cited = [self.passages[p - 1] for p in positions]
            where = where_of(c, positions) if positions else ""
            hit = self._cache[c.raw] = Resolved(positions, why, cited, where, failure)
        return hit

    def phrase(self, positions: tuple[int, ...]) -> str:
        """``passages_phrase`` of sorted positions; many sentences cite the same passages."""
        phrase = self._phrases.get(positions)
        if phrase is None:
            phrase = self._phrases[positions] = passages_phrase(positions)
        return phrase

    def _numeric(self, c: ParsedCitation) -> tuple[list[int], str]:
        n = len(self.passages)
        given = f"the evidence has {n} passage{'s' if n != 1 else ''}"
        positions: set[int] = set()
        for first_digits, last_digits in c.ranges:
            first, last = position_value(first_digits), position_value(last_digits)
            shown = first_digits if first_digits == last_digits else f"{first_digits}-{last_digits}"
            if first == 0 or last == 0:
                return [], f"[{shown}] points at 0; positions start at 1"
            if first is None or last is None or first > n or last > n:
                return [], f"[{shown}] points past the evidence list; {given}"
            if first > last:
                return [], f"range {shown} runs backwards"
            positions.update(range(first, last + 1))
        return sorted(positions), ""

    def _legal(self, c: ParsedCitation) -> tuple[list[int], str, str]:
        if self._law_index is None:
            self._law_index = LawIndex.build(self.passages)
        return self._law_index.resolve(c)


def where_of(c: ParsedCitation, positions: list[int]) -> str:
    if c.style == "legal":
        law = f"{c.law}, " if c.law else ""
        return f"{law}{article_noun(c.raw)} {c.article} ({passages_phrase(positions)})"
    return passages_phrase(positions)
