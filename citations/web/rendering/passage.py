"""An evidence passage marked up for the panel: the best-matching span, the words that say
otherwise than the sentence (a contradiction), the number the passage states instead of the
sentence's, and the matched terms, built from escaped pieces.

Offsets come from the engine's report and terms are stems, so a range may start or end inside
a word or a number ("1,0|00", "recei|pts"). Every mark is widened to whole words and numbers
before it is drawn (a term that is only the start of a longer word or number is not marked):
a highlight never cuts one in half.
"""

import bisect
import re
from collections.abc import Iterable
from itertools import pairwise

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

_MAX_TERMS = 200
# Combining marks belong to the letter before them ("e" + U+0301 is one letter on screen).
_MARKS = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
_PART = rf"(?:\w|[{_MARKS}])+"
# A word or number with what joins it: "1,000.50", "don't", "é" written as e + U+0301, a time
# "09:00" (one number since engine 3.0: a term "00" is never marked inside it).
_TOKEN = re.compile(rf"{_PART}(?:(?:[.,'\u2019]|(?<=\d):(?=\d)){_PART})*")

# Nesting order, outermost first: the span, the contradiction, the number, then the terms.
_LAYERS = (
    ('<mark class="best">', "</mark>"),
    ('<mark class="contra">', "</mark>"),
    ('<mark class="num-conflict">', "</mark>"),
    ('<b class="term">', "</b>"),
)


def term_pattern(terms: Iterable[str]) -> re.Pattern | None:
    """Matches the start of any word beginning with a matched term (terms may be stems)."""
    cleaned = sorted({t.strip() for t in terms if t and t.strip()}, key=len, reverse=True)
    cleaned = cleaned[:_MAX_TERMS]
    if not cleaned:
        return None
    return re.compile(
        r"(?<!\w)(?:" + "|".join(re.escape(t) for t in cleaned) + r")\w*", re.IGNORECASE
    )


def number_pattern(phrase: str) -> re.Pattern | None:
    """Matches `phrase` ("30 days", as the engine quotes a passage) as whole words, however
    the passage spaces it."""
    words = phrase.split()
    if not words:
        return None
    return re.compile(
        r"(?<!\w)" + r"\s*".join(re.escape(w) for w in words) + r"(?!\w)", re.IGNORECASE
    )


class _Tokens:
    """The words and numbers of a text, to widen a range to whole ones."""

    def __init__(self, text: str):
        self.spans = [m.span() for m in _TOKEN.finditer(text)]
        self.starts = [s for s, _ in self.spans]
        self.length = len(text)

    def around(self, pos: int) -> tuple[int, int] | None:
        """The token `pos` falls strictly inside (not at its edges), if any."""
        i = bisect.bisect_right(self.starts, pos) - 1
        if i >= 0 and self.spans[i][0] < pos < self.spans[i][1]:
            return self.spans[i]
        return None

    def widen(self, start: int, end: int) -> tuple[int, int]:
        start = max(0, min(start, self.length))
        end = max(0, min(end, self.length))
        if end <= start:
            return start, start
        if (token := self.around(start)) is not None:
            start = token[0]
        if (token := self.around(end)) is not None:
            end = token[1]
        return start, end

    def whole(self, start: int, end: int) -> bool:
        return self.widen(start, end) == (start, end)


def _conflict(text: str, phrase: str, spans: list[tuple[int, int]]) -> tuple[int, int] | None:
    """Where the passage states `phrase`: the first place inside a best span, else the first
    anywhere (where the engine found it)."""
    pattern = number_pattern(phrase)
    if pattern is None:
        return None
    first = None
    for m in pattern.finditer(text):
        if any(s <= m.start() < e for s, e in spans):
            return m.span()
        first = first or m.span()
    return first


def mark_passage(
    text: str,
    spans: Iterable[tuple[int, int]] = (),
    terms: Iterable[str] = (),
    numbers: Iterable[str] = (),
    contradictions: Iterable[tuple[int, int]] = (),
) -> SafeString:
    """A passage with the best-matching span(s) in <mark class="best">, the words saying
    otherwise than the sentence (`contradictions`, offsets) in <mark class="contra">, each
    number it states instead of the sentence's (`numbers`, "30 days") in <mark
    class="num-conflict">, and the matched terms in <b>; the marks nest properly wherever they
    overlap."""
    tokens = _Tokens(text)
    best = _merge(tokens.widen(s, e) for s, e in spans)
    contra = _merge(tokens.widen(s, e) for s, e in contradictions)
    found = (_conflict(text, phrase, best) for phrase in numbers)
    conflicts = _merge(tokens.widen(*span) for span in found if span is not None)
    pattern = term_pattern(terms)
    hits = [m.span() for m in pattern.finditer(text)] if pattern is not None else []
    layers = [best, contra, conflicts, _merge(h for h in hits if tokens.whole(*h))]
    starts = [[s for s, _ in ranges] for ranges in layers]

    cuts = sorted({0, len(text), *(p for ranges in layers for span in ranges for p in span)})
    out: list[str] = []
    opened: list[int] = []
    for a, b in pairwise(cuts):
        if a >= b:
            continue
        wanted = [n for n, ranges in enumerate(layers) if _inside(a, starts[n], ranges)]
        keep = 0
        while keep < min(len(opened), len(wanted)) and opened[keep] == wanted[keep]:
            keep += 1
        out.extend(_LAYERS[n][1] for n in reversed(opened[keep:]))
        out.extend(_LAYERS[n][0] for n in wanted[keep:])
        opened = wanted
        out.append(conditional_escape(text[a:b]))
    out.extend(_LAYERS[n][1] for n in reversed(opened))
    return mark_safe("".join(out))


def _merge(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for s, e in sorted(sp for sp in spans if sp[1] > sp[0]):
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    return merged


def _inside(pos: int, starts: list[int], ranges: list[tuple[int, int]]) -> bool:
    i = bisect.bisect_right(starts, pos) - 1
    return i >= 0 and ranges[i][0] <= pos < ranges[i][1]
