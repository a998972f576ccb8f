"""The law index: legal citations ``[Law, Article n]`` resolved to passage positions."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from .passage import Passage
from .terms import nfkc

_LABEL_DROP_RE = re.compile(r"[\W_]+")


def label_key(label: str) -> str:
    """A law label folded for comparison: case, spacing and punctuation ignored, any script."""
    return _LABEL_DROP_RE.sub("", nfkc(label).casefold())


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
