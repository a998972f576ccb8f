"""Numbers a text states, compared by value: ``1,200`` == ``1200`` == ``1 200`` (no-break space).

A number is a run of digits with ``,`` or ``.`` between digit groups. When the separators are
ambiguous (``1.200`` is 1200 in German and 1.2 in English) both readings are kept, so a number
matches when any reading agrees. A number followed by a scale word (``2 million``) also counts as
its product, and English number words ("three", "thirty-six", "two hundred") count as their value.

Some values are written with several numbers and read as one:

* a clock time (``09:00``, ``9:00 am``, ``9 a.m.``, ``17.30 Uhr``), keyed by its 24-hour
  reading, so ``9 pm`` == ``21:00``;
* a date (``12 March 2024``, ``March 12, 2024``, ``2024-03-12``), keyed by its ISO reading;
* a range of numbers or times (``10-15``, ``10 to 15``, ``between 10 and 15``, ``09:00 to
  17:00``), keyed by both its ends: a range matches only a range with the same two ends.

Such a value's ``keys`` are its own; its ``parts`` are the keys of the numbers it is written
with, which a passage also states ("World War II (1939-1945)" states 1939) while a sentence's
range or time needs the whole value.
"""

from __future__ import annotations

import re
import string
import unicodedata
from dataclasses import dataclass

from .terms import ORDINALS, SCALES, TENS, UNITS

# Digits, then groups joined by "," or "." or a no-break / thin space followed by 3 digits.
# Every repetition needs a separator, so matching is linear. A number starts at a digit that
# follows no word character, "." or ",": the look-behind is written after that first digit
# (it looks at the two characters ending there), so the pattern opens with a character class
# and the regex engine skips ahead to the next digit instead of trying every position.
# Measured on a 2,400-character passage: 574,000 instructions -> 192,000, and 104,000 for
# ASCII text, where the class is the plain [0-9] (\d also matches other scripts' digits).
_NUMBER_REST = (
    r"(?<![\w.,]\d)\d*(?:[.,]\d+|[\u00a0\u202f\u2009]\d{3}(?!\d))*"
    r"(?:\s*(hundred|thousand|million|billion|trillion)\b)?"
)
NUMBER_RE = re.compile(rf"\d{_NUMBER_REST}", re.IGNORECASE)
_ASCII_NUMBER_RE = re.compile(rf"[0-9]{_NUMBER_REST}", re.IGNORECASE)
_MAX_DIGITS = 30
_SCALE_VALUES = {**SCALES, "trillion": 10**12}
_WORD_RE = re.compile(r"[^\W\d_]+")
_JOIN_RE = re.compile(r"[ \t-]{1,3}")
_SPACES = str.maketrans("", "", "\u00a0\u202f\u2009")


@dataclass(slots=True, frozen=True)
class Number:
    raw: str
    start: int
    end: int
    keys: frozenset[str]
    kind: str = ""  # "time", "date", "range" (of numbers), "time range"; "" for a number
    parts: frozenset[str] = frozenset()  # keys of the numbers a composite value is written with
    shown: str = ""  # how a reason writes a composite value ("09:00-17:00"); else ``raw``

    @property
    def stated(self) -> frozenset[str]:
        """Every key a passage stating this value states."""
        return self.keys | self.parts


def _canon(int_part: str, frac: str = "") -> str:
    int_part = int_part.lstrip("0") or "0"
    frac = frac.rstrip("0")
    return f"{int_part}.{frac}" if frac else int_part


def _scaled(key: str, scale: int) -> str | None:
    """``key`` times ``scale`` as a canonical string, or None when it is too long to matter."""
    if len(key) > _MAX_DIGITS:
        return None
    int_part, _, frac = key.partition(".")
    digits = int(int_part + frac) * scale
    value = str(digits)
    if frac:
        cut = len(value) - len(frac)
        return _canon(value[:cut], value[cut:]) if cut > 0 else None
    return _canon(value)


def readings(raw: str) -> set[str]:
    """Canonical readings of a digit string such as ``1,200`` or ``3.5`` or ``1.234,5``."""
    s = raw.translate(_SPACES)
    if not s.isascii():
        s = unicodedata.normalize("NFKC", s)  # full-width and other-script digits
    parts = re.split(r"([.,])", s)
    groups, seps = parts[0::2], parts[1::2]
    if not seps:
        return {_canon(s)}
    out: set[str] = set()
    middle_ok = all(len(g) == 3 for g in groups[1:-1])
    # Every separator a thousands separator: 1,200 / 1.200.000
    if middle_ok and len(groups[-1]) == 3 and len(groups[0]) <= 3 and len(set(seps)) == 1:
        out.add(_canon("".join(groups)))
    # Last separator decimal, the others thousands: 3.5 / 1,234.5 / 1.234,5
    if middle_ok and (len(seps) == 1 or (len(groups[0]) <= 3 and seps[-1] not in seps[:-1])):
        out.add(_canon("".join(groups[:-1]), groups[-1]))
    if not out:
        out.add(s)  # a version number or a list such as 1.2.3: compared as written
    return out


def find_numbers(text: str) -> list[Number]:
    """Numbers written with digits, in order, with their readings; times, dates and ranges
    as one value each."""
    values = _times_and_dates(text)
    numbers = _plain_numbers(text, values)
    if values:
        numbers = sorted(numbers + values, key=lambda n: n.start)
    return _ranges(text, numbers) if len(numbers) > 1 else numbers


def _plain_numbers(text: str, values: list[Number]) -> list[Number]:
    found = []
    for m in (_ASCII_NUMBER_RE if text.isascii() else NUMBER_RE).finditer(text):
        if values and any(v.start <= m.start() < v.end for v in values):
            continue
        raw_digits = m.group(0)
        scale_word = m.group(1)
        if scale_word:
            raw_digits = raw_digits[: m.start(1) - m.start()].rstrip()
        keys = readings(raw_digits)
        if scale_word:
            scale = _SCALE_VALUES[scale_word.lower()]
            keys |= {s for k in list(keys) if (s := _scaled(k, scale)) is not None}
        found.append(Number(m.group(0), m.start(), m.end(), frozenset(keys)))
    return found


_MONTHS = {
    name: n
    for n, names in enumerate(
        (
            "january jan",
            "february feb",
            "march mar",
            "april apr",
            "may",
            "june jun",
            "july jul",
            "august aug",
            "september sep sept",
            "october oct",
            "november nov",
            "december dec",
        ),
        1,
    )
    for name in names.split()
}
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?\.?"
_DATE_RE = re.compile(
    r"(?<![\w.,-])(?:(\d{4})-(\d{2})-(\d{2})(?![\w-])"  # 2024-03-12
    rf"|{_DAY}\s+(?:of\s+)?({_MONTH})\.?,?\s+(\d{{4}})(?!\d)"  # 12 March 2024
    rf"|({_MONTH})\.?\s+{_DAY},?\s+(\d{{4}})(?!\d))",  # March 12, 2024
    re.IGNORECASE,
)
# A clock time: hours and minutes after ":", or an hour (minutes after "." or ":") with am/pm
# or "Uhr". "12.30" alone is a decimal number.
_TIME_RE = re.compile(
    r"(?<![\w.,:])(\d{1,2})(?:([:.])(\d{2})(?::\d{2})?)?(?!\d)"
    r"(?:\s*([ap])(?:\.\s?m\.?|m)(?!\w)|\s*(uhr)(?!\w))?",
    re.IGNORECASE,
)
_RANGE_GAP_RE = re.compile(r"\s*(?:[-\u2013\u2014]|to|until|till|through|bis)\s*", re.IGNORECASE)
_BETWEEN_RE = re.compile(r"between\s+$", re.IGNORECASE)
_AND_GAP_RE = re.compile(r"\s+and\s+", re.IGNORECASE)


def _times_and_dates(text: str) -> list[Number]:
    """The clock times and dates of ``text``, in order, none overlapping."""
    if ":" not in text and not _TIME_OR_DATE_HINT_RE.search(text):
        return []
    values: list[Number] = []
    for m in _DATE_RE.finditer(text):
        date = _date(m)
        if date is not None:
            values.append(date)
    for m in _TIME_RE.finditer(text):
        if not any(v.start <= m.start() < v.end for v in values):
            time = _time(m)
            if time is not None:
                values.append(time)
    return sorted(values, key=lambda v: v.start)


# What every time without ":" and every date has (a digit before am/pm or Uhr; a year's four
# digits). Each branch starts with a digit, which the search skips to in C; the month names it
# looked for before matched inside words ("market") and took 300 times as long on a passage.
_TIME_OR_DATE_HINT_RE = re.compile(r"\d(?:\s*(?:[ap]\.?\s?m|uhr)|\d{3})", re.IGNORECASE)


def _date(m: re.Match[str]) -> Number | None:
    g = m.groups()
    if g[0]:
        year, month, day = int(g[0]), int(g[1]), int(g[2])
    elif g[3]:
        day, month, year = int(g[3]), _MONTHS[g[4].lower()], int(g[5])
    else:
        month, day, year = _MONTHS[g[6].lower()], int(g[7]), int(g[8])
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    parts = frozenset((str(day), str(year)))
    key = f"d{year:04d}-{month:02d}-{day:02d}"
    return Number(m.group(0), m.start(), m.end(), frozenset((key,)), "date", parts)


def _time(m: re.Match[str]) -> Number | None:
    hour_text, sep, minutes, half, uhr = m.groups()
    if not (sep == ":" or half or uhr):
        return None  # a plain number, or a decimal such as 12.30
    hour, minute = int(hour_text), int(minutes or 0)
    if half:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if half.lower() == "p" else 0)
    if hour > 24 or minute > 59:
        return None
    raw = m.group(0).rstrip()
    key = f"t{hour:02d}:{minute:02d}"
    parts = frozenset((_canon(hour_text), str(hour)))
    return Number(raw, m.start(), m.start() + len(raw), frozenset((key,)), "time", parts)


def _ranges(text: str, numbers: list[Number]) -> list[Number]:
    """``numbers`` with each range of two ("10-15", "09:00 to 17:00", "between 10 and 15")
    made one value."""
    out: list[Number] = []
    i = 0
    while i < len(numbers):
        low = numbers[i]
        high = numbers[i + 1] if i + 1 < len(numbers) else None
        joined = high is not None and _joined(text, low, high)
        if joined and high is not None:
            out.append(_range(text, low, high))
            i += 2
        else:
            out.append(low)
            i += 1
    return out


def _joined(text: str, low: Number, high: Number) -> bool:
    """``low`` and ``high`` are the ends of one range: joined by a dash, "to" or "until", or
    by "and" after "between"; two times, or two numbers rising (not a score such as 3-1)."""
    gap = text[low.end : high.start]
    if not _RANGE_GAP_RE.fullmatch(gap) and not (
        _AND_GAP_RE.fullmatch(gap)
        and _BETWEEN_RE.search(text, 0, low.start)
        and not (is_year(low) and is_year(high))
    ):
        return False
    if low.kind == high.kind == "time":
        return True
    if low.kind or high.kind or _year_and_amount(text, low, high):
        return False
    return any(float(a) < float(b) for a in low.keys for b in high.keys if _plain(a, b))


# "in 2021 to 6,400", "since 2010 to 8100": a year the words before it name as one
_YEAR_SAID_RE = re.compile(r"(?i)\b(?:in|since|during|by)\s+$")


def _year_and_amount(text: str, low: Number, high: Number) -> bool:
    """Whether one end is a year and the other an amount, two kinds no range joins: "from 8.1
    million dollars in 2021 to 6.4 million dollars" goes from 8.1 to 6.4 million; "2021 to 6.4
    million" is no span. An end is an amount beside a year where it is written as no year is
    (a fraction, a separator, a scale word) or where a word before the year names it as one
    ("in 2010 to 8100"); "500 to 1500 words" stays a range."""
    if is_year(low) == is_year(high):
        return False
    year, amount = (low, high) if is_year(low) else (high, low)
    if not amount.raw.isdigit():
        return True
    return _YEAR_SAID_RE.search(text, max(0, year.start - 7), year.start) is not None


def is_year(number: Number) -> bool:
    """A year: "between 2021 and 2022" names two points in time, which a passage states
    apart ("in 2022, up from ... in 2021"); "2021-2022" or "2021 to 2022" is one span."""
    return not number.kind and _YEAR_RE.fullmatch(number.raw) is not None


YEAR_PATTERN = r"1[5-9]\d\d|20\d\d"  # a year as the readings take one
_YEAR_RE = re.compile(YEAR_PATTERN)


def _plain(*keys: str) -> bool:
    return all(k.replace(".", "", 1).isdigit() for k in keys)


def _range(text: str, low: Number, high: Number) -> Number:
    keys = frozenset(f"{a}..{b}" for a in low.keys for b in high.keys)
    kind = "time range" if low.kind == "time" else "range"
    start = low.start
    between = _BETWEEN_RE.search(text, 0, low.start)
    if between is not None and _AND_GAP_RE.fullmatch(text[low.end : high.start]):
        start = between.start()
    return Number(
        text[start : high.end],
        start,
        high.end,
        keys,
        kind,
        low.stated | high.stated,
        f"{low.raw}-{high.raw}",
    )


# "(?<!\w)" is the leading "\b" (every word starts with a letter); the look-ahead lets the
# scan skip most positions before trying forty alternatives, twice as fast on long passages.
_NUMBER_WORDS = sorted({*UNITS, *TENS, *ORDINALS}, key=len, reverse=True)
_NUMBER_WORD_RE = re.compile(
    rf"(?<!\w)(?=[{''.join(sorted({w[0] for w in _NUMBER_WORDS}))}])(?:"
    + "|".join(_NUMBER_WORDS)
    + r")\b",
    re.IGNORECASE,
)


# For ASCII text the same test without a regex: a match is a whole run of word characters
# ([A-Za-z0-9_] there) that is a number word in any case, so the runs, lower-cased, are the
# bytes left when one translation lower-cases letters and turns everything else into spaces.
# The search tries ~40 alternatives after every word start: 1,160,000 instructions on a
# 2,400-character passage; this takes 220,000.
_ASCII_WORD_CHARS = string.ascii_lowercase + string.digits + "_"
_ASCII_WORDS_TABLE = bytes(
    ord(chr(c).lower()) if chr(c).lower() in _ASCII_WORD_CHARS else ord(" ") for c in range(256)
)
_NUMBER_WORD_BYTES = frozenset(word.encode() for word in _NUMBER_WORDS)


def has_number_words(text: str) -> bool:
    """A quick test before :func:`word_numbers`."""
    if text.isascii():
        words = text.encode().translate(_ASCII_WORDS_TABLE).split()
        return not _NUMBER_WORD_BYTES.isdisjoint(words)
    return _NUMBER_WORD_RE.search(text) is not None


def word_numbers(text: str, *, strict: bool) -> list[Number]:
    """Numbers written as English words: "three", "thirty-six", "two hundred", "first".

    With ``strict`` (the sentence side) "one" alone and ordinals are skipped: "one of the" is
    rarely a count and "second" is often a unit of time. The passage side keeps all of them.
    """
    found: list[Number] = []
    words = [(m.group(0).lower(), m.start(), m.end()) for m in _WORD_RE.finditer(text)]
    i = 0
    while i < len(words):
        word, start, end = words[i]
        if word in ORDINALS:
            if not strict:
                found.append(Number(word, start, end, frozenset({str(ORDINALS[word])})))
            i += 1
            continue
        if word not in UNITS and word not in TENS:
            i += 1
            continue
        value = 0
        current = 0
        j = i
        while j < len(words):
            w = words[j][0]
            if j > i and not _JOIN_RE.fullmatch(text, words[j - 1][2], words[j][1]):
                break
            if w in UNITS:
                current += UNITS[w]
            elif w in TENS:
                current += TENS[w]
            elif w in SCALES and j > i:
                current = max(current, 1) * SCALES[w]
                if SCALES[w] >= 1000:
                    value += current
                    current = 0
            elif w == "and" and j > i and j + 1 < len(words) and words[j + 1][0] in UNITS:
                pass
            else:
                break
            end = words[j][2]
            j += 1
            if j - i > 8:
                break
        value += current
        raw = text[start:end]
        if not (strict and raw.lower() == "one"):
            found.append(Number(raw, start, end, frozenset({str(value)})))
        i = j
    return found
