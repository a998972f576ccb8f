"""The dashboard's pages one by one, in process, on PostgreSQL: queries, time and instructions.

Renders each page a reviewer clicks under `make bench-scale` (the queue's tabs, a deep keyset
page, a search, the htmx fragment "Next" swaps in, an answer page, the metrics page, the
export of 25 ticked answers) through the whole site (every middleware, the session, the
permission checks, the templates) with Django's test client, logged in as a member of the
`reviewer` group, in production settings (DEBUG off, so the cached template loader and
whitenoise's manifest, collected into a temporary directory) on a scratch database: created,
migrated and seeded with --answers answers (four clients, a few hundred decisions through the
services, the metrics' rollups rebuilt) on first use, kept for the next run. CPU per page
barely depends on the table's size (the pages read keyset ranges and capped counts), so a few
thousand answers are enough for it; `make bench-scale` is where the million is.

Prints, per page, its queries (one warm request; --sql lists them), the median wall time of
--repeat more and the median CPU time this process spent on one (the client's share of the
machine, less noisy than wall time when others load it), with the load average beside them.

Instructions, repeatable on a busy machine where wall time is not: under
``valgrind --tool=callgrind``, ``--page NAME --repeat N --quiet`` minus ``--page NAME
--repeat 0 --quiet``, divided by N, is one warm request of that page; ``--callgrind`` runs
both for every page and prints the table (slow: minutes).

    python benchmarks/pages.py [--answers 4000] [--repeat 30] [--page NAME] [--sql]
        [--profile] [--quiet] [--callgrind]

The scratch database is BENCH_DB_NAME (default citation_verifier_pages): give each branch's
run its own, and never a database somebody else is using.
"""

import argparse
import cProfile
import os
import pstats
import re
import statistics
import subprocess
import sys
import tempfile
import time
from html import unescape
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.commands import kept_database, production_env  # noqa: E402

ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"
DB_NAME = os.environ.get("BENCH_DB_NAME", "citation_verifier_pages")
CLIENTS = ("acme-rag", "beta-legal", "gamma-hr", "delta-support")
DECISIONS = 300
DEEP_PAGE = 20
NEXT_LINK = re.compile(r'<a [^>]*href="([^"]*)"[^>]*rel="next"')
# A fixed key, so every run (and both callgrind runs) signs the same cursors and sessions.
SECRET_KEY = "bench-pages-" + "k" * 50
STATIC_ROOT = Path(tempfile.gettempdir()) / f"{DB_NAME}-static"


def database_url() -> str:
    """The scratch database's URL, created on first use (migrated and seeded by `setup`)."""
    return kept_database(ADMIN_URL, DB_NAME)


def seed(answers: int) -> None:
    """Answers for four clients as `seed_answers` stores them, some decided by three
    reviewers through the services (the answer page's history, the metrics' charts), then the
    rollups counted again (the bulk load bypassed the services that keep them)."""
    from django.contrib.auth.models import Group, User
    from django.core.management import call_command

    from benchmarks.seeding import answers_seed
    from citations.management.commands.seed_answers import template
    from citations.models import Answer, ApiClient
    from citations.services import decision_record

    started = time.perf_counter()
    for name in CLIENTS:
        owner, _ = ApiClient.objects.get_or_create(name=name)
        templates = [template(n) for n in range(10, 30)]
        answers_seed(client=owner, templates=templates, count=answers // len(CLIENTS))
    deciders = [User.objects.create_user(f"bench-decider-{n}") for n in range(3)]
    for user in deciders:
        user.groups.add(Group.objects.get(name="editor"))
    for n, answer in enumerate(Answer.objects.order_by("pk")[:DECISIONS]):
        decision_record(
            answer=answer,
            reviewer=deciders[n % 3],
            action="reject" if n % 4 == 0 else "approve",
            reject_reason="wrong_number" if n % 4 == 0 else "",
            sentence_index=5,
        )
    call_command("rebuild_metrics", verbosity=0)
    with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE")
    print(f"seeded {answers:,} answers in {time.perf_counter() - started:.0f} s", flush=True)


def setup(answers: int, *, quiet: bool = False):
    """Django in production settings on the scratch database (seeded when empty), static files
    collected for the manifest; a test client logged in as a reviewer. A --quiet run (under
    callgrind) skips the migration and the collection a plain run did before it."""
    os.environ.update(production_env(database_url(), SECRET_KEY=SECRET_KEY))
    os.environ["DJANGO_SETTINGS_MODULE"] = "verifier_site.settings"
    import django
    from django.conf import settings

    django.setup()
    settings.STATIC_ROOT = STATIC_ROOT
    from django.contrib.auth.models import Group, User
    from django.core.management import call_command
    from django.test import Client

    from citations.models import Answer

    if not quiet:
        call_command("migrate", "--noinput", verbosity=0)
        call_command("collectstatic", "--noinput", verbosity=0)
    if not Answer.objects.exists():
        seed(answers)
    reviewer, created = User.objects.get_or_create(username="bench-pages-reviewer")
    if created:
        reviewer.groups.add(Group.objects.get(name="reviewer"))
    browser = Client(HTTP_HOST="127.0.0.1")
    browser.force_login(reviewer)
    return browser


def deep_url(browser) -> str:
    """Page DEEP_PAGE of the queue, found by following "Next" from the first page."""
    url = "/?status=needs_review"
    for _ in range(DEEP_PAGE - 1):
        found = NEXT_LINK.search(browser.get(url).content.decode())
        assert found, "fewer pages than DEEP_PAGE: seed more --answers"
        url = unescape(found.group(1))
    return url


def pages(browser, only: str | None) -> dict[str, tuple[str, dict]]:
    """Each page's URL and extra headers, by name (`only`: that one); the deep page's cursor
    found by following "Next" (untimed, and only when the deep page is asked for)."""
    from citations.models import Answer

    deep = f"queue-page-{DEEP_PAGE}"
    url = deep_url(browser) if only is None or only.startswith(deep) else ""
    flagged = Answer.objects.filter(review_status="needs_review").order_by("pk")
    ticked = "&".join(f"ids={pk}" for pk in flagged.values_list("pk", flat=True)[:25])
    htmx = {"HTTP_HX_REQUEST": "true"}
    every = {
        "queue": ("/?status=needs_review", {}),
        "queue-approved": ("/?status=approved", {}),
        "queue-all": ("/?status=all", {}),
        deep: (url, {}),
        f"{deep}-htmx": (url, htmx),
        "search": ("/?q=overtime", {}),
        "answer": (f"/answers/{flagged.first().pk}/", {}),
        "metrics": ("/metrics/", {}),
        "export-25-csv": (f"/answers/export/csv/?status=all&{ticked}", {}),
    }
    return {name: page for name, page in every.items() if only in (None, name)}


def get(browser, url: str, headers: dict) -> None:
    response = browser.get(url, **headers)
    assert response.status_code == 200, (url, response.status_code)
    if response.streaming:
        b"".join(response.streaming_content)


def count_queries(browser, url: str, headers: dict, show: bool) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        get(browser, url, headers)
    if show:
        for number, query in enumerate(ctx.captured_queries, start=1):
            print(f"      {number:>3}. {query['sql'][:150]}")
    return len(ctx.captured_queries)


def median_ms(browser, url: str, headers: dict, repeat: int) -> tuple[float, float]:
    """The median wall time of `repeat` requests, and the median CPU time this process spent
    on one (less noisy on a busy machine; PostgreSQL's share is not in it)."""
    times, cpu = [], []
    for _ in range(repeat):
        started, started_cpu = time.perf_counter(), time.process_time()
        get(browser, url, headers)
        cpu.append((time.process_time() - started_cpu) * 1000)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), statistics.median(cpu)


def instructions(name: str, repeat: int, answers: int) -> float:
    """One warm request's instructions: two callgrind runs, --repeat N and 0, the difference
    over N."""

    def total(requests: int) -> int:
        with tempfile.TemporaryDirectory() as out:
            subprocess.run(
                [
                    "valgrind",
                    "--tool=callgrind",
                    f"--callgrind-out-file={out}/cg.out",
                    sys.executable,
                    __file__,
                    "--page",
                    name,
                    "--repeat",
                    str(requests),
                    "--answers",
                    str(answers),
                    "--quiet",
                ],
                check=True,
                capture_output=True,
            )
            summary = (Path(out) / "cg.out").read_text().rsplit("summary:", 1)[1]
            return int(summary.split()[0])

    return (total(repeat) - total(0)) / repeat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--answers", type=int, default=4000, help="seeded when the database is new")
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--page", help="only this page (names as printed)")
    parser.add_argument("--sql", action="store_true", help="list each page's queries")
    parser.add_argument("--profile", action="store_true", help="cProfile the timed requests")
    parser.add_argument("--quiet", action="store_true", help="untimed, nothing printed")
    parser.add_argument("--callgrind", action="store_true", help="instructions a page (slow)")
    args = parser.parse_args()
    browser = setup(args.answers, quiet=args.quiet)
    chosen = pages(browser, args.page)
    for url, headers in chosen.values():
        get(browser, url, headers)  # warm: imports, compiled templates, the session
        get(browser, url, headers)
    if args.quiet:
        for url, headers in chosen.values():
            for _ in range(args.repeat):
                get(browser, url, headers)
        return
    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"load average {load}; {args.repeat} requests a page")
    print(f"  {'page':<22}{'queries':>8}{'median ms':>11}{'CPU ms':>8}{'M instr':>9}")
    for name, (url, headers) in chosen.items():
        queries = count_queries(browser, url, headers, args.sql)
        if args.profile:
            profile = cProfile.Profile()
            profile.runcall(median_ms, browser, url, headers, args.repeat)
            pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
        ms, cpu = median_ms(browser, url, headers, args.repeat)
        cost = f"{instructions(name, 10, args.answers) / 1e6:9.1f}" if args.callgrind else ""
        print(f"  {name:<22}{queries:>8}{ms:>11.2f}{cpu:>8.2f}{cost}", flush=True)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
