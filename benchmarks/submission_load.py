"""API submissions under load in the production shape: bench-scale's submission profile alone.

What `make bench-scale` runs for submissions (gunicorn with uvicorn workers, DEBUG off,
PostgreSQL, the DB task backend; locust's Generator posting benchmarks/typical_answer.py with
no pause) at 8 and 32 clients, with /healthz at 8 as the baseline, on a scratch database with a
few stored answers (a submission's cost does not depend on how many there are). Prints req/s,
p50, p95, failures and locust's own CPU a request per run with the load average beside each:
on a shared machine, compare runs made one after the other, not with figures from another time.

    BENCH_DB_NAME=... BENCH_PORT=... python benchmarks/submission_load.py [--seconds 30]
"""

import argparse
import os
import sys
import tempfile
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import load, scale  # noqa: E402
from benchmarks.commands import fresh_database, manage, production_env  # noqa: E402

DB_NAME = os.environ.get("BENCH_DB_NAME", "citation_verifier_submission_load")
PROFILES = [("Probe", 8), ("Generator", 8), ("Generator", 32)]


def prepare(env: dict, answers: int) -> None:
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    manage(env, "seed_answers", str(answers))
    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE")  # autovacuum is off on the shared server
    load.credentials(env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--answers", type=int, default=200)
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers (make serve)")
    args = parser.parse_args()
    env = production_env(fresh_database(load.ADMIN_URL, DB_NAME), WORKERS=str(args.workers))
    try:
        prepare(env, args.answers)
        server, worker = load.serve(env)
        try:
            with tempfile.TemporaryDirectory() as out:
                for user_class, users in PROFILES:
                    load.locust(env, user_class, users, load.WARM_UP_SECONDS, Path(out))
                    rows = load.locust(env, user_class, users, args.seconds, Path(out))
                    row = next(r for name, r in rows.items() if not name.endswith(": all"))
                    rps, p50, p95, fails = load.figures(row)
                    print(
                        f"{row['Name']:<24}{users:>4} clients {rps:>7.1f}/s  p50 {p50:>5.0f} ms"
                        f"  p95 {p95:>5.0f} ms  fails {fails}  locust CPU "
                        f"{row[load.LOCUST_CPU]:.2f} ms a request  (load {scale._load()})",
                        flush=True,
                    )
        finally:
            for process in (server, worker):
                process.terminate()
                process.wait(timeout=30)
    finally:
        with psycopg.connect(load.ADMIN_URL, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')


if __name__ == "__main__":
    main()
