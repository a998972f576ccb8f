"""The figures a region gives of one quantity in order, which say which way it went without a
verb: "8.1 million dollars in 2022, up from 6.4 million dollars in 2021", "from 6,400 to
8,100", "6.4 million in 2021 and 8.1 million in 2022" (the same unit after both, a year after
each). The direction reading (:mod:`.direction`) holds verbs of change and figures given for a
year against them.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ...text.changes import SIGN as _SIGN
from ...text.changes import opens_change, span_ends
from ...text.numbers import YEAR_PATTERN, Number, find_numbers, is_year

_UP_FROM_RE = re.compile(rf"(?i)\b(up|down)\s+from\s+{_SIGN}$")
IN_YEAR_RE = re.compile(rf"(?i)\s*([^\W\d]*)\D{{0,20}}?\bin\s+({YEAR_PATTERN})\b")
"""After a figure, its unit word (group 1, "" when none) and the year it is given for (2):
"8.1 million dollars in 2022"."""
SENTENCE_END_RE = re.compile(r"[.!?;]\s")
_WORD_RE = re.compile(r"[^\W\d_]+")
YEAR = f"(?:{YEAR_PATTERN})"
# between "from a" and "b": "to", after a unit word and when a stood: "from 8.1 million dollars
# in 2021 to 6.4 million"
_TO_RE = re.compile(rf"(?i)(?:\s+[^\W\d]+)?(?:\s+in\s+{YEAR})?\s+to\s+{_SIGN}")
# The words that may stand between the two values of one quantity besides its unit ("6.4
# million in 2021 and 8.1 million in 2022", "in 2022, compared with"): none names a thing.
_GAP_WORDS = frozenset(
    (
        *("in", "and", "compared", "with", "to", "against", "versus", "vs", "while", "but"),
        *("whereas", "from", "a", "an", "the", "of"),
    )
)


class Change(NamedTuple):
    """A quantity the region gives twice, in order: which way it went, both values' keys,
    the later value's, where the region says it, and its two figures in the region's order
    (none for a span's two ends, "from 10 to 15")."""

    sign: int
    values: frozenset[str]
    later: frozenset[str]
    start: int
    end: int
    figures: tuple[Number, ...] = ()


def given_in_order(region: str) -> list[Change]:
    """Every quantity the region gives twice in order, in one sentence (years say when, so
    they are no values)."""
    numbers = [n for n in find_numbers(region) if not is_year(n)]
    out = []
    for k, n in enumerate(numbers):
        if n.kind == "range" and opens_change(region, n.start):
            low, high = span_ends(n.raw)
            sign = _compare(low, high)
            if sign:
                out.append(Change(sign, n.parts, high.stated, n.start, n.end))  # "from 10 to 15"
        if k + 1 < len(numbers):
            change = _pair(region, n, numbers[k + 1])
            if change is not None:
                out.append(change)
    return out


def _pair(region: str, a: Number, b: Number) -> Change | None:
    """How two numbers in a row give one quantity in order, if they do: "from a to b", "b,
    up from a", "a in 2021 and b in 2022" (the same unit word after each)."""
    if a.kind or b.kind or is_year(a) or is_year(b) or not (_value(a) and _value(b)):
        return None
    gap = region[a.end : b.start]
    if SENTENCE_END_RE.search(gap):
        return None
    values = a.stated | b.stated
    if _compare(a, b) == 0:
        return None
    if opens_change(region, a.start) and _TO_RE.fullmatch(gap):
        return Change(_compare(a, b), values, b.stated, a.start, b.end, (a, b))
    said = _UP_FROM_RE.search(gap)
    if said is not None:  # "b, up from a"
        sign = 1 if said.group(1).lower() == "up" else -1
        return Change(sign, values, a.stated, a.start, b.end, (a, b))
    after_a, after_b = IN_YEAR_RE.match(region, a.end), IN_YEAR_RE.match(region, b.end)
    if after_a is None or after_b is None or after_a.group(2) == after_b.group(2):
        return None
    unit = after_a.group(1).lower()
    if after_b.group(1) and unit != after_b.group(1).lower():
        return None  # "8.1 million users in 2022 and 600 staff in 2021": two quantities
    if not _GAP_WORDS.union((unit,)).issuperset(_WORD_RE.findall(gap.lower())):
        return None  # "3 million in 2021 and France 5 million": of other things
    earlier_first = after_a.group(2) < after_b.group(2)
    sign = _compare(a, b) if earlier_first else _compare(b, a)
    later = b.stated if earlier_first else a.stated
    return Change(sign, values, later, a.start, after_b.end(), (a, b))


def _compare(earlier: Number, later: Number) -> int:
    a, b = _value(earlier), _value(later)
    return (b > a) - (b < a)


def _value(n: Number) -> float:
    """The number's largest reading ("8.1 million" is 8,100,000 beside "6,400,000"); 0 for a
    number no float reads ("1.2.3")."""
    return max((float(k) for k in n.keys if k.replace(".", "", 1).isdigit()), default=0.0)
