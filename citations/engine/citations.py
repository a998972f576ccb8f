"""Finding inline citations in an answer.

Two syntaxes, both in square brackets on one line:

* numeric: ``[1]``, ``[1, 2]``, ``[1-3]`` / ``[1-3]``, mixed ``[1, 3-4]``; adjacent groups
  ``[1][2]`` are two citations;
* legal: ``[<law label>, Article <n>]``, also ``Art.``/``Art``/``§`` (and ``Artikel``,
  ``Artículo``, ``Articolo``, ``Artigo``), with optional paragraph suffixes ``Article 30(2)(a)``,
  which resolve to the article itself.

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
_ARTICLE_RE = re.compile(
    r"\s*(?:articles?|arts?\.?|artikel|art[ií]culo|articolo|artigo|§)\s*(\d+)"
    r"\s*(?:\(\s*\w{1,10}\s*\)\s*)*",
    re.IGNORECASE,
)
_HAS_WORD_RE = re.compile(r"\w")


@dataclass(slots=True)  # not frozen: a long answer builds thousands, and frozen costs 3x
class ParsedCitation:
    raw: str
    start: int
    end: int
    style: str  # "numeric" | "legal"
    ranges: tuple[tuple[str, str], ...] = ()  # numeric: (first, last) digit strings
    law: str = ""  # legal: the label as written
    article: str = ""  # legal: canonical article number
    problem: str = ""  # malformed: why it cannot be read ("" for a citation that parses)


def find_brackets(text: str) -> list[tuple[int, int, str]]:
    """Every one-line bracket pair ``[...]``: (start, end, content)."""
    return [(m.start(), m.end(), m.group(1)) for m in BRACKET_RE.finditer(text)]


def parse_bracket(
    start: int, end: int, content: str, style: str, raw: str = ""
) -> ParsedCitation | None:
    """The citation a bracket holds under ``style``, or None when it holds none. ``raw`` is
    the bracket as written (``[content]`` when not given)."""
    raw = raw or f"[{content}]"
    clean = _INVISIBLE_RE.sub("", content)
    if not clean.isascii():
        clean = unicodedata.normalize("NFKC", clean)
    parsed = _parse(raw, start, end, clean, style)
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


def _parse(raw: str, start: int, end: int, content: str, style: str) -> ParsedCitation | None:
    if style != "legal" and _NUMERIC_RE.fullmatch(content):
        ranges = tuple(
            (m.group(1), m.group(2) or m.group(1)) for m in _NUMERIC_PART_RE.finditer(content)
        )
        return ParsedCitation(raw, start, end, "numeric", ranges=ranges)
    if style != "numeric":
        law, comma, rest = content.rpartition(",")
        if comma:
            m = _ARTICLE_RE.fullmatch(rest)
            law = law.strip()
            if m and _HAS_WORD_RE.search(law):
                article = m.group(1).lstrip("0") or "0"
                return ParsedCitation(raw, start, end, "legal", law=law, article=article)
    return None


def find_citations(text: str, style: str) -> tuple[list[ParsedCitation], list[tuple[int, int]]]:
    """Citations in order, and the spans of every bracket (sentences never split inside one)."""
    citations = []
    spans = []
    parsed_content: dict[str, ParsedCitation | None] = {}  # long answers repeat "[1]" a lot
    for m in BRACKET_RE.finditer(text):
        start, end = m.span()
        spans.append((start, end))
        content = m.group(1)
        if m.group(0) in parsed_content:
            first = parsed_content[m.group(0)]
            if first is not None:
                citations.append(
                    ParsedCitation(
                        first.raw,
                        start,
                        end,
                        first.style,
                        first.ranges,
                        first.law,
                        first.article,
                        first.problem,
                    )
                )
        else:
            parsed = parse_bracket(start, end, content, style, m.group(0))
            parsed_content[m.group(0)] = parsed
            if parsed is not None:
                citations.append(parsed)
    return citations, spans


def position_value(digits: str) -> int | None:
    """A position as an int, or None when it has too many digits to be in any evidence list."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > MAX_POSITION_DIGITS:
        return None
    return int(digits)
