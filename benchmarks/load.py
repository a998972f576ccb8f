"""make bench-load: the site as `make serve` runs it, on PostgreSQL on loopback, driven by
locust headless: gunicorn with uvicorn workers (verifier_site/gunicorn_conf.py, --workers),
the connection pool on (DB_POOL), a db_worker beside them.

Prints submissions per second and p50/p95 at concurrency 8 for a typical answer (10 sentences,
5 passages), and queue and answer page p95 with --answers stored answers at --page-users
reviewers at once (and at 8), each beside /healthz measured in the same run; then the queue's
text search p95 at --page-users (one answer, one in twenty, every answer matching), beside the
unfiltered queue page measured in the same run. Locust, gunicorn
and PostgreSQL share the machine's cores. Bounded: every locust run stops after --seconds;
gunicorn is stopped at the end.

    python benchmarks/load.py [--answers 100000] [--seconds 20] [--users 8] [--page-users 2]
"""

import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil
import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.commands import fresh_database, manage, production_env  # noqa: E402

BIN = Path(sys.executable).parent
# Overridable, so two checkouts on one machine can benchmark without sharing a port or database.
PORT = int(os.environ.get("BENCH_PORT", "8123"))
HOST = f"http://127.0.0.1:{PORT}"
ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"
DB_NAME = os.environ.get("BENCH_DB_NAME", "citation_verifier_bench")
WARM_UP_SECONDS = 4
TARGETS = {"submissions_per_s": 100.0, "page_p95_ms": 150.0}


def wait_until_up(timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(HOST + "/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise SystemExit("gunicorn did not come up on " + HOST)


def locust(env: dict, user_class: str, users: int, seconds: int, out: Path) -> dict[str, dict]:
    """locust's rows by request name, each with the run's `LOCUST_CPU` added."""
    prefix = out / user_class
    finished = subprocess.run(
        [
            str(BIN / "locust"),
            "-f",
            str(ROOT / "benchmarks/locustfile.py"),
            "--headless",
            "--only-summary",
            "-u",
            str(users),
            "-r",
            str(users),
            "-t",
            f"{seconds}s",
            "--host",
            HOST,
            "--csv",
            str(prefix),
            "--stop-timeout",
            "5",
            user_class,
        ],
        env=env,
        check=False,
        capture_output=True,
        text=True,
        timeout=seconds + 60,
    )
    rows = {}
    with open(f"{prefix}_stats.csv", newline="") as handle:
        for row in csv.DictReader(handle):
            # The aggregated row is kept for the search run: the p95 over all its requests.
            name = f"{user_class}: all" if row["Name"] == "Aggregated" else row["Name"]
            rows[name] = row
    cpu_ms = locust_cpu_ms(finished.stdout, rows[f"{user_class}: all"])
    for row in rows.values():
        row[LOCUST_CPU] = cpu_ms
    return rows


LOCUST_CPU = "locust CPU ms a request"
CPU_LINE = "locust CPU seconds:"  # benchmarks/locustfile.py's last line of a run


def locust_cpu_ms(stdout: str, aggregated: dict) -> float:
    """Locust's CPU a request over a run (benchmarks/locustfile.py prints its CPU seconds),
    NaN when it printed none."""
    found = re.search(rf"^{re.escape(CPU_LINE)} ([0-9.]+)$", stdout, re.MULTILINE)
    requests = int(aggregated["Request Count"])
    return float(found[1]) * 1000 / requests if found and requests else float("nan")


def figures(row: dict) -> tuple[float, float, float, int]:
    return (
        float(row["Requests/s"]),
        float(row["50%"]),
        float(row["95%"]),
        int(row["Failure Count"]),
    )


def tcp_sockets(pid: int, port: int, status: str) -> int:
    """How many of process `pid`'s TCP sockets on `port` are in `status` (0 once it is gone)."""
    try:
        sockets = psutil.Process(pid).net_connections(kind="tcp")
    except psutil.NoSuchProcess:
        return 0
    return sum(1 for c in sockets if c.status == status and c.laddr.port == port)


def bench_env(database_url: str, workers: int) -> dict[str, str]:
    """Production settings on `database_url`, as `make serve` has them: DB_CONN_MAX_AGE left
    at 0, so the pool is on (persistent connections turn it off, and under ASGI pile up)."""
    return production_env(database_url, WORKERS=str(workers))


def prepare(env: dict, answers: int) -> None:
    """Migrate and seed, then add to `env` what the locust users read (`credentials`)."""
    print(f"Preparing: migrate, seed {answers:,} answers …", flush=True)
    manage(env, "migrate", "--noinput", "-v", "0")  # the cache table too
    manage(env, "collectstatic", "--noinput", "-v", "0")
    print(manage(env, "seed_answers", str(answers)).strip(), flush=True)
    # As autovacuum would in production: planner statistics and the visibility map that lets
    # the queue's counts be an index-only scan.
    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as conn:
        conn.execute(REF_IN_QUESTION)
        conn.execute("VACUUM ANALYZE")
    credentials(env)


# A reference in each question, so a search can find exactly one answer among them.
REF_IN_QUESTION = "UPDATE citations_answer SET question = question || ' ref ' || id"


def credentials(env: dict) -> None:
    """Add to `env` the API token, the reviewer's session and the answers' id range the
    locust users read (benchmarks/locustfile.py)."""
    token = manage(env, "issue_token", "bench-generator").strip().splitlines()[-1]
    session, first_id, last_id = manage(
        env,
        "shell",
        "-c",
        "from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY;"
        "from django.contrib.auth.models import Group, User;"
        "from django.contrib.sessions.backends.db import SessionStore;"
        "from citations.models import Answer;"
        # A database kept by `scale.py --reuse` has the reviewer from its earlier run.
        "u = User.objects.filter(username='bench-reviewer').first()"
        " or User.objects.create_user('bench-reviewer');"
        "u.groups.add(Group.objects.get_or_create(name='reviewer')[0]);"
        "s = SessionStore(); s[SESSION_KEY] = str(u.pk);"
        "s[BACKEND_SESSION_KEY] = 'django.contrib.auth.backends.ModelBackend';"
        "s[HASH_SESSION_KEY] = u.get_session_auth_hash(); s.create();"
        "qs = Answer.objects.order_by('id');"
        "print(s.session_key, qs.first().id, qs.last().id)",
    ).split()[-3:]
    env.update(
        BENCH_TOKEN=token, BENCH_SESSION=session, BENCH_FIRST_ID=first_id, BENCH_LAST_ID=last_id
    )


def server_command() -> list[str]:
    """gunicorn as `make serve` runs it (its WORKERS from the environment)."""
    config = ROOT / "verifier_site" / "gunicorn_conf.py"
    return [str(BIN / "gunicorn"), "-c", str(config), "--bind", f"127.0.0.1:{PORT}"]


def serve(env: dict) -> tuple[subprocess.Popen, subprocess.Popen]:
    """The site as `make serve` starts it: gunicorn, and one db_worker beside it."""
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    server = subprocess.Popen(server_command(), cwd=ROOT, env=env, **quiet)
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "db_worker"], cwd=ROOT, env=env, **quiet
    )
    wait_until_up(timeout=60)
    return server, worker


def run_profiles(env: dict, args) -> dict[tuple[str, int], dict]:
    """Each locust profile in turn against the running server; rows by (request, users)."""
    # (profile, concurrency): submissions at 8 as the budget says; pages at a few reviewers
    # working at once (--page-users) and, for the record, at the full concurrency too.
    runs = [("Probe", args.users), ("Generator", args.users), ("Reviewer", args.page_users)]
    if args.page_users != args.users:
        runs.append(("Reviewer", args.users))
    runs.append(("Searcher", args.page_users))
    results: dict[tuple[str, int], dict] = {}
    wait_until_up()
    with tempfile.TemporaryDirectory() as out:
        for user_class, users in runs:
            print(
                f"Running {user_class} at concurrency {users} for {args.seconds} s …",
                flush=True,
            )
            # A short unmeasured warm-up: each worker compiles its templates once.
            locust(env, user_class, users, WARM_UP_SECONDS, Path(out))
            for name, row in locust(env, user_class, users, args.seconds, Path(out)).items():
                results[(name, users)] = row
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=100_000)
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--users", type=int, default=8)
    parser.add_argument("--page-users", type=int, default=2)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()

    env = bench_env(fresh_database(ADMIN_URL, DB_NAME), args.workers)
    prepare(env, args.answers)
    server, worker = serve(env)
    try:
        results = run_profiles(env, args)
    finally:
        for process in (server, worker):
            process.terminate()
            process.wait(timeout=30)
    report(results, args)


def report(results: dict[tuple[str, int], dict], args) -> None:
    base_p95 = figures(results[("GET /healthz", args.users)])[2]
    print(
        f"\n{'request':<26}{'users':>6}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'fails':>7}"
        f"{'p95 / healthz':>15}"
    )
    for (name, users), row in results.items():
        if name.endswith(": all"):
            continue
        rps, p50, p95, fails = figures(row)
        print(
            f"{name:<26}{users:>6}{rps:>9.1f}{p50:>9.0f}{p95:>9.0f}{fails:>7}"
            f"{p95 / base_p95:>14.1f}x"
        )
    checks = (
        (
            "submissions/s",
            figures(results[("POST /api/v1/answers/", args.users)])[0],
            TARGETS["submissions_per_s"],
            True,
        ),
        (
            "queue page p95 ms",
            figures(results[("GET / (queue)", args.page_users)])[2],
            TARGETS["page_p95_ms"],
            False,
        ),
        (
            "answer page p95 ms",
            figures(results[("GET /answers/<id>/", args.page_users)])[2],
            TARGETS["page_p95_ms"],
            False,
        ),
    )
    print()
    for label, value, target, at_least in checks:
        ok = value >= target if at_least else value < target
        print(f"{label:<20}{value:>9.1f}   target {target:g}   {'met' if ok else 'MISSED'}")
    search_report(results, args)


def search_report(results: dict[tuple[str, int], dict], args) -> None:
    """The search's p95 beside the unfiltered queue page's, both at --page-users."""
    queue_p95 = figures(results[("GET / (queue)", args.page_users)])[2]
    print(f"\nsearch at {args.answers:,} answers, {args.page_users} users:")
    for (name, users), row in results.items():
        if users == args.page_users and (name.startswith("GET /?q=") or name == "Searcher: all"):
            p95 = figures(row)[2]
            label = "all searches" if name == "Searcher: all" else name
            print(
                f"  {label:<26}p95 {p95:>6.0f} ms   {p95 / queue_p95:>5.1f}x the unfiltered queue"
            )


if __name__ == "__main__":
    main()
