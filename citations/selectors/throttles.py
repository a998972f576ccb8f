"""Reads of the rate-limit counters (written by services.throttles), and how a counter is keyed:
one row per key, holding its current fixed window; the window's length is part of the key."""

import time

from django.db.models import QuerySet

from citations.models import ThrottleCount


def window_of(seconds: int, now: float) -> int:
    """The end (Unix seconds) of the fixed window of `seconds` that holds `now`."""
    return (int(now) // seconds + 1) * seconds


def counter_key(key: str, seconds: int) -> str:
    # A rate changed from per minute to per hour starts a new count, not a mixed one.
    return f"{key}/{seconds}"


def throttle_hits(*, key: str, seconds: int, now: float | None = None) -> tuple[int, float]:
    """(hits for `key` in the current window of `seconds`, seconds until it closes)."""
    now = time.time() if now is None else now
    window_end = window_of(seconds, now)
    rows = list(throttle_hits_query(key=key, seconds=seconds, now=now))
    return (rows[0]["hits"] if rows else 0), window_end - now


def throttle_hits_query(*, key: str, seconds: int, now: float) -> QuerySet:
    """`key`'s hits in the window of `seconds` that holds `now`, as a query of one value (no
    row: no hit yet)."""
    stored_key, window_end = counter_row(key=key, seconds=seconds, now=now)
    rows = ThrottleCount.objects.filter(key=stored_key, window_end=window_end)
    return rows.values("hits")[:1]


def counter_row(*, key: str, seconds: int, now: float) -> tuple[str, int]:
    """The stored key and window end of `key`'s counter in the window of `seconds` holding
    `now`: what a read of its hits in another query matches (selectors.clients)."""
    return counter_key(key, seconds), window_of(seconds, now)
