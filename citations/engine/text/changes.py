"""Figures given in turn: "rose from 6.4 to 8.1 million" gives a change's two values, which a
passage may state apart ("8.1 million, up from 6.4 million"); "ranging from 2 to 4" gives a
span's two ends."""

from __future__ import annotations

import re

from .numbers import Number, find_numbers

# A currency sign may open a figure: "from $8.1 million to $6.4 million", "down from $8.1".
SIGN = r"[$\u00a3\u20ac\u00a5]?"
_FROM_RE = re.compile(rf"(?i)\bfrom\s+{SIGN}$")
# "ranging from 2 to 4", "aged from 18 to 25": the two ends of a span, not a change.
_SPAN_FROM_RE = re.compile(
    rf"(?i)\b(?:range[sd]?|ranging|var(?:y|ies|ied|ying)|aged)\s+from\s+{SIGN}$"
)
_ENDS_RE = re.compile(r"(?i)\s+(?:to|until)\s+|\s*[-\u2013]\s*")
_FIGURE_RE = re.compile(r"[\d.,]+")  # a figure written without a unit ("8.1", "6,400")


def opens_change(text: str, start: int) -> bool:
    """Whether a "from" opens the figures at ``start`` as a change's first value ("rose from
    6.4 to 8.1 million"; "ranging from 2 to 4" is a span)."""
    return _FROM_RE.search(text, max(0, start - 9), start) is not None and not (
        _SPAN_FROM_RE.search(text, max(0, start - 20), start)
    )


def span_ends(raw: str) -> tuple[Number, Number]:
    """The two values of a span ("8.1 to 6.4 million"); a bare first figure shares the unit
    after the second: "from 8.1 to 6.4 million" goes from 8.1 million, down."""
    first, second = _ENDS_RE.split(raw, maxsplit=1)
    unit = _FIGURE_RE.sub("", second, count=1)
    if _FIGURE_RE.fullmatch(first) and unit:
        first += unit
    return find_numbers(first)[0], find_numbers(second)[0]
