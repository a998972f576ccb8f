"""One API submission end to end, in process, on PostgreSQL: queries, time and instructions.

Posts the load profile's typical answer (benchmarks/typical_answer.py: 10 sentences, 5 passages)
through the whole site (every middleware, DRF, the services, the response's rendering) with
Django's test client, in production settings on a scratch database (created and migrated on
first use, kept for the next run). Prints the SQL of one warm POST and the median time of
--posts more, with the load average beside it. With ``--asgi`` the requests go through the
site's ASGI application instead (verifier_site.asgi: the body limit, the connection slots,
the handler that runs each request in a thread of its own), as uvicorn hands them over:
production's path but for the HTTP parsing.

Instructions, repeatable on a busy machine where wall time is not: under
``valgrind --tool=callgrind``, the difference between ``--posts N`` and ``--posts 0`` (both
with --quiet) divided by N is one warm POST's instructions; ``--engine`` runs the engine alone
on the same body instead, for the share that is the engine's. ``--read list`` or ``--read
detail`` does the same for the API's reads: the client's first list page (of up to 50, after
as many warm POSTs) or the newest answer, each GET in place of a POST. The median CPU time of
a request is printed beside its wall time.

PostgreSQL's own work is outside this process: ``--server`` prints it for the timed requests,
per request: the CPU time of the database's server processes (from /proc: the server must run
on this machine) and the WAL records and bytes of the transactions that wrote to this
database (pg_walinspect, created in the scratch database; other databases' writes are not
counted, so it holds on a busy server).

    python benchmarks/submission.py [--posts 200] [--profile] [--engine] [--read list|detail]
                                    [--server] [--asgi] [--quiet]
"""

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.commands import kept_database, production_env  # noqa: E402
from benchmarks.typical_answer import BODY, EVIDENCE  # noqa: E402

ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"
DB_NAME = os.environ.get("BENCH_DB_NAME", "citation_verifier_submission")
PATH = "/api/v1/answers/"
LIST_PAGE = 50  # the API's page size (REST_FRAMEWORK PAGE_SIZE)


def database_url() -> str:
    """The scratch database's URL, created on first use (migrated by `setup`)."""
    return kept_database(ADMIN_URL, DB_NAME)


def setup(asgi: bool = False):
    """Django in production settings on the scratch database, migrated; a test client (or an
    AsgiClient) with a fresh token of the client `bench-submission`."""
    os.environ.update(production_env(database_url()))
    os.environ["DJANGO_SETTINGS_MODULE"] = "verifier_site.settings"
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from citations.services import token_issue

    call_command("migrate", "--noinput", verbosity=0)
    _, key = token_issue(client_name="bench-submission")
    if asgi:
        return AsgiClient(f"Token {key}")
    return Client(HTTP_AUTHORIZATION=f"Token {key}", HTTP_HOST="127.0.0.1")


class AsgiResponse:
    def __init__(self, status_code: int, content: bytes):
        self.status_code, self.content = status_code, content

    def json(self):
        return json.loads(self.content)


class AsgiClient:
    """The test client's post and get, through the site's ASGI application on one event loop;
    the client stays connected until each response is sent."""

    def __init__(self, authorization: str):
        from verifier_site.asgi import application

        self.application = application
        self.headers = [(b"host", b"127.0.0.1"), (b"authorization", authorization.encode())]
        self.loop = asyncio.new_event_loop()

    def post(self, path: str, data: dict, content_type: str) -> AsgiResponse:
        body = json.dumps(data).encode()
        headers = [(b"content-type", content_type.encode()), (b"content-length", b"%d" % len(body))]
        return self.loop.run_until_complete(self._request("POST", path, headers, body))

    def get(self, path: str) -> AsgiResponse:
        return self.loop.run_until_complete(self._request("GET", path, [], b""))

    async def _request(self, method: str, path: str, headers: list, body: bytes) -> AsgiResponse:
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": b"",
            "root_path": "",
            "headers": self.headers + headers,
            "client": ("127.0.0.1", 50000),
            "server": ("127.0.0.1", 8000),
        }
        messages = [{"type": "http.request", "body": body, "more_body": False}]
        never = asyncio.Event()  # the client stays connected until the response is sent

        async def receive():
            if messages:
                return messages.pop()
            await never.wait()

        sent = []

        async def send(message):
            sent.append(message)

        await self.application(scope, receive, send)
        content = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
        return AsgiResponse(sent[0]["status"], content)


def post(client) -> None:
    response = client.post(PATH, BODY, content_type="application/json")
    assert response.status_code == 201, response.content[:300]


def reader(client, read: str):
    """A GET of the list's first page or of the newest answer, after enough POSTs to fill the
    page; what --read times in place of a POST."""
    for _ in range(LIST_PAGE):
        post(client)
    newest = client.get(PATH).json()["results"][0]["id"]
    path = PATH if read == "list" else f"{PATH}{newest}/"

    def get(client) -> None:
        response = client.get(path)
        assert response.status_code == 200, response.content[:300]

    return get


def show_sql(client, request) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        request(client)
    print(f"{len(ctx.captured_queries)} queries a request:")
    for number, query in enumerate(ctx.captured_queries, start=1):
        print(f"{number:>3}. {query['sql'][:160]}")


class ServerWork:
    """The scratch database's server processes' CPU ticks and WAL position, read before and
    after the timed requests through a connection of its own (not counted)."""

    def __init__(self) -> None:
        self.conn = psycopg.connect(database_url(), autocommit=True)
        self.conn.execute("CREATE EXTENSION IF NOT EXISTS pg_walinspect")
        self.ticks = os.sysconf("SC_CLK_TCK")
        self.started = self._now()

    def _now(self) -> tuple[dict[int, int], str]:
        pids = self.conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid()"
        ).fetchall()
        lsn = self.conn.execute("SELECT pg_current_wal_insert_lsn()").fetchone()[0]
        return {pid: _cpu_ticks(pid) for (pid,) in pids}, lsn

    def report(self, requests: int) -> None:
        (before, start), (after, end) = self.started, self._now()
        while self.conn.execute("SELECT pg_current_wal_flush_lsn() < %s", (end,)).fetchone()[0]:
            time.sleep(0.01)  # pg_walinspect reads only what is flushed
        ticks = sum(value - before.get(pid, 0) for pid, value in after.items())
        # A transaction's records: those of the xids that touched this database's blocks.
        records, size = self.conn.execute(
            """WITH wal AS (SELECT * FROM pg_get_wal_records_info(%s, %s)),
                    ours AS (SELECT DISTINCT xid FROM wal WHERE xid <> '0' AND block_ref LIKE
                             '%%/' || (SELECT oid FROM pg_database
                                       WHERE datname = current_database()) || '/%%')
               SELECT count(*), coalesce(sum(record_length + fpi_length), 0) FROM wal
               WHERE xid IN (SELECT xid FROM ours)""",
            (start, end),
        ).fetchone()
        print(
            f"server: CPU {ticks / self.ticks * 1000 / requests:.2f} ms, "
            f"WAL {records / requests:.1f} records, {size / requests:.0f} bytes a request"
        )


def _cpu_ticks(pid: int) -> int:
    """User and system CPU ticks of process `pid` so far (0 once it has gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15 of the line)


def timed(client, request, posts: int) -> None:
    times, cpu = [], []
    for _ in range(posts):
        started, started_cpu = time.perf_counter(), time.process_time()
        request(client)
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    print(
        f"{posts} requests: median {statistics.median(times):.2f} ms, "
        f"min {min(times):.2f} ms, CPU median {statistics.median(cpu):.2f} ms (load {load})"
    )


def engine_calls(calls: int) -> None:
    from citations import services

    evidence = services.normalise_evidence(EVIDENCE)
    for _ in range(calls + 1):  # one to warm the caches, as the site's first POST does
        services.run_engine(text=BODY["text"], evidence=evidence, citation_style="auto")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--posts", type=int, default=200)
    parser.add_argument("--profile", action="store_true", help="cProfile the timed POSTs")
    parser.add_argument("--engine", action="store_true", help="the engine alone, --posts calls")
    parser.add_argument("--read", choices=["list", "detail"], help="a GET in place of a POST")
    parser.add_argument("--server", action="store_true", help="PostgreSQL's CPU and WAL too")
    parser.add_argument("--asgi", action="store_true", help="through the ASGI application")
    parser.add_argument("--quiet", action="store_true", help="untimed, nothing printed")
    args = parser.parse_args()
    client = setup(asgi=args.asgi)
    if args.engine:
        engine_calls(args.posts)
        return
    request = reader(client, args.read) if args.read else post
    request(client)  # warm: the first request imports and compiles what the rest reuse
    request(client)
    if args.quiet:
        for _ in range(args.posts):
            request(client)
        return
    show_sql(client, request)
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(timed, client, request, args.posts)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(45)
    else:
        server = ServerWork() if args.server else None
        timed(client, request, args.posts)
        if server is not None:
            server.report(args.posts)


if __name__ == "__main__":
    main()
