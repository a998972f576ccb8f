"""Finding inline citations in an answer.

Two syntaxes, both in square brackets on one line:

* numeric: ``[1]``, ``[1, 2]``, ``[1-3]`` / ``[1-3]``, mixed ``[1, 3-4]``; adjacent groups
  ``[1][2]`` are two citations;
* legal: the seed form ``[<law label>, Article <n>]``, also ``Art.``/``Art``/``§`` (and
  ``Artikel``, ``Artículo``, ``Articolo``, ``Artigo``), with paragraph and point suffixes
  ``Article 30(2)(a)``, and every form of :mod:`.legalforms` in brackets, in parentheses and in
  running text (the rule of :mod:`.legalfind`).

A bracket whose content is neither (``[sic]``, ``[citation needed]``) is not a citation.
Brackets are at most ``MAX_BRACKET_CHARS`` long, so scanning is linear whatever the text.

Citations do not hide: invisible characters inside a bracket (zero-width space, word joiner,
soft hyphen, bidi controls) are dropped, and full-width brackets and digits (``\uff3b\uff11\uff3d``)
read as ASCII, before parsing. A bracket that still cannot be parsed but looks like a numeric
citation (``[1,]``, ``[1 2]``), or that hid invisible characters around a digit, is *malformed*:
its ``problem`` says why, and it makes its sentence unsupported.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .legalfind import find_inline, legal_bracket
from .legalforms import Unit

MAX_BRACKET_CHARS = 300
MAX_POSITION_DIGITS = 9  # a position with more digits is past any evidence list

_DASH = "-\u2013\u2014"  # hyphen, en dash, em dash
BRACKET_RE = re.compile(rf"[\[\uff3b]([^\[\]\uff3b\uff3d\n]{{1,{MAX_BRACKET_CHARS}}})[\]\uff3d]")
# Invisible characters: zero-width space/joiners, word joiner and invisible operators, soft
# hyphen, byte-order mark, Arabic letter mark and the bidi embeddings, overrides and isolates.
_INVISIBLE_RE = re.compile(
    "[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]"
)
_SEPARATORS = r"\s,;\-\u2013\u2014"
_LOOKS_NUMERIC_RE = re.compile(rf"[{_SEPARATORS}]*\d[\d{_SEPARATORS}]*")
_ONE = rf"\s*\d+\s*(?:[{_DASH}]\s*\d+\s*)?"  # a position or a range
_NUMERIC_RE = re.compile(rf"{_ONE}(?:[,;]{_ONE})*")
_NUMERIC_PART_RE = re.compile(rf"(\d+)\s*(?:[{_DASH}]\s*(\d+))?")
_UNREAD = object()


@dataclass(slots=True)  # not frozen: a long answer builds thousands, and frozen costs 3x
class ParsedCitation:
    raw: str
    start: int
    end: int
    style: str  # "numeric" | "legal"
    ranges: tuple[tuple[str, str], ...] = ()  # numeric: (first, last) digit strings
    law: str = ""  # legal: the label as written ("" when the reference names none)
    article: str = ""  # legal: the articles as a reader names them ("5(1)(a)", "12-14")
    problem: str = ""  # malformed: why it cannot be read ("" for a citation that parses)
    units: tuple[Unit, ...] = ()  # legal: every provision cited, canonical
    following: bool = False  # legal: "ff.", the articles after the last one count too

    def at(self, start: int, end: int) -> ParsedCitation:
        """The same citation written again at ``start``."""
        return ParsedCitation(
            self.raw,
            start,
            end,
            self.style,
            self.ranges,
            self.law,
            self.article,
            self.problem,
            self.units,
            self.following,
        )

    def unit(self) -> dict[str, str] | None:
        """The unit key a reader sees: law, article, paragraph, point; None when numeric."""
        if self.style != "legal":
            return None
        first = self.units[0] if len(self.units) == 1 and not self.following else None
        return {
            "law": self.law,
            "article": first.article if first else self.article,
            "paragraph": first.paragraph if first else "",
            "point": first.point if first else "",
        }


def find_brackets(text: str) -> list[tuple[int, int, str]]:
    """Every one-line bracket pair ``[...]``: (start, end, content)."""
    return [(m.start(), m.end(), m.group(1)) for m in BRACKET_RE.finditer(text)]


def parse_bracket(
    start: int, end: int, content: str, style: str, raw: str = "", legal_evidence: bool = False
) -> ParsedCitation | None:
    """The citation a bracket holds under ``style``, or None when it holds none. ``raw`` is
    the bracket as written (``[content]`` when not given)."""
    raw = raw or f"[{content}]"
    clean = _INVISIBLE_RE.sub("", content)
    if not clean.isascii():
        clean = unicodedata.normalize("NFKC", clean)
    parsed = _parse(raw, start, end, clean, style, legal_evidence)
    if parsed is not None or style == "legal":
        return parsed
    hid = clean != content and clean != unicodedata.normalize("NFKC", content)
    if _LOOKS_NUMERIC_RE.fullmatch(clean) or (hid and any(c.isdigit() for c in clean)):
        shown = clean.strip()
        problem = f"'{shown}' is not a list of positions such as [1], [1, 2] or [1-3]"
        if hid:
            problem = f"it hides invisible characters; {problem}"
        return ParsedCitation(raw, start, end, "numeric", problem=problem)
    return None


def _parse(
    raw: str, start: int, end: int, content: str, style: str, legal_evidence: bool
) -> ParsedCitation | None:
    if style != "legal" and _NUMERIC_RE.fullmatch(content):
        ranges = tuple(
            (m.group(1), m.group(2) or m.group(1)) for m in _NUMERIC_PART_RE.finditer(content)
        )
        return ParsedCitation(raw, start, end, "numeric", ranges=ranges)
    if style != "numeric":
        ref = legal_bracket(content, legal_evidence)
        if ref is not None:
            return _legal(raw, start, end, ref)
    return None


def _legal(raw: str, start: int, end: int, ref) -> ParsedCitation:
    return ParsedCitation(
        raw,
        start,
        end,
        "legal",
        law=ref.law,
        article=ref.shown,
        units=ref.units,
        following=ref.following,
    )


def find_citations(
    text: str, style: str, legal_evidence: bool = False
) -> tuple[list[ParsedCitation], list[tuple[int, int]]]:
    """Citations in order, and the spans of every bracket and inline citation (sentences never
    split inside one). ``legal_evidence``: some passage carries a law and an article."""
    citations = []
    spans = []
    read: dict[str, ParsedCitation | None] = {}  # long answers repeat "[1]" a lot
    for m in BRACKET_RE.finditer(text):
        span = m.span()
        spans.append(span)
        raw = m.group()
        first = read.get(raw, _UNREAD)
        if first is _UNREAD:
            first = read[raw] = parse_bracket(*span, m.group(1), style, raw, legal_evidence)
            if first is not None:
                citations.append(first)
        elif first is not None:
            citations.append(first.at(*span))
    if style == "numeric":
        return citations, spans
    inline = find_inline(text, spans, legal_evidence)
    if not inline:
        return citations, spans
    citations += [_legal(text[a:b], a, b, ref) for a, b, ref in inline]
    citations.sort(key=lambda c: c.start)
    spans = sorted(spans + [(a, b) for a, b, _ in inline])
    return citations, spans


def position_value(digits: str) -> int | None:
    """A position as an int, or None when it has too many digits to be in any evidence list."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > MAX_POSITION_DIGITS:
        return None
    return int(digits)
