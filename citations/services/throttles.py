"""Rate-limit counters: one atomic insert-or-update per hit, so parallel requests in any number
of processes each see a different count (a read-then-write of a cached history let them
overwrite each other's, and 60 parallel requests all passed a budget of 20). Works alike on
SQLite (3.35+) and PostgreSQL; no Redis needed.

With REDIS_URL set, the API's per-client budget is counted in Redis instead (`redis_hit`): an
INCR is as atomic, and it spares every request a write transaction of its own in the database
(a commit before the submission's own; on PostgreSQL one that does not wait for the disk,
`_row`).
"""

import threading
import time

import redis
from django.conf import settings
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
            f"INSERT INTO {table} (key, window_end, hits) {_row()} "
            f"ON CONFLICT (key) DO UPDATE SET "
            f"hits = CASE WHEN {table}.window_end = excluded.window_end "
            f"THEN {table}.hits + 1 ELSE 1 END, window_end = excluded.window_end "
            "RETURNING hits",
            [counter_key(key, seconds), window_end],
        )
        (hits,) = cursor.fetchone()
    return hits, window_end - now


def _row() -> str:
    """The inserted row. On PostgreSQL, a count made on its own (not in a caller's transaction)
    commits without waiting for the disk: its row stays locked until the commit, so with the
    flush (6-9 ms on this machine's disk, a loaded 2-core one) every request of a client
    waited for the one before it, and every submission paid two flushes, not one. A crash of
    the database may forget the last hits of a window: a client then gets a few more requests
    in it than its budget."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        return "VALUES (%s, %s, 1)"
    return "SELECT %s, %s, 1 FROM (SELECT set_config('synchronous_commit', 'off', true)) AS t"


def throttle_prune(*, now: float | None = None) -> int:
    """Delete the counters of keys not seen for a day; returns how many."""
    now = time.time() if now is None else now
    deleted, _ = ThrottleCount.objects.filter(window_end__lt=int(now) - STALE_SECONDS).delete()
    return deleted


# A Redis that stops answering fails the request after this long instead of holding a worker;
# one that cannot be reached at all gives way to the database's counter (api.throttling).
REDIS_TIMEOUT_SECONDS = 5


_clients: dict[str, redis.Redis] = {}
_clients_lock = threading.Lock()


def _redis(url: str) -> redis.Redis:
    """One client (and connection pool) per process; redis-py opens a new pool after a fork.

    Built under a lock: Django's ASGI handler runs each request's view in a thread of its own,
    so a worker's first requests ask at once. Unlocked (functools.cache), each built a client
    and the last one stored replaced the others; a replaced client closes its pool when
    collected, cutting off the INCRs other threads had in flight on it ("Connection closed by
    server"), which then fell back to the database's counter and its fresh budget: 21 answers
    on a budget of 20."""
    with _clients_lock:
        if url not in _clients:
            _clients[url] = redis.Redis.from_url(
                url,
                socket_timeout=REDIS_TIMEOUT_SECONDS,
                socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
            )
        return _clients[url]


def redis_key(key: str, seconds: int, window_end: int) -> str:
    """The Redis key of `key`'s count in the window closing at `window_end`. It names the
    database: the keys hold its ids (client:1), and two sites may share one Redis."""
    database = settings.DATABASES["default"]["NAME"]
    return f"throttle:{database}:{counter_key(key, seconds)}:{window_end}"


def redis_hit(*, key: str, seconds: int, now: float | None = None) -> tuple[int, float]:
    """`throttle_hit` counted in Redis (REDIS_URL): one INCR of a key per window, which expires
    when its window has closed, sent with its EXPIREAT in one round trip."""
    now = time.time() if now is None else now
    window_end = window_of(seconds, now)
    name = redis_key(key, seconds, window_end)
    pipe = _redis(settings.REDIS_URL).pipeline(transaction=False)
    pipe.incr(name)
    pipe.expireat(name, window_end + 1)
    hits, _ = pipe.execute()
    return hits, window_end - now
