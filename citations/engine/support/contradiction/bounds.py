"""The ``opposite`` check's reading of a number's bound: "at least 5,000 euros" against "up to
5,000 euros".

A value after "at least", "no less than", "a minimum of", "more than", "over" or "in excess
of", or before "or more", is a floor; after "up to", "at most", "no more than", "not
exceeding", "a maximum of", "less than", "under" or "within", or before "or less", a ceiling.
The sentence's floor where the region puts a ceiling on the same value, or the other way round,
says the opposite: a minimum against a maximum. A bound beside the bare value contradicts
nothing ("at least 30 days" beside "30 days": the region may say less than it knows), nor do
the bounds of two different values ("over 6 months" beside "under 18").
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ...text.numbers import find_numbers
from ...text.words import Word
from .found import Found

_CURRENCY = r"(?:[$\u20ac\u00a3]|(?:eur|usd|gbp|chf)\s)?\s*"
# The phrase right before a value. Each alternative is matched at the leftmost place that
# reaches the value, so "no more than" (a ceiling) wins over the "more than" (a floor) in it.
_BEFORE_RE = re.compile(
    r"(?<!\w)(?:(?P<ceiling>up\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than|not\s+exceeding"
    r"|not\s+to\s+exceed|(?:a\s+)?maximum\s+of|less\s+than|fewer\s+than|under|below|within)"
    r"|(?P<floor>at\s+least|no\s+less\s+than|not\s+less\s+than|no\s+fewer\s+than"
    r"|not\s+fewer\s+than|(?:a\s+)?minimum\s+of|more\s+than|greater\s+than|over|above"
    r"|in\s+excess\s+of|upwards\s+of|exceeding))"
    rf"\s+{_CURRENCY}$",
    re.IGNORECASE,
)
# "or more" after the value and at most one word of its unit: "5,000 euros or more"
_AFTER_RE = re.compile(
    r"^(?:\s+[^\W\d]+)?\s+or\s+(?:(?P<floor>more|above|over|greater|higher)"
    r"|(?P<ceiling>less|fewer|below|under|lower))\b",
    re.IGNORECASE,
)
_LOOK = 40  # characters before or after a value read for its bound


class _Bound(NamedTuple):
    side: str  # "floor" or "ceiling"
    keys: frozenset[str]  # the value's readings
    start: int  # the phrase and the value, as written
    end: int


TEST_RE = re.compile(
    r"\b(?:least|most|more|less|fewer|greater|exceed\w*|maximum|minimum|up\s+to|under|below"
    r"|over|above|within|excess|upwards)\b",
    re.IGNORECASE,
)


def may_find(sentence: str, has_numbers: bool) -> bool:
    """Whether the sentence may bound a value (it holds a number and a bounding word)."""
    return has_numbers and TEST_RE.search(sentence) is not None


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    told = _bounds(region)
    if not told:
        return []
    for said in _bounds(sentence):
        for other in told:
            if other.side != said.side and not other.keys.isdisjoint(said.keys):
                return [Found("opposite", said.start, said.end, other.start, other.end)]
    return []


def _bounds(text: str) -> list[_Bound]:
    out = []
    for n in find_numbers(text):
        if n.kind:
            continue  # a range, time or date is no single value to bound
        before = _BEFORE_RE.search(text, max(0, n.start - _LOOK), n.start)
        if before:
            side = "ceiling" if before["ceiling"] else "floor"
            out.append(_Bound(side, n.keys, before.start(), n.end))
            continue
        after = _AFTER_RE.match(text[n.end : n.end + _LOOK])
        if after:
            side = "ceiling" if after["ceiling"] else "floor"
            out.append(_Bound(side, n.keys, n.start, n.end + after.end()))
    return out
