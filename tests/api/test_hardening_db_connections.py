"""However many requests arrive at once, the site holds at most workers x
DB_CONNECTIONS_PER_WORKER database connections (verifier_site/db_slots.py); the other requests
wait for a slot and are answered. (Under ASGI every request in flight held a connection of its
own, and persistent ones outlived their requests: three workers held 96 and PostgreSQL refused
the rest.) With the pool (DB_POOL, the default on PostgreSQL) the same few connections serve
every request; without it each request opens its own. Sent over HTTP to the site as `make serve`
runs it; the connections are counted by PostgreSQL, so this runs on PostgreSQL only."""

import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
from django.db import connection

from citations.services import token_issue
from tests.served import served_site

from .payloads import ANSWERS, body
from .site_process import database_url

WORKERS = 2
PER_WORKER = 2
PARALLEL = 24
# Long enough for the engine to hold each request's connection a while (tens of ms).
SENTENCES = " ".join(f"Employees get {n} days of paid annual leave [1]." for n in range(60))

pytestmark = pytest.mark.django_db(transaction=True)


class PeakConnections:
    """The most connections to the test database at once, but for this process's own and the
    sampler's, and every backend seen, polled from pg_stat_activity while the block runs."""

    def __init__(self, url: str, name: str, ignore: set[int]):
        self.url, self.name, self.ignore, self.peak, self.samples = url, name, ignore, 0, 0
        self.backends: set[int] = set()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run)

    def _run(self) -> None:
        with psycopg.connect(self.url, autocommit=True) as conn:
            while not self._stop.is_set():
                pids = conn.execute(
                    "SELECT pid FROM pg_stat_activity WHERE datname = %s "
                    "AND pid <> pg_backend_pid() AND NOT pid = ANY(%s)",
                    (self.name, list(self.ignore)),
                ).fetchall()
                self.peak, self.samples = max(self.peak, len(pids)), self.samples + 1
                self.backends.update(pid for (pid,) in pids)
                time.sleep(0.002)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()


@pytest.mark.parametrize("pooled", [True, False], ids=["pool", "no-pool"])
def test_parallel_submissions_stay_within_the_connection_bound(processes, pooled):
    if connection.vendor != "postgresql":
        pytest.skip("counts PostgreSQL's connections (pg_stat_activity); run with DATABASE_URL")
    _, key = token_issue(client_name="pipeline")
    headers = {"Authorization": f"Token {key}", "Content-Type": "application/json"}
    payload = json.dumps(body(text=SENTENCES))
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (own,) = cursor.fetchone()
    url = database_url(connection.settings_dict)
    env = {
        "DATABASE_URL": url,
        "DB_CONNECTIONS_PER_WORKER": str(PER_WORKER),
        "API_THROTTLE_RATE": "100000/min",
        # Said explicitly: tests/settings.py, which the served site loads, has no pool otherwise.
        "DB_POOL": str(pooled).lower(),
    }

    def post(_) -> int:
        return site.request("POST", ANSWERS, body=payload, headers=headers, timeout=120)[0]

    with (
        served_site(processes, workers=WORKERS, **env) as site,
        PeakConnections(url, connection.settings_dict["NAME"], {own}) as connections,
        ThreadPoolExecutor(max_workers=PARALLEL) as pool,
    ):
        statuses = list(pool.map(post, range(PARALLEL)))

    assert statuses == [201] * PARALLEL  # every request waited its turn and was answered
    assert connections.samples > 10
    # Without the pool a request closes its connection before its slot goes to the next, but
    # the closed connection's backend can stay in pg_stat_activity a few ms while it exits (seen
    # under load: 5 against 4), so each worker may show one backend on its way out.
    exiting = 0 if pooled else WORKERS
    assert 0 < connections.peak <= WORKERS * PER_WORKER + exiting
    if pooled:
        # Reused: no more backends over the whole run than the pools may hold at once.
        assert len(connections.backends) <= WORKERS * PER_WORKER
    else:
        # Each request connected anew (the sampler, every 2 ms, misses some short ones).
        assert len(connections.backends) > WORKERS * PER_WORKER
