"""make bench-export: the streamed exports and `reverify --all` at scale, on PostgreSQL.

Seeds --answers answers (default 20,000) into a scratch database, ANALYZE, serves the site as
`make serve` does (gunicorn, one uvicorn worker, DEBUG off) and reads the dashboard's and the
API's CSV and JSONL exports: time to headers, to the first body byte, total, bytes, and the
worker's peak RSS. The baseline, in the same run: the pre-streaming exports (commit 66f7c53)
asked of the same views in-process, their body list()-ed as Django's ASGI handler did with a
sync iterator (benchmarks/export_baseline.py). Then a client that leaves after the first chunk:
the worker's queries, CPU and memory afterwards. Last, `reverify` over every answer: the
one-by-one service (answers_reverify_outdated) against `reverify --all` (batched, --workers).

    python benchmarks/export_scale.py [--answers 20000] [--reverify-answers N]
"""

import argparse
import json
import os
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path

import psutil
import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.commands import fresh_database, manage, production_env  # noqa: E402
from benchmarks.export_http import RssSampler, Timing, leave_early, read_export  # noqa: E402
from benchmarks.slow_clients import free_port  # noqa: E402

ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"
DB_NAME = os.environ.get("BENCH_DB_NAME", "citation_verifier_export_bench")
GUNICORN = Path(sys.executable).with_name("gunicorn")
CONFIG = ROOT / "verifier_site" / "gunicorn_conf.py"
# The answers' threshold is changed twice, so each re-verification run finds every answer
# outdated (neither is the fitted cut).
THRESHOLDS = {"one by one": "0.45", "batched": "0.46"}


def bench_env() -> dict[str, str]:
    return production_env(
        fresh_database(ADMIN_URL, DB_NAME),
        DJANGO_SETTINGS_MODULE="verifier_site.settings",
        WORKERS="1",
    )


def prepare(env: dict, answers: int) -> dict[str, dict]:
    """Migrate, seed, ANALYZE; the request headers of a reviewer and of the seeds' client."""
    print(f"Preparing: migrate, seed {answers:,} answers …", flush=True)
    manage(env, "migrate", "--noinput", "-v", "0")  # the task and cache tables too
    print(manage(env, "seed_answers", str(answers)).strip(), flush=True)
    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE")  # autovacuum is off on this server
    token = manage(env, "issue_token", "bench-seed").strip().splitlines()[-1]
    session = manage(
        env,
        "shell",
        "-c",
        "from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY;"
        "from django.contrib.auth.models import Group, User;"
        "from django.contrib.sessions.backends.db import SessionStore;"
        "u = User.objects.create_user('bench-reviewer');"
        "u.groups.add(Group.objects.get_or_create(name='reviewer')[0]);"
        "s = SessionStore(); s[SESSION_KEY] = str(u.pk);"
        "s[BACKEND_SESSION_KEY] = 'django.contrib.auth.backends.ModelBackend';"
        "s[HASH_SESSION_KEY] = u.get_session_auth_hash(); s.create(); print(s.session_key)",
    ).split()[-1]
    return {
        "dashboard": {"Cookie": f"sessionid={session}"},
        "api": {"Authorization": f"Token {token}"},
    }


def exports(who: dict[str, dict]) -> list[tuple[str, str, dict]]:
    return [
        (f"{name} {fmt}", path, who[name])
        for fmt in ("jsonl", "csv")
        for name, path in (
            ("dashboard", f"/answers/export/{fmt}/?status=all"),
            ("api", f"/api/v1/answers/export.{fmt}"),
        )
    ]


def serve(env: dict, port: int) -> subprocess.Popen:
    command = [str(GUNICORN), "-c", str(CONFIG), "--bind", f"127.0.0.1:{port}"]
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            read_export(port, "/healthz", {})
            return server
        except (OSError, SystemExit):
            time.sleep(0.3)
    server.kill()
    raise SystemExit("the site did not start")


def served(env: dict, who: dict[str, dict]) -> tuple[dict[str, Timing], dict]:
    """Each export read over HTTP (after one unmeasured warm-up request), then the leavers."""
    port = free_port()
    server = serve(env, port)
    try:
        workers = psutil.Process(server.pid).children()
        results, leaving = {}, {}
        for label, path, headers in exports(who):
            read_export(port, path, headers, leave_after_first=True)  # warm-up
            time.sleep(0.5)
            with RssSampler(workers) as rss:
                timing = read_export(port, path, headers)
            timing.peak_rss_mb, timing.rss_before_mb = rss.peak / 2**20, rss.before / 2**20
            results[label] = timing
        for label, path, headers in exports(who):
            if label.endswith("jsonl"):
                leaving[label] = leave_early(port, path, headers, workers, env["DATABASE_URL"])
        return results, leaving
    finally:
        server.terminate()
        server.wait(timeout=30)


def baseline(env: dict, who: dict[str, dict]) -> dict[str, Timing]:
    args = []
    for _label, path, headers in exports(who):
        args += [path, json.dumps(headers)]
    out = subprocess.run(
        [sys.executable, "benchmarks/export_baseline.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if out.returncode:
        raise SystemExit("the baseline failed: " + out.stderr[-3000:])
    rows = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    return {
        label: Timing(**{k: v for k, v in row.items() if k != "path"})
        for (label, _, _), row in zip(exports(who), rows, strict=True)
    }


ONE_BY_ONE = (
    "import time; from citations import services; from citations.selectors import "
    "answers_outdated; from citations import engine; from django.conf import settings;"
    "ids = list(answers_outdated(engine_version=engine.ENGINE_VERSION, "
    "threshold=settings.CITATIONS_THRESHOLD).values_list('pk', flat=True)[:{limit}]);"
    "t = time.perf_counter();"
    "[services.answers_reverify_outdated(answer_ids=ids[i:i + 100]) "
    "for i in range(0, len(ids), 100)];"
    "print(len(ids), time.perf_counter() - t)"
)


def reverify_rates(env: dict, limit: int, workers: int) -> dict[str, float]:
    """Answers per second, the one-by-one service (one process) against `reverify --all`
    (batched, `workers` processes; its wall time, start-up and the listing included)."""
    done, seconds = manage(
        {**env, "CITATIONS_THRESHOLD": THRESHOLDS["one by one"]},
        "shell",
        "-c",
        ONE_BY_ONE.format(limit=limit),
    ).split()[-2:]
    rates = {"one by one (1 process)": int(done) / float(seconds)}
    batched_env = {**env, "CITATIONS_THRESHOLD": THRESHOLDS["batched"]}
    started = time.perf_counter()
    out = manage(batched_env, "reverify", "--all", "--workers", str(workers))
    elapsed = time.perf_counter() - started
    redone = int(out.split("Re-verified ")[1].split()[0])
    rates[f"batched, --workers {workers}"] = redone / elapsed
    return rates


def report(new: dict, old: dict, leaving: dict, rates: dict, answers: int) -> None:
    print(
        f"\nexports of {answers:,} answers (new: served, 1 uvicorn worker; old: 66f7c53, list()-ed)"
    )
    print(
        f"{'export':<17}{'path':<5}{'headers s':>10}{'1st byte s':>11}{'total s':>9}"
        f"{'MB':>8}{'lines':>8}{'peak RSS MB':>12}{'RSS growth':>11}"
    )
    for label in new:
        for name, timing in (("new", new[label]), ("old", old[label])):
            print(
                f"{label:<17}{name:<5}{timing.headers_s:>10.3f}{timing.first_byte_s:>11.3f}"
                f"{timing.total_s:>9.2f}{timing.bytes / 2**20:>8.1f}{timing.lines:>8}"
                f"{timing.peak_rss_mb:>12.0f}{timing.peak_rss_mb - timing.rss_before_mb:>11.0f}"
            )
        n, o = new[label], old[label]
        print(
            f"{'':<17}old/new: first byte {o.first_byte_s / n.first_byte_s:.0f}x, total "
            f"{o.total_s / n.total_s:.2f}x, RSS growth "
            f"{(o.peak_rss_mb - o.rss_before_mb) / max(n.peak_rss_mb - n.rss_before_mb, 1):.1f}x"
        )
    print(
        "\na client leaving after the first chunk (new path; the old one built the whole "
        "export first, see its total above):"
    )
    for label, leave in leaving.items():
        print(f"  {label}: {json.dumps({k: round(v, 3) for k, v in asdict(leave).items()})}")
    print("\nreverify:")
    for name, rate in rates.items():
        print(f"  {name:<28}{rate:>8.0f} answers/s   (1M in {1e6 / rate / 3600:.2f} h)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=20_000)
    parser.add_argument("--reverify-answers", type=int, default=None)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    env = bench_env()
    who = prepare(env, args.answers)
    new, leaving = served(env, who)
    old = baseline(env, who)
    rates = reverify_rates(env, args.reverify_answers or args.answers, args.workers)
    report(new, old, leaving, rates, args.answers)


if __name__ == "__main__":
    main()
