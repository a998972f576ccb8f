"""make bench-scale: the production shape at N answers on PostgreSQL, driven by locust.

Seeds --answers answers (default 1,000,000) into a scratch database fast (a base verified once
per template, then copied inside PostgreSQL: benchmarks/seed_copies.py), the metrics' rollups
rebuilt from them, VACUUM ANALYZE, and starts
what `make serve` starts: gunicorn with uvicorn workers (verifier_site/gunicorn_conf.py, DEBUG
off, the DB task backend) and a db_worker. Locust runs headless, one profile after another:
/healthz (the baseline in the same run), API submissions at 8 and 32 clients, every dashboard
page at 8 and 20 reviewers clicking again the moment a page arrives (what the machine can
serve) and at 20 reviewers reading each page 2-5 s (what a reviewer sees), the API reads at 8
clients. Printed: p50/p95 per page and endpoint, each export's time to first byte, the
workers' peak RSS, the most database connections the site held, then `reverify` answers/s
over --reverify-answers of them. Locust, the site and PostgreSQL share the machine's cores:
the load average is printed beside the figures. `--profiles Generator,...` runs only the
named user classes' profiles (beside Probe's baseline), without the exports and reverify.

--reuse seeds once and keeps the database for later runs: it seeds BENCH_DB_NAME when that
database does not exist, reuses it (migrated) when it holds exactly --answers seeded answers,
refuses when it holds another number, and never drops it. A run's submissions are not seeded
answers, so they do not count, and its reverify takes answers no earlier run reverified. A 1M
seed takes about 22 minutes and 8.2 GB; drop the database by hand when done.

    python benchmarks/scale.py [--answers 1000000] [--seconds 40] [--reverify-answers 5000]
                               [--reuse] [--profiles Generator,Dashboard,...]
"""

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil
import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import load  # noqa: E402
from benchmarks.commands import fresh_database, manage, production_env  # noqa: E402
from benchmarks.export_http import RssSampler, read_export  # noqa: E402
from benchmarks.seed_copies import answers_multiply  # noqa: E402

ADMIN_URL = load.ADMIN_URL
DB_NAME = os.environ.get("BENCH_DB_NAME", "citation_verifier_scale")
BASE_ANSWERS = 2_000  # verified and stored by the ORM (slow); the rest are copies of them
# (locust user class, users): the profiles. Dashboard's reviewers click again the moment
# a page arrives (what 2 cores can serve); ReadingReviewer's read each page 2-5 s first.
PROFILES = [
    ("Probe", 8),
    ("Generator", 8),
    ("Generator", 32),
    ("Dashboard", 8),
    ("Dashboard", 20),
    ("ReadingReviewer", 20),
    ("ApiReader", 8),
]
# A result row's key for its profile's WorkerSpread (beside locust's own columns).
SPREAD = "Worker spread"
EXPORTS = [
    ("dashboard", "/answers/export/jsonl/?status=all"),
    ("dashboard", "/answers/export/csv/?status=all"),
    ("api", "/api/v1/answers/export.jsonl"),
    ("api", "/api/v1/answers/export.csv"),
]


def seed(env: dict, answers: int) -> None:
    started = time.perf_counter()
    print(f"Seeding {answers:,} answers …", flush=True)
    manage(env, "seed_answers", str(min(answers, BASE_ANSWERS)))
    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as conn:
        conn.execute(load.REF_IN_QUESTION)
    answers_multiply(database_url=env["DATABASE_URL"], total=answers)
    # The copies bypass the services, so the metrics' rollups are counted from them afterwards.
    manage(env, "rebuild_metrics")
    vacuum(env)
    print(f"Seeded and analysed in {time.perf_counter() - started:.0f} s.", flush=True)


def vacuum(env: dict) -> None:
    """VACUUM ANALYZE: autovacuum is off on this server, and without it the planner misjudges
    the rows a run wrote (a client's moved answers read as none) and counts stop reading
    the indexes alone (a few seconds at a million answers once seeded)."""
    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE")


def database(*, reuse: bool) -> str:
    """The benchmark database's URL: a fresh one, or with `reuse` the kept one if it exists."""
    if reuse:
        with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
            if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (DB_NAME,)).fetchone():
                return ADMIN_URL.rsplit("/", 1)[0] + "/" + DB_NAME
    return fresh_database(ADMIN_URL, DB_NAME)


def seeded_answers(database_url: str) -> int:
    """Answers seeding stored (benchmarks/seeding.py marks them), not a run's submissions;
    0 before migrations."""
    with psycopg.connect(database_url, autocommit=True) as conn:
        if conn.execute("SELECT to_regclass('citations_answer')").fetchone()[0] is None:
            return 0
        return conn.execute(
            "SELECT count(*) FROM citations_answer WHERE request_digest = 'seed'"
        ).fetchone()[0]


def prepare(env: dict, *, answers: int, reuse: bool) -> None:
    """Migrate, then seed (or with `reuse` check the kept seed), then the run's credentials."""
    held = seeded_answers(env["DATABASE_URL"]) if reuse else 0
    if held not in (0, answers):
        raise SystemExit(
            f"--reuse: {DB_NAME} holds {held:,} seeded answers, not {answers:,}; run with "
            f'--answers {held} or drop it (DROP DATABASE "{DB_NAME}").'
        )
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    if held:
        print(f"Reusing {DB_NAME}: {held:,} seeded answers.", flush=True)
        vacuum(env)  # what the last run wrote, as a fresh seed is
    else:
        seed(env, answers)
    load.credentials(env)
    seed_token = manage(env, "issue_token", "bench-seed").strip().splitlines()[-1]
    env.update(BENCH_SEED_TOKEN=seed_token, **seed_client_ids(env["DATABASE_URL"]))


def seed_client_ids(database_url: str) -> dict[str, str]:
    """The id range of the answers the seed client owns, which its API reader asks for one by
    one: on a kept database an earlier run's reverify moved the first of them to a client of
    its own and its submissions came after them, and another client's answer is a 404."""
    with psycopg.connect(database_url, autocommit=True) as conn:
        first, last = conn.execute(
            "SELECT min(a.id), max(a.id) FROM citations_answer a JOIN citations_apiclient c"
            " ON c.id = a.client_id WHERE c.name = 'bench-seed'"
        ).fetchone()
    return {"BENCH_SEED_FIRST_ID": str(first), "BENCH_SEED_LAST_ID": str(last)}


class Sampler:
    """Samples in a thread from the `with` to its end (`_run`, polling `_sampling`)."""

    def __init__(self):
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        raise NotImplementedError

    def _sampling(self, interval: float) -> bool:
        """Whether to take another sample, after `interval` seconds."""
        return not self._stop.wait(interval)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


class ConnectionPeak(Sampler):
    """The most connections to the benchmark's database at once, sampled from
    pg_stat_activity every 0.2 s (the sampler's own excluded)."""

    def __init__(self, database_url: str):
        super().__init__()
        self.url, self.name, self.peak = database_url, database_url.rsplit("/", 1)[1], 0

    def _run(self) -> None:
        with psycopg.connect(self.url, autocommit=True) as conn:
            while self._sampling(0.2):
                (count,) = conn.execute(
                    "SELECT count(*) FROM pg_stat_activity "
                    "WHERE datname = %s AND pid <> pg_backend_pid()",
                    (self.name,),
                ).fetchone()
                self.peak = max(self.peak, count)


class WorkerSpread(Sampler):
    """How a profile's connections fell over the web workers: each worker's established
    connections on the site's port, every 0.5 s, at the fullest sample. The kernel spreads
    them by a hash (gunicorn_conf.py's reuse_port), so unevenly, and each worker gets its
    share of the CPU: the one holding most sets the profile's tail."""

    def __init__(self, workers: list[psutil.Process]):
        super().__init__()
        self.workers = workers
        self.fullest: tuple[int, ...] = ()

    def _run(self) -> None:
        while self._sampling(0.5):
            counts = tuple(sorted(map(_established, self.workers), reverse=True))
            if sum(counts) > sum(self.fullest):
                self.fullest = counts

    def __str__(self) -> str:
        return "/".join(map(str, self.fullest)) or "-"


def _established(worker: psutil.Process) -> int:
    return load.tcp_sockets(worker.pid, load.PORT, psutil.CONN_ESTABLISHED)


def run(env: dict, seconds: int, profiles: list, exports: bool) -> tuple[dict, dict, float, int]:
    """The profiles, then (with `exports`) the exports' first bytes; (rows by (request, user
    class, users), export timings, the workers' peak RSS in MB, the most database connections)."""
    server, worker = load.serve(env)
    try:
        workers = psutil.Process(server.pid).children()
        results: dict[tuple[str, str, int], dict] = {}
        with (
            RssSampler(workers) as rss,
            ConnectionPeak(env["DATABASE_URL"]) as connections,
            tempfile.TemporaryDirectory() as out,
        ):
            for user_class, users in profiles:
                print(f"{user_class} x {users} for {seconds} s  (load {_load()})", flush=True)
                load.locust(env, user_class, users, load.WARM_UP_SECONDS, Path(out))
                with WorkerSpread(workers) as spread:
                    rows = load.locust(env, user_class, users, seconds, Path(out))
                for name, row in rows.items():
                    if not name.endswith(": all"):
                        results[(name, user_class, users)] = {**row, SPREAD: str(spread)}
            timings = {path: first_byte(env, who, path) for who, path in EXPORTS if exports}
        return results, timings, rss.peak / 2**20, connections.peak
    finally:
        for process in (server, worker):
            process.terminate()
            process.wait(timeout=30)


def first_byte(env: dict, who: str, path: str) -> float:
    headers = (
        {"Cookie": f"sessionid={env['BENCH_SESSION']}"}
        if who == "dashboard"
        else {"Authorization": f"Token {env['BENCH_SEED_TOKEN']}"}
    )
    return read_export(load.PORT, path, headers, leave_after_first=True).first_byte_s


def reverify_rate(env: dict, answers: int) -> float:
    """Answers/s of `reverify --client` over `answers` of the seeded ones, every one outdated by
    a changed threshold; wall time, start-up included. On a kept database each run moves its
    answers to a client of its own, none moved by an earlier run: under one client for all runs,
    a run of another engine version also reverified every earlier run's answers, uncounted."""
    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as conn:
        (earlier,) = conn.execute(
            "SELECT count(*) FROM citations_apiclient WHERE name LIKE 'bench-reverify-%'"
        ).fetchone()
        client = f"bench-reverify-{earlier + 1}"
        manage(env, "issue_token", client)
        conn.execute(
            "UPDATE citations_answer SET client_id = "
            "(SELECT id FROM citations_apiclient WHERE name = %s) "
            "WHERE id IN (SELECT id FROM citations_answer WHERE client_id NOT IN "
            "(SELECT id FROM citations_apiclient WHERE name LIKE 'bench-reverify%%') "
            "ORDER BY id LIMIT %s)",
            (client, answers),
        )
    started = time.perf_counter()
    manage({**env, "CITATIONS_THRESHOLD": "0.46"}, "reverify", "--client", client)
    return answers / (time.perf_counter() - started)


def _load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def chosen_profiles(names: str | None) -> list[tuple[str, int]]:
    """PROFILES, or those of the comma-separated user classes `names` after Probe's baseline."""
    if names is None:
        return PROFILES
    wanted = {"Probe", *names.split(",")}
    unknown = wanted - {user_class for user_class, _ in PROFILES}
    if unknown:
        raise SystemExit(f"--profiles: no profile of {', '.join(sorted(unknown))}")
    return [(user_class, users) for user_class, users in PROFILES if user_class in wanted]


def report(
    results: dict, exports: dict, rss_mb: float, connections: int, rate: float | None
) -> None:
    base_p95 = load.figures(results[("GET /healthz", "Probe", 8)])[2]
    print(
        f"\n{'request':<34}{'profile':<16}{'users':>6}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}"
        f"{'fails':>7}{'p95/healthz':>13}{'locust ms':>11}  connections a worker"
    )
    for (name, user_class, users), row in results.items():
        rps, p50, p95, fails = load.figures(row)
        print(
            f"{name:<34}{user_class:<16}{users:>6}{rps:>9.1f}{p50:>9.0f}{p95:>9.0f}{fails:>7}"
            f"{p95 / max(base_p95, 1):>12.1f}x{row[load.LOCUST_CPU]:>11.2f}  {row[SPREAD]}"
        )
    print(
        "(A page missing above had no request finish within the run: slower than --seconds "
        "allows; at a million answers the metrics page and deep pages were.)"
    )
    if exports:
        print("\nexport, time to the first body byte:")
    for path, seconds in exports.items():
        print(f"  {path:<40}{seconds:>8.3f} s")
    print(f"\nworkers' peak RSS {rss_mb:.0f} MB; most database connections at once {connections}")
    print("(locust ms: the load generator's own CPU a request, taken from the same cores;")
    print(" connections a worker: its established connections at the profile's fullest moment.)")
    if rate is not None:
        print(f"reverify: {rate:.0f} answers/s (1M in {1e6 / rate / 3600:.2f} h)")
    print(f"load average at the end: {_load()}  ({os.cpu_count()} cores)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=int, default=40)
    parser.add_argument("--reverify-answers", type=int, default=5_000)
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers (make serve)")
    parser.add_argument(
        "--reuse", action="store_true", help="seed BENCH_DB_NAME once and keep it (see above)"
    )
    parser.add_argument("--profiles", help="only these user classes (comma-separated; see above)")
    args = parser.parse_args()
    profiles = chosen_profiles(args.profiles)
    database_url = database(reuse=args.reuse)
    env = production_env(database_url, WORKERS=str(args.workers))
    try:
        prepare(env, answers=args.answers, reuse=args.reuse)
        whole = args.profiles is None
        results, exports, rss_mb, connections = run(env, args.seconds, profiles, exports=whole)
        rate = reverify_rate(env, min(args.reverify_answers, args.answers)) if whole else None
        report(results, exports, rss_mb, connections, rate)
    finally:
        if not args.reuse:
            with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')


if __name__ == "__main__":
    main()
