"""make bench-load: gunicorn on PostgreSQL on loopback, driven by locust headless.

Prints submissions per second and p50/p95 at concurrency 8 for a typical answer, and queue and
answer page p95 with --answers stored answers, each beside /healthz measured in the same run.
Bounded: every locust run stops after --seconds; gunicorn is stopped at the end.

    python benchmarks/load.py [--answers 100000] [--seconds 20] [--users 8]
"""

import argparse
import csv
import os
import secrets
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PORT = 8123
HOST = f"http://127.0.0.1:{PORT}"
ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"
DB_NAME = "citation_verifier_bench"
TARGETS = {"submissions_per_s": 100.0, "page_p95_ms": 150.0}


def manage(env: dict, *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return result.stdout


def fresh_database() -> str:
    with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{DB_NAME}"')
    return ADMIN_URL.rsplit("/", 1)[0] + "/" + DB_NAME


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
    prefix = out / user_class
    subprocess.run(
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
            if row["Name"] != "Aggregated":
                rows[row["Name"]] = row
    return rows


def figures(row: dict) -> tuple[float, float, float, int]:
    return (
        float(row["Requests/s"]),
        float(row["50%"]),
        float(row["95%"]),
        int(row["Failure Count"]),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=100_000)
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--users", type=int, default=8)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()

    env = {
        **os.environ,
        "DATABASE_URL": fresh_database(),
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "API_THROTTLE_RATE": "1000000/min",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "LOG_LEVEL": "WARNING",
        "DB_CONN_MAX_AGE": "60",
    }
    print(f"Preparing: migrate, seed {args.answers:,} answers …", flush=True)
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    print(manage(env, "seed_answers", str(args.answers)).strip(), flush=True)
    token = manage(env, "issue_token", "bench-generator").strip().splitlines()[-1]
    session, first_id, last_id = manage(
        env,
        "shell",
        "-c",
        "from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY;"
        "from django.contrib.auth.models import Group, User;"
        "from django.contrib.sessions.backends.db import SessionStore;"
        "from citations.models import Answer;"
        "u = User.objects.create_user('bench-reviewer');"
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

    server = subprocess.Popen(
        [
            str(BIN / "gunicorn"),
            "verifier_site.wsgi",
            "--bind",
            f"127.0.0.1:{PORT}",
            "--workers",
            str(args.workers),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        wait_until_up()
        with tempfile.TemporaryDirectory() as out:
            results = {}
            for user_class in ("Probe", "Generator", "Reviewer"):
                print(
                    f"Running {user_class} at concurrency {args.users} for {args.seconds} s …",
                    flush=True,
                )
                results.update(locust(env, user_class, args.users, args.seconds, Path(out)))
    finally:
        server.terminate()
        server.wait(timeout=30)

    base_p95 = figures(results["GET /healthz"])[2]
    print(
        f"\n{'request':<28}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'fails':>7}{'p95 / healthz':>15}"
    )
    for name, row in results.items():
        rps, p50, p95, fails = figures(row)
        print(f"{name:<28}{rps:>9.1f}{p50:>9.0f}{p95:>9.0f}{fails:>7}{p95 / base_p95:>14.1f}x")
    submit_rps = figures(results["POST /api/v1/answers/"])[0]
    queue_p95 = figures(results["GET / (queue)"])[2]
    answer_p95 = figures(results["GET /answers/<id>/"])[2]
    print()
    for label, value, target, ok in (
        (
            "submissions/s",
            submit_rps,
            TARGETS["submissions_per_s"],
            submit_rps >= TARGETS["submissions_per_s"],
        ),
        (
            "queue page p95 ms",
            queue_p95,
            TARGETS["page_p95_ms"],
            queue_p95 < TARGETS["page_p95_ms"],
        ),
        (
            "answer page p95 ms",
            answer_p95,
            TARGETS["page_p95_ms"],
            answer_p95 < TARGETS["page_p95_ms"],
        ),
    ):
        print(f"{label:<20}{value:>9.1f}   target {target:g}   {'met' if ok else 'MISSED'}")


if __name__ == "__main__":
    main()
