"""Units of measure written after a number: "30 days" is not "30 weeks".

A number is found in a passage by its value; the unit word after it says what the value counts.
Only a small lexicon of units is read (time, money, percent, length, mass, data), each with its
plural and the abbreviations that mean nothing else after a number ("km", not "m", which may be
a million), all folded to one name: a word outside it ("30 employees", "30 calendar days") says
nothing either way.
"""

from __future__ import annotations

import re

_LEXICON = {
    "second": "second seconds",
    "minute": "minute minutes min mins",
    "hour": "hour hours hr hrs",
    "day": "day days",
    "week": "week weeks wk wks",
    "month": "month months",
    "year": "year years yr yrs",
    "decade": "decade decades",
    "century": "century centuries",
    "percent": "percent per cent percentage %",
    "dollar": "dollar dollars usd",
    "euro": "euro euros eur",
    "pound": "pound pounds gbp",
    "yen": "yen jpy",
    "cent": "cent cents",
    "meter": "meter meters metre metres",
    "kilometer": "kilometer kilometers kilometre kilometres km",
    "centimeter": "centimeter centimeters centimetre centimetres cm",
    "millimeter": "millimeter millimeters millimetre millimetres mm",
    "mile": "mile miles mi",
    "foot": "foot feet ft",
    "inch": "inch inches",
    "gram": "gram grams",
    "kilogram": "kilogram kilograms kilo kilos kg",
    "ton": "ton tons tonne tonnes",
    "byte": "byte bytes",
    "kilobyte": "kilobyte kilobytes kb",
    "megabyte": "megabyte megabytes mb",
    "gigabyte": "gigabyte gigabytes gb",
    "terabyte": "terabyte terabytes tb",
}
UNIT_OF = {form: unit for unit, forms in _LEXICON.items() for form in forms.split()}
"""A unit's written form (lower case) -> its name."""
TIME_UNITS = frozenset(("second", "minute", "hour", "day", "week", "month", "year", "decade"))

# The word (or sign) right after a number: "30 days", "30-day", "30%". "per cent" is read as
# its first word, "per", which names nothing: the lexicon holds the one-word forms only.
_AFTER_RE = re.compile(r"[ \t\u00a0]*(?:-[ \t\u00a0]*)?([^\W\d_]+|%)")


def unit_after(text: str, end: int) -> tuple[str, str] | None:
    """The unit named right after the number ending at ``end``, and its word as written
    ("day", "days"); None when no unit is."""
    m = _AFTER_RE.match(text, end)
    if m is None:
        return None
    unit = UNIT_OF.get(m.group(1).lower())
    return (unit, m.group(1)) if unit else None
