"""The law index: legal citations resolved to passages, to the most specific unit given.

A citation of Article 5(1)(a) resolves to the passages of Article 5 when the evidence does not
split Article 5 further, to those of 5(1) or 5(1)(a) when it does, and to nothing when the
evidence gives Article 5 only as paragraph 2. When it resolves to nothing, ``failure`` names the
level ("law", "article", "paragraph", "point") and the reason what is nearest.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from ..support.passage import Passage
from .lawnames import KNOWN_KEYS, initials_key, label_key
from .legalforms import Unit, article_noun, tail_number
from .parse import ParsedCitation

FOLLOWING = 9  # "ff." reads as at most the nine articles after the one named


@dataclass(slots=True)
class LawIndex:
    """law -> article -> passages, with the names every law goes by."""

    keys: dict[str, int] = field(default_factory=dict)  # folded name -> law
    known: dict[int, int] = field(default_factory=dict)  # KNOWN_LAWS group -> law
    labels: list[str] = field(default_factory=list)  # law -> label as first given
    articles: list[dict[str, list[Passage]]] = field(default_factory=list)
    _closest: dict[str, int | None] = field(default_factory=dict)

    @classmethod
    def build(cls, passages: list[Passage]) -> LawIndex:
        index = cls()
        for p in passages:
            if not p.law or not p.article:
                continue
            names = [label_key(n) for n in (p.law, *p.aliases)]
            names += [initials_key(n) for n in (p.law, *p.aliases)]
            names = [n for n in names if n]
            if not names:
                continue
            law = index._law_of(names)
            if law is None:
                law = len(index.labels)
                index.labels.append(p.law)
                index.articles.append({})
            for name in names:
                index.keys.setdefault(name, law)
                if name in KNOWN_KEYS:
                    index.known.setdefault(KNOWN_KEYS[name], law)
            index.articles[law].setdefault(p.article, []).append(p)
        return index

    def _law_of(self, names: list[str]) -> int | None:
        for name in names:
            if name in self.keys:
                return self.keys[name]
            if KNOWN_KEYS.get(name) in self.known:
                return self.known[KNOWN_KEYS[name]]
        return None

    def resolve(self, c: ParsedCitation) -> tuple[list[int], str, str]:
        """(positions, reason, failure level); positions [] when it does not resolve."""
        if not self.labels:
            named = c.law or c.raw
            return [], f"no '{named}' in the evidence; no passage carries a law and article", "law"
        if c.law:
            law = self._law_of([label_key(c.law), initials_key(c.law)])
            if law is None:
                return [], self._no_law(c.law), "law"
        else:
            found = [k for k, arts in enumerate(self.articles) if c.units[0].article in arts]
            if len(found) != 1:
                return [], self._which_law(c, found), "law" if found else "article"
            law = found[0]
        by_article = self.articles[law]
        chosen: dict[int, None] = {}
        for unit in c.units:
            passages = by_article.get(unit.article)
            if not passages:
                return [], self._no_article(c, law, unit.article), "article"
            best, level = _most_specific(unit, passages)
            if not best:
                return [], self._no_part(c, law, unit, passages, level), level
            chosen.update(dict.fromkeys(p.position for p in best))
        if c.following:
            chosen.update(dict.fromkeys(self._following(law, c.units[-1].article)))
        return sorted(chosen), "", ""

    def _following(self, law: int, article: str) -> list[int]:
        head, number = tail_number(article)
        positions = []
        for other, passages in self.articles[law].items():
            h, n = tail_number(other)
            if h == head and n is not None and number is not None and 0 < n - number <= FOLLOWING:
                positions += [p.position for p in passages]
        return positions

    def _no_law(self, law: str) -> str:
        key = label_key(law)
        if key not in self._closest and len(self._closest) < 64:  # bounded: invented labels
            keys = [label_key(x) for x in self.labels]
            match = difflib.get_close_matches(key, keys, 1, 0.5)
            self._closest[key] = keys.index(match[0]) if match else None
        closest = self._closest.get(key)
        if closest is not None:
            return f"no '{law}' in the evidence; it has '{self.labels[closest]}' (the closest)"
        given = and_list([f"'{v}'" for v in self.labels[:5]])
        more = " and others" if len(self.labels) > 5 else ""
        return f"no '{law}' in the evidence; it has {given}{more}"

    def _which_law(self, c: ParsedCitation, found: list[int]) -> str:
        noun = article_noun(c.raw)
        article = c.units[0].article
        if found:
            laws = and_list([self.labels[k] for k in found[:5]])
            return f"'{c.raw}' names no law, and {noun} {article} is given for {laws}"
        given = and_list([self._articles_phrase(k, noun) for k in range(len(self.labels))[:3]])
        return f"{noun} {article} is not in the evidence; it has {given}"

    def _articles_phrase(self, law: int, noun: str) -> str:
        have = sorted(self.articles[law], key=_article_order)
        plural = noun if len(have) == 1 or noun == "§" else f"{noun}s"
        return f"{self.labels[law]} {plural} {and_list(have)}"

    def _no_article(self, c: ParsedCitation, law: int, article: str) -> str:
        noun = article_noun(c.raw)
        verb = "is" if len(self.articles[law]) == 1 else "are"
        reason = f"{self._articles_phrase(law, noun)} {verb} in the evidence, not {article}"
        elsewhere = [self.labels[k] for k, arts in enumerate(self.articles) if article in arts]
        if elsewhere:
            reason += f" ({noun} {article} is given for {and_list(elsewhere[:3])})"
        return reason

    def _no_part(
        self, c: ParsedCitation, law: int, unit: Unit, passages: list[Passage], level: str
    ) -> str:
        noun = article_noun(c.raw)
        if level == "paragraph":
            name = f"{noun} {unit.article}"
            given = sorted({p.paragraph for p in passages}, key=_article_order)
        else:
            name = f"{noun} {unit.article}({unit.paragraph})"
            given = sorted({p.point for p in passages if p.point}, key=_article_order)
        plural = level if len(given) == 1 else f"{level}s"
        return f"{self.labels[law]} {name} is given only as {plural} {and_list(given)}"


def _most_specific(unit: Unit, passages: list[Passage]) -> tuple[list[Passage], str]:
    """The passages of the article that hold ``unit``, the most specific kept; when none, the
    level at which they part ("paragraph" or "point")."""
    depth = 1 + bool(unit.paragraph) + bool(unit.point and unit.paragraph)
    scored = []
    level = "paragraph"
    for p in passages:
        if unit.paragraph and p.paragraph and p.paragraph != unit.paragraph:
            continue
        if unit.point and p.point and p.point != unit.point:
            level = "point"
            continue
        scored.append((min(1 + bool(p.paragraph) + bool(p.point), depth), p))
    if not scored:
        return [], level
    top = max(s for s, _ in scored)
    return [p for s, p in scored if s == top], ""


def _article_order(article: str) -> tuple[int, str]:
    return (len(article), article)


def and_list(items: list[str]) -> str:
    if len(items) > 8:
        items = [*items[:8], f"{len(items) - 8} more"]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
