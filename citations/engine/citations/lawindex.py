"""The law index: legal citations resolved to passages, to the most specific unit given.

A citation of Article 5(1)(a) resolves to the passages of Article 5 when the evidence does not
split Article 5 further, to those of 5(1) or 5(1)(a) when it does, and to nothing when the
evidence gives Article 5 only as paragraph 2. When it resolves to nothing, ``failure`` names the
level ("law", "article", "paragraph", "point") and the reason what is nearest.

Evidence in which no passage carries a law and article (the plain passages of a retrieval
pipeline) gives the units its passages' text states in so many words instead ("a civil claim
under Section 43(a) of the Lanham Act", read by the inline rule of :mod:`.legalfind`, the first
``MAX_STATED`` of each passage): a sentence naming the section its passage quotes cites that
passage, not a law nobody gave.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from itertools import islice
from typing import NamedTuple

from ..support.passage import Passage
from .lawnames import KNOWN_KEYS, initials_key, label_key
from .legalfind import inline_references
from .legalforms import Unit, article_noun, tail_number
from .parse import ParsedCitation

FOLLOWING = 9  # "ff." reads as at most the nine articles after the one named
# The references read from a passage's text: bounds what dense legal text costs (a 50,000-
# character passage of nothing else holds some 1,800) where a quoted section is one of a few.
MAX_STATED = 64


class Given(NamedTuple):
    """A unit a passage gives: in its fields, or stated in its text."""

    position: int
    paragraph: str
    point: str


@dataclass(slots=True)
class LawIndex:
    """law -> article -> the units given, with the names every law goes by."""

    keys: dict[str, int] = field(default_factory=dict)  # folded name -> law
    known: dict[int, int] = field(default_factory=dict)  # KNOWN_LAWS group -> law
    labels: list[str] = field(default_factory=list)  # law -> label as first given
    articles: list[dict[str, list[Given]]] = field(default_factory=list)
    stated: bool = False  # the units are those the passages' text states (no fields given)
    _closest: dict[str, int | None] = field(default_factory=dict)

    @classmethod
    def build(cls, passages: list[Passage]) -> LawIndex:
        index = cls()
        for p in passages:
            if p.law and p.article:
                given = Given(p.position, p.paragraph, p.point)
                index._add(p.law, p.aliases, p.article, given)
        if index.labels:
            return index
        index.stated = True
        for p in passages:
            stated = inline_references(p.text, [], legal_evidence=False)
            for _, _, ref in islice(stated, MAX_STATED):
                for unit in ref.units:
                    given = Given(p.position, unit.paragraph, unit.point)
                    index._add(ref.law, (), unit.article, given)
        return index

    def _add(self, label: str, aliases: tuple[str, ...], article: str, given: Given) -> None:
        names = [label_key(n) for n in (label, *aliases)]
        names += [initials_key(n) for n in (label, *aliases)]
        names = [n for n in names if n]
        if not names:
            return
        law = self._law_of(names)
        if law is None:
            law = len(self.labels)
            self.labels.append(label)
            self.articles.append({})
        for name in names:
            self.keys.setdefault(name, law)
            if name in KNOWN_KEYS:
                self.known.setdefault(KNOWN_KEYS[name], law)
        self.articles[law].setdefault(article, []).append(given)

    def _law_of(self, names: list[str]) -> int | None:
        for name in names:
            if name in self.keys:
                return self.keys[name]
            if KNOWN_KEYS.get(name) in self.known:
                return self.known[KNOWN_KEYS[name]]
        return None

    def resolve(self, c: ParsedCitation) -> tuple[list[int], str, str]:
        """(positions, reason, failure level); positions [] when it does not resolve."""
        positions, reason, failure = self._resolve(c)
        if self.stated and not positions:
            # (what is nearest among the text's mentions would read as if a passage gave it)
            named = _unwrapped(c.raw)
            reason = f"no passage carries a law and article, nor states '{named}' in its text"
        return positions, reason, failure

    def _resolve(self, c: ParsedCitation) -> tuple[list[int], str, str]:
        if not self.labels:  # (no fields, so the text was read: resolve words the reason)
            return [], "", "law"
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
            given = by_article.get(unit.article)
            if not given:
                return [], self._no_article(c, law, unit.article), "article"
            best, level = _most_specific(unit, given)
            if not best:
                return [], self._no_part(c, law, unit, given, level), level
            chosen.update(dict.fromkeys(g.position for g in best))
        if c.following:
            chosen.update(dict.fromkeys(self._following(law, c.units[-1].article)))
        return sorted(chosen), "", ""

    def _following(self, law: int, article: str) -> list[int]:
        head, number = tail_number(article)
        positions = []
        for other, given in self.articles[law].items():
            h, n = tail_number(other)
            if h == head and n is not None and number is not None and 0 < n - number <= FOLLOWING:
                positions += [g.position for g in given]
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
        self, c: ParsedCitation, law: int, unit: Unit, given: list[Given], level: str
    ) -> str:
        noun = article_noun(c.raw)
        if level == "paragraph":
            name = f"{noun} {unit.article}"
            parts = sorted({g.paragraph for g in given}, key=_article_order)
        else:
            name = f"{noun} {unit.article}({unit.paragraph})"
            parts = sorted({g.point for g in given if g.point}, key=_article_order)
        plural = level if len(parts) == 1 else f"{level}s"
        return f"{self.labels[law]} {name} is given only as {plural} {and_list(parts)}"


def _most_specific(unit: Unit, given: list[Given]) -> tuple[list[Given], str]:
    """The units of the article that hold ``unit``, the most specific kept; when none, the
    level at which they part ("paragraph" or "point")."""
    depth = 1 + bool(unit.paragraph) + bool(unit.point and unit.paragraph)
    scored = []
    level = "paragraph"
    for g in given:
        if unit.paragraph and g.paragraph and g.paragraph != unit.paragraph:
            continue
        if unit.point and g.point and g.point != unit.point:
            level = "point"
            continue
        scored.append((min(1 + bool(g.paragraph) + bool(g.point), depth), g))
    if not scored:
        return [], level
    top = max(s for s, _ in scored)
    return [g for s, g in scored if s == top], ""


_CLOSERS = {"[": "]", "\uff3b": "\uff3d", "(": ")"}


def _unwrapped(raw: str) -> str:
    """A citation as written without its brackets or parentheses: "Labour Law, Article 2(1)"."""
    if len(raw) > 1 and _CLOSERS.get(raw[0]) == raw[-1]:
        return raw[1:-1].strip()
    return raw


def _article_order(article: str) -> tuple[int, str]:
    return (len(article), article)


def and_list(items: list[str]) -> str:
    if len(items) > 8:
        items = [*items[:8], f"{len(items) - 8} more"]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
