"""make bench-metrics: the metrics page from rollups against the scans it replaced, on PostgreSQL.

Seeds --answers answers (default 1,000,000; 4 clients, spread over the last 29 days) into a
scratch database, decides the flagged sentences of 40 % of them (8 reviewers; a second
reviewer on one sentence of every 20th answer), backfills the rollups (`rollups_rebuild`, timed)
and runs ANALYZE (autovacuum is off on this server). Then, in the same run and alternating, it
builds the metrics page's data (`metrics_page`: every chart and tile, as the view renders them)
--repeat times each way for the default range (the last 30 days) and for one client: from the
rollups, and from the scans (benchmarks/metrics_scan.py, swapped into the presenter; the
disguised-citations tile, which the scans never had, is left out of their time). Prints p50,
p95 and the ratio, then the cost on a submission: `answer_create` with the rollup update and
without it.

    python benchmarks/metrics_scale.py [--answers 1000000] [--repeat 15] [--reuse]
"""

import argparse
import os
import statistics
import sys
import time
from contextlib import ExitStack, nullcontext
from datetime import timedelta
from pathlib import Path
from unittest import mock

import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.commands import fresh_database, manage, production_env  # noqa: E402

ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"
DB_NAME = os.environ.get("BENCH_DB_NAME", "citation_verifier_metrics_bench")
CLIENTS = 4
REVIEWERS = 8
DAYS = 29
SUBMISSIONS = 100
# The selectors the page reads that the scans replaced (the backlog is read alike both ways;
# the answers' and the citations' rollups are swapped whole in `scans`).
SCANNED = ("reviewer_workload", "rejections_by_reason", "reviewer_agreement")


def prepare(env: dict, answers: int) -> None:
    """Migrate and seed the answers (seed_answers, per client), in child processes."""
    manage(env, "migrate", "--noinput", "-v", "0")
    for n in range(CLIENTS):
        count = answers // CLIENTS + (1 if n < answers % CLIENTS else 0)
        print(manage(env, "seed_answers", str(count), "--client", f"client-{n}").strip())


def spread_and_decide(now) -> None:
    """Spread the answers over the last DAYS days and decide 40 % of them, in SQL (seeding
    bypasses the services, so the rollups are rebuilt after)."""
    from django.contrib.auth.models import User
    from django.db import connection

    from citations.domain.statuses import FLAGGED_STATUSES
    from citations.management.commands.seed_answers import template
    from citations.services import normalise_evidence, run_engine

    reviewers = [
        User.objects.get_or_create(username=f"bench-reviewer-{n}")[0].pk for n in range(REVIEWERS)
    ]
    flagged = []  # (answer text, sentence index, start, text): the templates' flagged sentences
    for n in range(10, 30):
        seed = template(n)
        report = run_engine(
            text=seed["text"], evidence=normalise_evidence(seed["evidence"]), citation_style="auto"
        ).to_dict()
        for s in report["sentences"]:
            if s["status"] in FLAGGED_STATUSES:
                flagged.append((seed["text"], s["index"], s["start"], s["text"]))
    values = ", ".join(["(%s, %s, %s, %s)"] * len(flagged))
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM citations_decision")  # a --reuse run decides again
        cursor.execute(
            "UPDATE citations_answer SET created_at = %s - (id %% %s) * interval '1 day' "
            "- (id %% 1440) * interval '1 minute'",
            [now, DAYS],
        )
        cursor.execute(
            "UPDATE citations_unresolvedcitation u SET created_at = a.created_at "
            "FROM citations_answer a WHERE a.id = u.answer_id"
        )
        cursor.execute(
            "INSERT INTO citations_decision (answer_id, verification_id, sentence_index, "
            "sentence_start, sentence_text, action, note, reject_reason, reviewer_id, created_at) "
            "SELECT a.id, v.id, t.idx, t.start, t.stext, "
            "CASE WHEN t.idx %% 2 = 0 THEN 'approve' ELSE 'reject' END, '', "
            "CASE WHEN t.idx %% 2 = 0 THEN '' ELSE 'wrong_number' END, "
            "(%s::int[])[1 + a.id %% 8], a.created_at + (a.id %% 100) * interval '1 hour' "
            f"FROM citations_answer a JOIN (VALUES {values}) t(atext, idx, start, stext) "
            "ON a.text = t.atext JOIN citations_verification v ON v.answer_id = a.id "
            "WHERE a.id %% 10 < 4 "
            "UNION ALL "
            "SELECT a.id, v.id, t.idx, t.start, t.stext, 'reject', '', '', "
            "(%s::int[])[1 + (a.id + 1) %% 8], a.created_at + interval '3 hours' "
            f"FROM citations_answer a JOIN (VALUES {values}) t(atext, idx, start, stext) "
            "ON a.text = t.atext AND t.idx = 5 JOIN citations_verification v ON v.answer_id = a.id "
            "WHERE a.id %% 20 = 0",
            [reviewers, *[x for row in flagged for x in row], reviewers]
            + [x for row in flagged for x in row],
        )
        cursor.execute(
            "UPDATE citations_answer a SET review_status = 'rejected', "
            "decided_count = a.flagged_count, review_completed_at = d.latest "
            "FROM (SELECT answer_id, max(created_at) AS latest FROM citations_decision "
            "GROUP BY answer_id) d WHERE d.answer_id = a.id"
        )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def scans() -> ExitStack:
    """The presenter reading the scans (and no disguised tile) instead of the rollups."""
    from benchmarks import metrics_scan
    from citations.web.presenters import metrics_page

    stack = ExitStack()
    for name in SCANNED:
        stack.enter_context(
            mock.patch.object(metrics_page.metrics, name, getattr(metrics_scan, name))
        )
    rollups = metrics_page.metrics

    def answers(filters):
        return rollups.AnswerRollups(
            shares=metrics_scan.pass_share_over_time(filters),
            rates=metrics_scan.validation_rate_by_client(filters),
            waits=metrics_scan.time_to_decision(filters),
        )

    def citations(filters):
        return rollups.CitationRollups(
            invented=metrics_scan.top_invented_articles(filters),
            overruns=metrics_scan.top_overrun_positions(filters),
            disguised=0,
        )

    stack.enter_context(mock.patch.object(rollups, "answer_rollups", answers))
    stack.enter_context(mock.patch.object(rollups, "citation_rollups", citations))
    return stack


def time_pages(repeat: int) -> dict[str, dict[str, list[float]]]:
    """Seconds per build of the page's data, per filter, each way, alternating."""
    from django.utils import timezone

    from citations.models import ApiClient
    from citations.selectors.metrics import Filters
    from citations.web.presenters.metrics_page import metrics_page

    today = timezone.localdate()
    filters = {
        "last 30 days, all clients": Filters(today - timedelta(days=29), today),
        "last 30 days, one client": Filters(
            today - timedelta(days=29), today, client=ApiClient.objects.get(name="client-0")
        ),
    }
    times: dict[str, dict[str, list[float]]] = {
        name: {"rollups": [], "scans": []} for name in filters
    }
    for _ in range(repeat):
        for name, chosen in filters.items():
            for way in ("rollups", "scans"):
                with scans() if way == "scans" else nullcontext():
                    started = time.perf_counter()
                    metrics_page(chosen)
                    times[name][way].append(time.perf_counter() - started)
    return times


def time_submissions() -> dict[str, float]:
    """Median seconds of `answer_create`, with the rollup update and without."""
    from citations.management.commands.seed_answers import template
    from citations.models import ApiClient
    from citations.services import answer_create, answers

    client = ApiClient.objects.get(name="client-0")
    seed = template(12)
    times: dict[str, list[float]] = {"with rollups": [], "without": []}
    for n in range(SUBMISSIONS):
        for way in times:
            patch = (
                mock.patch.object(answers, "rollup_answer_stored", lambda **kw: None)
                if way == "without"
                else nullcontext()
            )
            with patch:
                started = time.perf_counter()
                answer_create(
                    client=client, text=f"{seed['text']} Run {n}.", evidence=seed["evidence"]
                )
                times[way].append(time.perf_counter() - started)
    return {way: statistics.median(values) for way, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument(
        "--reuse", action="store_true", help="keep the answers a previous run seeded"
    )
    args = parser.parse_args()
    url = ADMIN_URL.rsplit("/", 1)[0] + "/" + DB_NAME
    env = production_env(
        url if args.reuse else fresh_database(ADMIN_URL, DB_NAME),
        DJANGO_SETTINGS_MODULE="verifier_site.settings",
        DB_STATEMENT_TIMEOUT_MS="0",  # seeding's bulk statements run longer than a request's
    )
    started = time.perf_counter()
    if not args.reuse:
        prepare(env, args.answers)
    os.environ.update(env)
    import django

    django.setup()
    from django.utils import timezone

    from citations.services import rollups_rebuild

    spread_and_decide(timezone.now())
    seeded = time.perf_counter() - started
    started = time.perf_counter()
    rollups_rebuild()
    rebuilt = time.perf_counter() - started
    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE")
        decisions = conn.execute("SELECT count(*) FROM citations_decision").fetchone()[0]
        answers = conn.execute("SELECT count(*) FROM citations_answer").fetchone()[0]
    print(
        f"\nN = {answers:,} answers, {decisions:,} decisions: seeded in {seeded:.0f} s, "
        f"rollups rebuilt in {rebuilt:.1f} s; load average {os.getloadavg()[0]:.2f} "
        f"on {os.cpu_count()} cores"
    )
    times = time_pages(args.repeat)
    print(f"\nmetrics page data, {args.repeat} builds each way (alternating):")
    for name, ways in times.items():
        p = {way: (percentile(v, 0.5), percentile(v, 0.95)) for way, v in ways.items()}
        print(
            f"  {name:<28} rollups p50 {p['rollups'][0] * 1000:8.1f} ms  p95 "
            f"{p['rollups'][1] * 1000:8.1f} ms | scans p50 {p['scans'][0] * 1000:8.1f} ms  p95 "
            f"{p['scans'][1] * 1000:8.1f} ms | p95 scans / rollups "
            f"{p['scans'][1] / p['rollups'][1]:.1f}x"
        )
    cost = time_submissions()
    print(
        f"\nanswer_create, median of {SUBMISSIONS}: with the rollup update "
        f"{cost['with rollups'] * 1000:.1f} ms, without {cost['without'] * 1000:.1f} ms "
        f"(ratio {cost['with rollups'] / cost['without']:.2f})"
    )
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
