"""make bench-queue: the dashboard queue, the API's list, search and tab counts at scale, on
PostgreSQL, the OFFSET way against keyset pages in the same run.

Seeds --answers answers (default 1,000,000) into a scratch database: `seed_answers` stores a
base of real answers (verified, evidence, reports) for four clients, then SQL copies them with
their order columns spread (created over 180 days, a weakest support to two decimals, one in
ten decided), with the PostgreSQL-only indexes (migrations 0017, 0019) built after the load
and ANALYZE (autovacuum is off on this server). The copies have no verification rows: nothing
timed here reads them. Then, in this process on the production settings, each read --repeat
times, p50 and p95 in ms:

- queue pages 100, 1000 and 5000 (25 answers a page) of the needs-review tab in every sort,
  and the "all" tab by severity: `rows[offset:offset + 25]` against `keyset_page` with the
  cursor of that depth;
- the tab counts: the former GROUP BY over every answer against the capped counts;
- the day's progress at the queue page's head: the former count over every answer of the
  scope against the capped count of the waiting ones beside the finished reviews;
- the API's list of one client (50 a page): COUNT plus OFFSET against `keyset_page`;
- a search every answer matches ("leave"): the former full counts and first page against the
  keyset first page (a search is not counted);
- one search of each kind (SEARCHES: a word in every answer, a common word, a common word and
  a number, a rare number, a word in none, and pairs of them), its first page and page
  SEARCH_DEEP in the severity and age sorts, through the queue's reader;
- the queue view (tab counts, page, rows, the htmx fragment "Next" swaps in) at page 5000,
  through Django's test client: what a reviewer waits for, keyset only.

    python benchmarks/queue_scale.py [--answers 1000000] [--repeat 15] [--reuse]
        [--parts queue,api,search,view]

The scratch database is BENCH_DB_NAME (default citation_verifier_queue_bench): give each
branch's run its own.
"""

import argparse
import importlib
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.commands import fresh_database, manage, production_env  # noqa: E402

ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"
DB_NAME = os.environ.get("BENCH_DB_NAME", "citation_verifier_queue_bench")
CLIENTS = ("acme-rag", "beta-legal", "gamma-hr", "delta-support")
BASE_PER_CLIENT = 500
PAGES = (100, 1000, 5000)
API_PAGES = (100, 1000, 4000)
QUEUE_SIZE = 25
API_SIZE = 50
SEARCH_ALL = "leave"
# One search of each kind, by how many of the seeded answers hold its words (every answer's
# question is "What are the leave rules (case N)?", N below 5,000; each base text is copied
# 500 times): the search's first page and page SEARCH_DEEP in two sorts.
SEARCHES = {
    "every answer": "leave",
    "common word": "overtime",
    "common word and number (5 %)": "case 15",
    "rare number (0.02 %)": "4321",
    "common and rare word": "leave 4321",
    "a word in none": "zebra",
    "common word and word in none": "leave zebra",
}
SEARCH_DEEP = 20
# The reads of the OFFSET way at a million answers take seconds each: after this much time
# on one read, three timings are enough to tell (the line says how many were taken).
BUDGET_S = 30
KEYSET_MIGRATION = "0017_keyset_indexes"
SEARCH_MIGRATION = "0019_answer_search_document"
# The copies' columns that differ from their base answer; the rest are copied as they are.
SPREAD = {
    "created_at": "now() - random() * interval '180 days'",
    "min_support": "CASE WHEN a.min_support IS NULL THEN NULL "
    "ELSE round(random()::numeric, 2)::float8 END",
    "question": "'What are the leave rules (case ' || ((g * 7 + a.id) % 5000) || ')?'",
    "review_status": "CASE WHEN a.review_status = 'needs_review' AND (g + a.id) % 10 = 0 "
    "THEN CASE WHEN (g + a.id) % 20 = 0 THEN 'approved' ELSE 'rejected' END "
    "ELSE a.review_status END",
    "review_completed_at": "CASE WHEN a.review_status = 'needs_review' AND (g + a.id) % 10 = 0 "
    "THEN now() - random() * interval '30 days' ELSE a.review_completed_at END",
}


def index_statements(direction: str) -> list[str]:
    """The PostgreSQL-only indexes' CREATE (or DROP) statements, from their migrations: the
    keyset pages' and the search's GIN index (its column and trigger stay: the trigger fills
    the copies' stored words as they are inserted)."""
    keyset = importlib.import_module(f"citations.migrations.{KEYSET_MIGRATION}")
    search = importlib.import_module(f"citations.migrations.{SEARCH_MIGRATION}")
    return [
        *getattr(keyset, direction),
        search.INDEX if direction == "CREATE" else search.DROP_INDEX,
    ]


def seed(env: dict, answers: int) -> None:
    started = time.perf_counter()
    manage(env, "migrate", "--noinput", "-v", "0")
    for name in CLIENTS:
        manage(env, "seed_answers", str(BASE_PER_CLIENT), "--client", name)
    base = BASE_PER_CLIENT * len(CLIENTS)
    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as conn:
        for sql in index_statements("DROP"):  # built once after the load: far faster
            conn.execute(sql)
        columns = [
            row[0]
            for row in conn.execute(
                "SELECT column_name FROM information_schema.columns "
                "WHERE table_name = 'citations_answer' AND column_name <> 'id' "
                "ORDER BY ordinal_position"
            )
        ]
        values = ", ".join(SPREAD.get(column, f"a.{column}") for column in columns)
        copies = max(0, answers - base)
        conn.execute(
            f"INSERT INTO citations_answer ({', '.join(columns)}) "
            f"SELECT {values} FROM citations_answer a "
            f"CROSS JOIN generate_series(1, {copies // base + 1}) AS g LIMIT {copies}"
        )
        print(f"  stored {answers:,} answers in {time.perf_counter() - started:.0f} s", flush=True)
        conn.execute("SET maintenance_work_mem = '512MB'")
        for sql in index_statements("CREATE"):
            conn.execute(sql)
        conn.execute("VACUUM ANALYZE")
    print(f"  indexed and analysed at {time.perf_counter() - started:.0f} s", flush=True)


def timed(read: Callable[[], object], repeat: int) -> list[float] | None:
    """`repeat` timings of `read` in ms, fewer (at least 3) once they took BUDGET_S; None
    when the server cancelled it (DB_STATEMENT_TIMEOUT_MS, 30 s: what a page would get)."""
    from django.db import OperationalError

    try:
        read()  # warm: the first read of a page pulls its index pages into the cache
    except OperationalError:
        return None
    times: list[float] = []
    while len(times) < repeat and (len(times) < 3 or sum(times) < BUDGET_S * 1000):
        started = time.perf_counter()
        read()
        times.append((time.perf_counter() - started) * 1000)
    return times


def p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20, method="inclusive")[-1]


def line(label: str, old: list[float] | str | None, new: list[float] | None) -> None:
    """`old` is None when there is no old way, "timeout" when the server cancelled it."""
    assert new is not None, f"{label}: cancelled by the statement timeout"
    new_text = f"{statistics.median(new):11.1f}{p95(new):8.1f}"
    if old is None or old == "timeout":
        print(f"  {label:<44}{'' if old is None else 'cancelled at 30 s':>18}{new_text}")
        return
    ratio = p95(old) / p95(new)
    old_text = f"{statistics.median(old):10.1f}{p95(old):8.1f}"
    print(f"  {label:<44}{old_text}{new_text}   x{ratio:,.0f}  (n={len(old)}/{len(new)})")


def offset_page(rows, page: int, size: int) -> Callable[[], list]:
    """The former read: OFFSET walks every row before the page."""
    return lambda: list(rows[(page - 1) * size : page * size])


def cursor_at(plain, rows, reader, page: int, size: int) -> str | None:
    """The cursor the `next` link of page `page - 1` carries (None: the data has no such
    page), found the slow way (OFFSET in `plain`, the same rows in the same order) or, when
    the server cancels that, by following `next` links; untimed."""
    from django.db import OperationalError

    from citations.selectors.keyset import Keyset
    from citations.selectors.keyset_pages import keyset_page

    pks = plain.values_list("pk", flat=True)[(page - 1) * size - 1 : (page - 1) * size]
    try:
        found = list(pks)
    except OperationalError:
        cursor = None
        for _ in range(page - 1):
            cursor = keyset_page(rows, size=size, cursor=cursor, reader=reader).next
        return cursor
    if not found:
        return None
    row = Keyset(rows).ordered(rows).get(pk=found[0])  # with its key, as a page reads it
    return reader.cursor(reader.key_of_row(row), backward=False)


def deep(label: str, plain, page: int, size: int, repeat: int, *, read=None, extra=None):
    """Page `page` both ways: OFFSET in `plain` (with `extra`, e.g. a count, beside it)
    against a keyset page of `read` (rows and their reader; by default `plain`'s Keyset)."""
    from citations.selectors.keyset import Keyset
    from citations.selectors.keyset_pages import keyset_page

    rows, reader = read or (plain, Keyset(plain))
    cursor = cursor_at(plain, rows, reader, page, size)
    if cursor is None:
        print(f"  {label:<44}(fewer pages)")
        return
    old = timed(lambda: (extra and extra(), offset_page(plain, page, size)()), repeat) or "timeout"
    new = timed(lambda: keyset_page(rows, size=size, cursor=cursor, reader=reader).rows, repeat)
    line(label, old, new)


def grouped_counts(queryset) -> Callable[[], list]:
    """The former queue_counts: a GROUP BY that reads every answer."""
    from django.db.models import Count

    return lambda: list(queryset.order_by().values("review_status").annotate(total=Count("*")))


def measure_queue(repeat: int) -> None:
    from django.utils import timezone

    from citations.models import Answer
    from citations.selectors.queue import (
        SORT_ORDERS,
        progress_today,
        queue_counts,
        review_queue_page_rows,
        review_queue_reader,
    )

    current = Answer.objects.current()
    for sort in SORT_ORDERS:
        plain = review_queue_page_rows(current, status="needs_review", sort=sort)
        read = review_queue_reader(current, status="needs_review", sort=sort)
        for page in PAGES:
            label = f"queue needs review, {sort}, page {page}"
            deep(label, plain, page, QUEUE_SIZE, repeat, read=read)
    plain = review_queue_page_rows(current, status=None, sort="severity")
    for page in PAGES:
        deep(f"queue all, severity, page {page}", plain, page, QUEUE_SIZE, repeat)
    old = timed(grouped_counts(current), repeat) or "timeout"
    line("tab counts", old, timed(lambda: queue_counts(current), repeat))
    viewer = _viewer()
    since = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    old = timed(former_progress(viewer, since), repeat) or "timeout"
    new = timed(lambda: progress_today(user=viewer, since=since), repeat)
    line("the day's progress (queue page head)", old, new)


def former_progress(user, since) -> Callable[[], dict]:
    """The former progress_today: one count over every answer of the user's scope."""
    from django.db.models import Count, Q

    from citations.models import Answer, ReviewStatus
    from citations.selectors.queue import DEFAULT_SCOPE, queue_scope

    scoped = queue_scope(Answer.objects.current(), scope=DEFAULT_SCOPE, user=user)
    done = Q(review_completed_at__gte=since) & ~Q(review_status=ReviewStatus.NEEDS_REVIEW)
    waiting = Q(review_status=ReviewStatus.NEEDS_REVIEW)
    counts = {"decided": Count("pk", filter=done), "total": Count("pk")}
    return lambda: scoped.filter(done | waiting).aggregate(**counts)


def _viewer():
    """The superuser the reads are timed as (its scope is every answer)."""
    from django.contrib.auth import get_user_model

    viewer, _ = get_user_model().objects.get_or_create(
        username="bench-queue", defaults={"is_superuser": True, "is_staff": True}
    )
    return viewer


def measure_api(repeat: int) -> None:
    from citations.models import ApiClient
    from citations.selectors import answer_client_list

    client = ApiClient.objects.get(name=CLIENTS[0])
    listed = answer_client_list(client=client).filter(is_current=True).defer("text")
    for page in API_PAGES:
        deep(f"API list, page {page}", listed, page, API_SIZE, repeat, extra=listed.count)


def search_line(label: str, times: list[float] | None) -> None:
    if times is None:
        print(f"  {label:<44}{'':>18}{'cancelled at 30 s':>19}")
    else:
        line(label, None, times)


def measure_search_pages(label: str, rows, reader, repeat: int) -> None:
    """A search's first page and page SEARCH_DEEP (reached by following its next links,
    untimed), as the queue reads them."""
    from django.db import OperationalError

    from citations.selectors.keyset_pages import keyset_page

    cursor = None
    for page in range(1, SEARCH_DEEP + 1):
        if page in (1, SEARCH_DEEP):
            read = lambda c=cursor: keyset_page(rows, size=QUEUE_SIZE, cursor=c, reader=reader)  # noqa: E731
            search_line(f"{label}, page {page}", timed(read, repeat))
        try:
            cursor = keyset_page(rows, size=QUEUE_SIZE, cursor=cursor, reader=reader).next
        except OperationalError:
            return
        if cursor is None:
            return


def measure_search(repeat: int) -> None:
    """Each kind of search (SEARCHES) through the queue's own reader, its first and a deep
    page in two sorts; and for a search every answer matches, the former full counts and
    OFFSET beside the first page."""
    from citations.models import Answer
    from citations.selectors.keyset_pages import keyset_page
    from citations.selectors.queue import queue_search, queue_sorted, review_queue_reader

    current = Answer.objects.current()
    found = queue_sorted(queue_search(current, SEARCH_ALL), sort="severity")
    rows, reader = review_queue_reader(found, status="needs_review", sort="severity")
    old = timed(lambda: (grouped_counts(found)(), offset_page(rows, 1, QUEUE_SIZE)()), repeat)
    new = timed(lambda: keyset_page(rows, size=QUEUE_SIZE, reader=reader).rows, repeat)
    line(f"search '{SEARCH_ALL}' (all match): page 1 (+ counts)", old or "timeout", new)
    for kind, text in SEARCHES.items():
        print(f"  {kind}:")
        for sort in ("severity", "age"):
            found = queue_sorted(queue_search(current, text), sort=sort)
            rows, reader = review_queue_reader(found, status="needs_review", sort=sort)
            measure_search_pages(f"search '{text}', {sort}", rows, reader, repeat)


def measure_view(repeat: int) -> None:
    """The queue view a reviewer waits for, at the deepest page, keyset only."""
    from django.test import Client

    from citations.models import Answer
    from citations.selectors.keyset import Keyset
    from citations.selectors.queue import queue_sorted, review_queue_page_rows

    browser = Client(HTTP_HOST="localhost")
    browser.force_login(_viewer())
    current = Answer.objects.current()
    rows = review_queue_page_rows(queue_sorted(current, sort="severity"), status="needs_review")
    keyset = Keyset(rows)
    page, cursor = next(
        (page, cursor)
        for page in reversed(PAGES)
        if (cursor := cursor_at(rows, rows, keyset, page, QUEUE_SIZE)) is not None
    )
    url = "/?scope=all&cursor=" + cursor

    def fragment():  # what "Next" asks for with htmx (the whole page needs collectstatic)
        response = browser.get(url, HTTP_HX_REQUEST="true")
        assert response.status_code == 200 and b'rel="next"' in response.content

    line(f"queue view (htmx fragment) at page {page}", None, timed(fragment, repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--parts", default="queue,api,search,view", help="which reads to time")
    parser.add_argument(
        "--reuse", action="store_true", help="the database a run seeded, its indexes updated"
    )
    args = parser.parse_args()
    admin = ADMIN_URL.rsplit("/", 1)[0]
    url = f"{admin}/{DB_NAME}" if args.reuse else fresh_database(ADMIN_URL, DB_NAME)
    env = production_env(url, DJANGO_SETTINGS_MODULE="verifier_site.settings")
    if args.reuse:  # the indexes as the code now has them
        with psycopg.connect(url, autocommit=True) as conn:
            for sql in index_statements("CREATE"):
                conn.execute(sql)
            conn.execute("ANALYZE citations_answer")
    else:
        print(f"Seeding {args.answers:,} answers …", flush=True)
        seed(env, args.answers)
    os.environ.update(env)
    import django

    django.setup()
    from citations.models import Answer

    print(f"{Answer.objects.count():,} answers; load {os.getloadavg()[0]:.2f} at the start")
    print(f"\n  {'read':<44}{'OFFSET p50':>10}{'p95':>8}{'keyset p50':>11}{'p95':>8}   p95 ratio")
    parts = {
        "queue": measure_queue,
        "api": measure_api,
        "search": measure_search,
        "view": measure_view,
    }
    for part in args.parts.split(","):
        parts[part](args.repeat)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
