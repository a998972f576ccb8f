"""The PostgreSQL connection pool (DB_POOL) on and off, in one run, served as `make serve` does.

A scratch database is migrated and seeded with --answers answers, then for each setting the
site is started as `make serve` starts it (gunicorn with uvicorn workers, a db_worker;
benchmarks/load.py) and locust runs /healthz (a simple GET with one query) and API
submissions at --users clients each, for --seconds after a warm-up. Printed: requests/s, p50
and p95 per setting, the ratios pool/no pool, and the load average beside them (locust, the
site and PostgreSQL share the machine's cores).

    python benchmarks/db_pool.py [--answers 200] [--users 8] [--seconds 15]
"""

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import load  # noqa: E402
from benchmarks.commands import fresh_database, production_env  # noqa: E402

DB_NAME = os.environ.get("BENCH_DB_NAME", "citation_verifier_pool")
PROFILES = [("Probe", "/healthz"), ("Generator", "/api/v1/answers/")]


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def measure(env: dict, users: int, seconds: int) -> dict[str, tuple[float, float, float, int]]:
    """(requests/s, p50 ms, p95 ms, failures) by profile, on a site started for the purpose."""
    server, worker = load.serve(env)
    figures = {}
    try:
        with tempfile.TemporaryDirectory() as out:
            for user_class, _ in PROFILES:
                load.locust(env, user_class, users, load.WARM_UP_SECONDS, Path(out))
                rows = load.locust(env, user_class, users, seconds, Path(out))
                figures[user_class] = load.figures(rows[f"{user_class}: all"])
                print(f"  {user_class}: done (load {load_average()})", flush=True)
    finally:
        for process in (server, worker):
            process.terminate()
            process.wait(timeout=30)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=200)
    parser.add_argument("--users", type=int, default=8)
    parser.add_argument("--seconds", type=int, default=15)
    args = parser.parse_args()
    env = production_env(fresh_database(load.ADMIN_URL, DB_NAME))
    load.prepare(env, args.answers)
    results = {}
    for pooled in ("true", "false"):
        print(f"DB_POOL={pooled}, {args.users} users x {args.seconds} s", flush=True)
        results[pooled] = measure({**env, "DB_POOL": pooled}, args.users, args.seconds)
    print(f"\n{'profile':<24}{'DB_POOL':>8}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'failed':>8}")
    for user_class, path in PROFILES:
        for pooled in ("true", "false"):
            rate, p50, p95, failed = results[pooled][user_class]
            print(f"{path:<24}{pooled:>8}{rate:>9.1f}{p50:>9.0f}{p95:>9.0f}{failed:>8}")
        on, off = results["true"][user_class], results["false"][user_class]
        print(
            f"{'':<24}{'ratio':>8}{on[0] / off[0]:>9.2f}"
            f"{on[1] / max(off[1], 1):>9.2f}{on[2] / max(off[2], 1):>9.2f}"
        )
    print(f"load average {load_average()}")


if __name__ == "__main__":
    main()
