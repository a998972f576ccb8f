"""One API submission end to end, in process, on PostgreSQL: queries, time and instructions.

Posts the load profile's typical answer (benchmarks/typical_answer.py: 10 sentences, 5 passages)
through the whole site (every middleware, DRF, the services, the response's rendering) with
Django's test client, in production settings on a scratch database (created and migrated on
first use, kept for the next run). Prints the SQL of one warm POST and the median time of
--posts more, with the load average beside it.

Instructions, repeatable on a busy machine where wall time is not: under
``valgrind --tool=callgrind``, the difference between ``--posts N`` and ``--posts 0`` (both
with --quiet) divided by N is one warm POST's instructions; ``--engine`` runs the engine alone
on the same body instead, for the share that is the engine's.

    python benchmarks/submission.py [--posts 200] [--profile] [--engine] [--quiet]
"""

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.commands import kept_database, production_env  # noqa: E402
from benchmarks.typical_answer import BODY, EVIDENCE  # noqa: E402

ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"
DB_NAME = os.environ.get("BENCH_DB_NAME", "citation_verifier_submission")
PATH = "/api/v1/answers/"


def database_url() -> str:
    """The scratch database's URL, created on first use (migrated by `setup`)."""
    return kept_database(ADMIN_URL, DB_NAME)


def setup():
    """Django in production settings on the scratch database, migrated; a test client with a
    fresh token of the client `bench-submission`."""
    os.environ.update(production_env(database_url()))
    os.environ["DJANGO_SETTINGS_MODULE"] = "verifier_site.settings"
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from citations.services import token_issue

    call_command("migrate", "--noinput", verbosity=0)
    _, key = token_issue(client_name="bench-submission")
    return Client(HTTP_AUTHORIZATION=f"Token {key}", HTTP_HOST="127.0.0.1")


def post(client) -> None:
    response = client.post(PATH, BODY, content_type="application/json")
    assert response.status_code == 201, response.content[:300]


def show_sql(client) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        post(client)
    print(f"{len(ctx.captured_queries)} queries a POST:")
    for number, query in enumerate(ctx.captured_queries, start=1):
        print(f"{number:>3}. {query['sql'][:160]}")


def timed(client, posts: int) -> None:
    times = []
    for _ in range(posts):
        started = time.perf_counter()
        post(client)
        times.append((time.perf_counter() - started) * 1000)
    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    print(
        f"{posts} POSTs: median {statistics.median(times):.2f} ms, "
        f"min {min(times):.2f} ms (load {load})"
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
    parser.add_argument("--quiet", action="store_true", help="untimed, nothing printed")
    args = parser.parse_args()
    client = setup()
    if args.engine:
        engine_calls(args.posts)
        return
    post(client)  # warm: the first request imports and compiles what the rest reuse
    post(client)
    if args.quiet:
        for _ in range(args.posts):
            post(client)
        return
    show_sql(client)
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(timed, client, args.posts)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(45)
    else:
        timed(client, args.posts)


if __name__ == "__main__":
    main()
