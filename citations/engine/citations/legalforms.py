"""Legal references as lawyers write them, read into units (law, article, paragraph, point).

Recognised (brackets, parentheses or running text): ``Article 5(1)(a) GDPR``, ``Art. 6 para. 1
lit. f GDPR``, ``Article 17 of the GDPR``, ``Articles 12 to 14 GDPR``, ``Arts. 13 and 14``,
``§ 823 Abs. 1 BGB``, ``§§ 305 ff. BGB``, ``Art. 3 Abs. 2 GG``, ``§ 1 Abs. 2 S. 1 Nr. 3``,
``article L. 1234-1 du Code du travail``, ``art. 1240 du Code civil``, ``42 U.S.C. § 1983``,
``42 USC 1983``, ``29 C.F.R. § 1910.1200``, ``section 1983 of title 42``, ``GDPR Art. 5`` and
the seed form ``[Labour Law, Article 30(2)]``.

Every pattern is bounded (no unbounded repetition inside a reference), so one scan is linear in
the text. A sentence number (``S. 1``, "sentence 2") is read and dropped: evidence does not
split that far.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..text.terms import nfkc
from .lawnames import STRONG_LAW

ART_WORD = (
    r"(?:(?i:articles?|arts?\.|art(?=\s)|artikel|art[ií]culos?|articolo|artigo|sections?"
    r"|secs?\.|sec(?=\s))|§§?)"
)
_PREFIXED = r"(?-i:[A-Z]{1,3})\.?\s?\d{1,6}(?:[-\u2011]\d{1,6}){0,3}"
# "bis" before a number is the German range word ("§§ 305 bis 310"), not "article 5 bis".
_PLAIN = (
    r"\d{1,6}(?:\.\d{1,6})?(?:[a-z](?:-\d{1,4})?(?![a-z]))?"
    r"(?:\s?(?:bis|ter|quater)(?!\w)(?!\s*\d))?"
)
NUM = rf"(?:{_PREFIXED}|{_PLAIN})"
_PARA_WORD = (
    r"(?i:para(?:graph)?s?\.?|Abs(?:atz|\.)?|al(?:in[ée]a|\.)|U?Abs\.|subsection|"
    r"sub-?paragraph)"
)
_SENT_WORD = r"(?i:S(?:atz|\.)|sentence)"
_POINT_WORD = r"(?i:lit(?:era|\.)?|letter|point|Buchst(?:abe|\.)?|Nr\.?|Nummer|no\.|Ziff(?:er|\.)?)"
_POINT = r"(?:\d{1,3}|[a-z]{1,2}|[ivx]{1,5})"
_PAREN = r"(?:\d{1,3}[a-z]?|[a-z]{1,2}|[ivx]{1,5})"
# A value in parentheses or bare, never with whitespace after it: a span ends on the reference.
_PARA_VALUE = r"(?:\(\d{1,4}[a-z]?\)|\d{1,4}[a-z]?)"
_POINT_VALUE = rf"(?:\(\s*{_POINT}\s*\)|{_POINT})"
SUFFIX = (
    rf"(?:\s?\(\s*{_PAREN}\s*\)|,?\s*{_PARA_WORD}\s*{_PARA_VALUE}"
    rf"|,?\s*{_SENT_WORD}\s*\d{{1,3}}(?!\w)|,?\s*{_POINT_WORD}\s*{_POINT_VALUE}(?!\w))"
)
_RANGE_WORDS = r"to|bis|à|au|through|-|\u2013|\u2014"
_SEP = rf"\s*(?:,|;|(?i:and|und|et|y|or|oder|ou|{_RANGE_WORDS}))\s*(?:{ART_WORD}\s*)?"
_FF = r"\s*ff?\.(?!\w)"
REF_BODY = rf"{NUM}{SUFFIX}{{0,6}}(?:{_SEP}{NUM}{SUFFIX}{{0,6}}){{0,20}}(?:{_FF})?"
_OF = r"(?i:of|des|der|du|de\s+la|de\s+l['\u2019]|de|del|della|do|da)\s+(?:(?i:the|this)\s+)?"
TAIL = (
    rf"(?:\s+|,\s+(?={_OF}))(?:{_OF})?(?P<law>{STRONG_LAW})"
    r"|\s+of\s+title\s+(?P<title>\d{1,3})(?:,?\s+(?:of\s+the\s+)?United\s+States\s+Code)?"
    rf"|\s+(?i:of|des|der|du|de)\s+(?:(?i:the|this|that|le|la|l['\u2019])\s*)?"
    r"(?P<weak>[^\W\d_][\w'\u2019\-]*(?:\s+[A-Z][\w'\u2019\-]*){0,3})"
)
US = (
    r"(?P<us>(?<![\w.])(?P<ustitle>\d{1,3})\s*(?P<uscode>U\.?\s?S\.?\s?C\.?(?:\s?A\.?)?|C\.?\s?F\.?\s?R\.?)"
    rf"(?![A-Za-z])\s*(?:(?:§§?|(?i:sec(?:tion|s?\.)?))\s*)?(?P<usbody>{REF_BODY}))"
)
REF_RE = re.compile(rf"{US}|(?<![\w§])(?P<art>{ART_WORD})\s*(?P<body>{REF_BODY})(?:{TAIL})?(?!\w)")
LAW_FIRST_RE = re.compile(rf"(?<!\w)(?P<law>{STRONG_LAW})\s*,?\s*\Z")
_STRONG_RE = re.compile(STRONG_LAW)
_TOKEN_RE = re.compile(
    rf"(?P<sent>{_SENT_WORD}\s*\d{{1,3}})"
    rf"|{_PARA_WORD}\s*\(?(?P<para>\d{{1,4}}[a-z]?)"
    rf"|{_POINT_WORD}\s*\(?\s*(?P<point>{_POINT})(?!\w)"
    rf"|\(\s*(?P<paren>{_PAREN})\s*\)"
    rf"|(?P<num>{NUM})"
    rf"|(?P<ff>ff?\.)"
    r"|(?P<range>(?i:to|bis|à|au|through)(?!\w)|[-\u2013\u2014])"
)
_ARTICLE_RE = re.compile(r"([A-Z]{0,3})\.?\s?0*(\d.*)")
_TAIL_INT_RE = re.compile(r"(.*?)(\d+)$")
MAX_RANGE = 50  # a wider range of articles is read as its two ends


@dataclass(slots=True, frozen=True)
class Unit:
    """One cited provision of a law: ``article`` canonical ("5", "L1234-1", "1910.1200")."""

    article: str
    paragraph: str = ""
    point: str = ""


@dataclass(slots=True)
class Reference:
    law: str  # as written ("GDPR", "42 U.S.C."); "" when the reference names none
    units: tuple[Unit, ...]
    shown: str  # the articles as a reader names them: "5", "12-14", "13, 14", "305 ff."
    following: bool = False  # "ff.": the articles after the last one count too
    weak: bool = False  # the law is only "of the <word>": a citation in legal context only


def article_key(raw: str) -> str:
    """ "L1234-1" for "L. 1234-1"; "30" for "030"; "16a" for "16 a"."""
    raw = nfkc(raw).replace("\u2011", "-").strip()  # full-width digits read as ASCII
    m = _ARTICLE_RE.fullmatch(raw)
    if m is None:
        return raw.casefold()
    return m.group(1) + m.group(2).replace(" ", "").lower()


def part_key(raw: str) -> str:
    """A paragraph or point folded: "(1)" -> "1", "lit. F" -> "f", "01" -> "1"."""
    words = re.findall(r"\w+", nfkc(raw).casefold())
    value = words[-1] if words else ""
    return (value.lstrip("0") or "0") if value.isdigit() else value


def read_body(body: str) -> tuple[tuple[Unit, ...], str, bool]:
    """The units of a reference's article part ("5(1)(a)", "12 to 14", "305 ff.")."""
    articles: list[list[str]] = []  # [article, paragraph, point]
    ranged: list[int] = []  # indexes of units that close a range
    following = pending_range = False
    for m in _TOKEN_RE.finditer(body):
        kind = m.lastgroup
        if kind == "num":
            if pending_range and articles:
                ranged.append(len(articles))
            articles.append([article_key(m.group("num")), "", ""])
            pending_range = False
        elif kind == "range":
            pending_range = True
        elif kind == "ff":
            following = True
        elif articles and kind in ("para", "point", "paren"):
            unit = articles[-1]
            value = part_key(m.group(kind))
            slot = 1 if kind == "para" or (kind == "paren" and not unit[1]) else 2
            if not unit[slot]:
                unit[slot] = value
    units = [Unit(*a) for a in articles]
    shown = _shown(units, ranged, following)
    for at in reversed(ranged):
        units[at - 1 : at + 1] = _expand(units[at - 1], units[at])
    return tuple(dict.fromkeys(units)), shown, following


def _shown(units: list[Unit], ranged: list[int], following: bool) -> str:
    parts = []
    for i, unit in enumerate(units):
        label = unit.article + "".join(f"({v})" for v in (unit.paragraph, unit.point) if v)
        if i in ranged and parts:
            parts[-1] = f"{parts[-1]}-{label}"
        else:
            parts.append(label)
    shown = ", ".join(parts)
    return f"{shown} ff." if following else shown


def _expand(first: Unit, last: Unit) -> list[Unit]:
    a, b = _TAIL_INT_RE.match(first.article), _TAIL_INT_RE.match(last.article)
    if a and b and a.group(1) == b.group(1) and 0 < int(b.group(2)) - int(a.group(2)) <= MAX_RANGE:
        middle = range(int(a.group(2)) + 1, int(b.group(2)))
        return [first, *(Unit(f"{a.group(1)}{n}") for n in middle), last]
    return [first, last]


def reference_of(m: re.Match) -> Reference:
    """The reference a match of :data:`REF_RE` holds."""
    if m.group("us") is not None:
        code = "C.F.R." if m.group("uscode")[0] in "Cc" else "U.S.C."
        units, shown, following = read_body(m.group("usbody"))
        return Reference(f"{m.group('ustitle')} {code}", units, shown, following)
    units, shown, following = read_body(m.group("body"))
    if m.group("title"):
        return Reference(f"{m.group('title')} U.S.C.", units, shown, following)
    law = m.group("law") or m.group("weak") or ""
    return Reference(law.strip(), units, shown, following, weak=m.group("weak") is not None)


def is_strong_law(label: str) -> bool:
    return _STRONG_RE.fullmatch(label.strip()) is not None


def tail_number(article: str) -> tuple[str, int | None]:
    """("L1234-", 1) for "L1234-1"; (article, None) when it does not end in digits."""
    m = _TAIL_INT_RE.match(article)
    return (m.group(1), int(m.group(2))) if m else (article, None)


def article_noun(raw: str) -> str:
    """How the citation names its unit: "§", "section" or "Article"."""
    if "§" in raw:
        return "§"
    return "section" if re.search(r"(?i)\bsec|U\.?\s?S\.?\s?C|C\.?\s?F\.?\s?R", raw) else "Article"
