"""Rate-limit counters: one atomic insert-or-update per hit, so parallel requests in any number
of processes each see a different count (a read-then-write of a cached history let them
overwrite each other's, and 60 parallel requests all passed a budget of 20). Works alike on
SQLite (3.35+) and PostgreSQL; no Redis needed."""

import time

from django.db import connection

from citations.models import ThrottleCount
from citations.selectors.throttles import counter_key, window_of

# Rows of keys not seen for this long are deleted (an address that guessed once, long ago).
STALE_SECONDS = 86400


def throttle_hit(*, key: str, seconds: int, now: float | None = None) -> tuple[int, float]:
    """Count one hit for `key` in the current window of `seconds`: (hits in the window so far,
    this one included; seconds until the window closes). A row whose window has closed starts
    again at 1, in the same statement."""
    now = time.time() if now is None else now
    window_end = window_of(seconds, now)
    table = connection.ops.quote_name(ThrottleCount._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (key, window_end, hits) VALUES (%s, %s, 1) "
            f"ON CONFLICT (key) DO UPDATE SET "
            f"hits = CASE WHEN {table}.window_end = excluded.window_end "
            f"THEN {table}.hits + 1 ELSE 1 END, window_end = excluded.window_end "
            "RETURNING hits",
            [counter_key(key, seconds), window_end],
        )
        (hits,) = cursor.fetchone()
    return hits, window_end - now


def throttle_prune(*, now: float | None = None) -> int:
    """Delete the counters of keys not seen for a day; returns how many."""
    now = time.time() if now is None else now
    deleted, _ = ThrottleCount.objects.filter(window_end__lt=int(now) - STALE_SECONDS).delete()
    return deleted
