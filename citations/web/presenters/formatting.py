"""Numbers, days, durations and shortened texts as the dashboard writes them."""

import unicodedata

from django.utils.text import Truncator

DASH = "\u2013"  # shown for a share of nothing
EN_DASH = " \u2013 "


def day_text(value, *, year: bool = False) -> str:
    text = f"{value.day} {value:%b}"
    return f"{text} {value.year}" if year else text


def pct(value: float | None) -> str:
    return DASH if value is None else f"{value * 100:.0f}%"


def count_text(n: int, word: str, plural: str | None = None) -> str:
    return f"{n:,} {word if n == 1 else (plural or word + 's')}"


def duration_text(value) -> str:
    """A timedelta in its two largest units: "2 days 3 hours", "45 minutes", "under a minute"."""
    if value is None:
        return DASH
    seconds = int(value.total_seconds())
    parts = []
    for size, word in ((86400, "day"), (3600, "hour"), (60, "minute")):
        amount, seconds = divmod(seconds, size)
        if amount or parts:
            parts.append((amount, word))
    parts = [(a, w) for a, w in parts[:2] if a]
    if not parts:
        return "under a minute"
    return " ".join(count_text(a, w) for a, w in parts)


def truncated(text: str, length: int) -> str:
    """`text` as the `truncatechars` filter shows it. Most texts are shorter than `length`, and
    the filter walks each character (and looks up its translated ellipsis) even then: a short
    one is only normalised as the filter would (combining characters never lengthen it)."""
    if len(text) <= length:
        return unicodedata.normalize("NFC", text)
    return Truncator(text).chars(length)
