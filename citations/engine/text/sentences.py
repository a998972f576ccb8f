"""Splitting an answer into sentences with offsets into the original text.

Rules, in order:

* a line break always ends a sentence (blocks, list items, headings and table rows are lines);
  a line holding nothing but citations belongs to the sentence before it;
* ``.``, ``!``, ``?``, ``…`` (and ``.!?؟``) end a sentence when whitespace follows and the
  next word does not start in lower case; never inside a bracket, inside a decimal (``3.5``),
  after a common abbreviation (``e.g.``, ``i.e.``, ``Dr.``, ``No.``, ``Art.``, ``U.S.``) or after
  an initial (``B. J. Thomas``);
* citations placed right after the final punctuation (``... of leave. [1]``, ``... of leave.
  (Art. 30 Labour Law)``) belong to the sentence they follow, and so does a reference in
  running text that is all its "sentence" holds (``... of leave. Art. 30 Labour Law.``); one
  followed by more words opens the next sentence (``Article 31 of the Labour Law pays ...``).

``text[start:end]`` is always the sentence, without surrounding whitespace.
"""

from __future__ import annotations

import bisect
import re

_ABBREVIATIONS_TEXT = """
e.g eg i.e ie cf vs viz al approx ca dr mr mrs ms mx prof sr jr st mt no nos nr art arts
sec secs para paras p pp ch chap vol vols fig figs ed eds eq eqs ref refs op inc ltd co
corp dept est gen gov rev jan feb mar apr jun jul aug sep sept oct nov dec u.s u.k u.n
e.u z.b bzw vgl ggf usw abs ziff nr s
"""
ABBREVIATIONS = frozenset(_ABBREVIATIONS_TEXT.split())

_STOPS = ".!?\u2026\u3002\uff01\uff1f\u061f"  # . ! ? ellipsis, CJK and Arabic stops
_CLOSERS = "\"'\u201d\u2019\u00bb)"  # quotes and brackets that may follow the stop
# A stop (with more stops and closers after it) or a line break. The pattern opens with one
# character class, so the regex engine skips from candidate to candidate instead of trying the
# alternatives at every position: 40 M -> 10 M instructions over a 2,000-sentence answer.
_EVENT_RE = re.compile(rf"[{_STOPS}\n](?:(?<=\n)|[{_STOPS}]*[{_CLOSERS}]*)")
_CJK_STOPS = frozenset("\u3002\uff01\uff1f")
_DOTTED_RE = re.compile(r"(?:\w\.)+\w")
_OPENERS = "(\"'\u201c\u2018\u00ab["
_SPACE_TAB = " \t\r\f\v\u00a0\u2028\u2029"
_CITATION_OPENERS = "[\uff3b("  # a bracket, a full-width one, or a reference's parentheses


def split_sentences(
    text: str, brackets: list[tuple[int, int]], citation_spans: dict[int, int]
) -> list[tuple[int, int]]:
    """(start, end) of every sentence, in order, not overlapping.

    ``brackets`` are spans where no split may happen; ``citation_spans`` maps the start of each
    recognised citation to its end.
    """
    bounds: list[int] = []
    last = 0
    zone = 0
    n_zones = len(brackets)
    for m in _EVENT_RE.finditer(text):
        pos, end = m.span()
        if pos < last:
            continue
        while zone < n_zones and brackets[zone][1] <= pos:
            zone += 1
        if zone < n_zones and brackets[zone][0] < pos:
            continue  # inside a bracket
        if text[pos] == "\n":
            bounds.append(pos)
            last = pos + 1
            continue
        if not _ends_sentence(text, pos, end):
            continue
        end = _attach_citations(text, end, citation_spans)
        bounds.append(end)
        last = end
    bounds.append(len(text))
    return _segments(text, bounds, citation_spans)


def _ends_sentence(text: str, start: int, end: int) -> bool:
    punct = text[start:end]
    n = len(text)
    if end < n:
        nxt = text[end]
        if not nxt.isspace() and nxt != "[":
            return punct.rstrip("\"'\u201d\u2019\u00bb)")[-1] in _CJK_STOPS
    if punct == "." and _is_abbreviation(text, start):
        return False
    # The next word must not start in lower case ("approx. three", "e.g. the").
    j = end
    while j < n and (text[j] in _SPACE_TAB or text[j] == "["):
        if text[j] == "[":
            close = text.find("]", j, j + 302)
            if close < 0:
                break
            j = close + 1
        else:
            j += 1
    return not (j < n and text[j].islower())


def _is_abbreviation(text: str, dot: int) -> bool:
    if dot == 0:
        return False
    before = text[dot - 1]
    if before.isascii() and not (before.isalnum() or before == "_"):
        return False  # "[1].", "(2023).", "word .": every abbreviation ends on a word character
    low = max(0, dot - 40)
    space = max(text.rfind(" ", low, dot), text.rfind("\n", low, dot), text.rfind("\t", low, dot))
    if space < 0 and low > 0:
        return False  # a "word" of more than 40 characters is no abbreviation
    token = text[space + 1 : dot].lstrip(_OPENERS)
    if len(token) <= 3 and (token.isdigit() or (len(token) == 1 and token.isalpha())):
        before = text[low : space + 1]
        line = before.rsplit("\n", 1)
        if (len(line) == 2 or low == 0) and not line[-1].strip():
            return True  # a list marker at the start of a line: "1. ", "a. "
    if not token:
        return False
    if token.casefold() in ABBREVIATIONS:
        return True
    if len(token) == 1 and token.isalpha() and token.isupper():
        return True  # an initial: "B. J. Thomas"
    return _DOTTED_RE.fullmatch(token) is not None  # "U.S", "e.g", "Ph.D"


def _attach_citations(text: str, end: int, citation_spans: dict[int, int]) -> int:
    """Extend a sentence end over the bracketed (or parenthesised) citations that follow it on
    the same line. A reference in running text opens the next sentence ("Article 31 of the
    Labour Law pays overtime"): taken for the last one's, it left that sentence's claim
    unchecked."""
    n = len(text)
    j = end
    while True:
        while j < n and text[j] in _SPACE_TAB:
            j += 1
        close = citation_spans.get(j)
        if close is None or text[j] not in _CITATION_OPENERS:
            return end
        end = j = close


def _segments(
    text: str, bounds: list[int], citation_spans: dict[int, int]
) -> list[tuple[int, int]]:
    starts = sorted(citation_spans)
    out: list[tuple[int, int]] = []
    prev = 0
    for bound in bounds:
        a, b = prev, bound
        prev = bound
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if a >= b:
            continue
        if out and _only_citations(text, a, b, starts, citation_spans):
            out[-1] = (out[-1][0], b)
            continue
        out.append((a, b))
    return out


def _only_citations(
    text: str, a: int, b: int, starts: list[int], citation_spans: dict[int, int]
) -> bool:
    """True when text[a:b] is citations and punctuation only (a line such as ``[1][2].``, or
    ``Art. 30 Labour Law.`` after a sentence)."""
    if a not in citation_spans:
        return False
    i = bisect.bisect_left(starts, a)
    pos = a
    while i < len(starts) and starts[i] < b:
        if re.search(r"\w", text[pos : starts[i]]):
            return False
        pos = citation_spans[starts[i]]
        i += 1
    return pos > a and re.search(r"\w", text[pos:b]) is None
