"""A fault run: kill a db_worker with SIGKILL mid-re-verification, restart, check the result.

Seeds answers into a scratch SQLite file, changes the threshold so every answer is outdated,
enqueues `reverify --all --async`, starts `db_worker`, kills it once part of the work is
committed, then runs `reverify --all --async` again and a worker to completion. Passes when
every answer ends with exactly one verification at the new threshold: nothing lost, nothing
done twice. Exit status 1 otherwise.

    python benchmarks/fault_reverify.py [--answers 3000]
"""

import argparse
import os
import secrets
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NEW_THRESHOLD = 0.45

sys.path.insert(0, str(ROOT))

from benchmarks.commands import manage  # noqa: E402


def production_env(db: Path) -> dict[str, str]:
    """The production settings on the scratch file, whatever settings the caller (e.g.
    pytest) uses."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "verifier_site.settings",
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_URL": f"sqlite:///{db}",
        "TASKS_BACKEND": "django_tasks_db.DatabaseBackend",
        "LOG_LEVEL": "WARNING",
    }


def counts(db: Path) -> tuple[int, int, int]:
    """Answers at the new threshold, answers re-verified there twice, tasks left RUNNING."""
    with sqlite3.connect(db, timeout=30) as conn:
        done = conn.execute(
            "SELECT COUNT(*) FROM citations_verification WHERE threshold = ?",
            (NEW_THRESHOLD,),
        ).fetchone()[0]
        doubled = conn.execute(
            "SELECT COUNT(*) FROM (SELECT answer_id FROM citations_verification"
            " WHERE threshold = ? GROUP BY answer_id HAVING COUNT(*) > 1)",
            (NEW_THRESHOLD,),
        ).fetchone()[0]
        running = conn.execute(
            "SELECT COUNT(*) FROM django_tasks_database_dbtaskresult WHERE status = 'RUNNING'"
        ).fetchone()[0]
    return done, doubled, running


WORKER_CMD = [sys.executable, "manage.py", "db_worker", "--no-startup-delay", "--interval", "0.1"]


def worker_env(env: dict) -> dict:
    """`env` with the threshold changed, as for the deploy that outdates every answer."""
    return {**env, "CITATIONS_THRESHOLD": str(NEW_THRESHOLD)}


def kill_worker_midway(env: dict, db: Path, answers: int) -> tuple[int, int]:
    """Run a worker until a third of the answers are done (or 120 s), then SIGKILL it.
    Returns (answers done, tasks left RUNNING) at the kill."""
    worker = subprocess.Popen(
        WORKER_CMD,
        cwd=ROOT,
        env=worker_env(env),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while (
            worker.poll() is None and time.monotonic() < deadline and counts(db)[0] < answers // 3
        ):
            time.sleep(0.05)
    finally:
        # SIGKILL, also when counting fails: a worker left behind polls its queue forever.
        worker.kill()
        worker.wait()
    done_at_kill, _, running_at_kill = counts(db)
    return done_at_kill, running_at_kill


def restart_to_completion(env: dict) -> None:
    manage(worker_env(env), "reverify", "--all", "--async", "--batch-size", "50")
    # Killed (by subprocess.run) if it has not drained the queue in time.
    subprocess.run(
        [*WORKER_CMD, "--batch"],
        cwd=ROOT,
        env=worker_env(env),
        check=True,
        capture_output=True,
        timeout=600,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=3000)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        db = Path(scratch) / "fault.sqlite3"
        env = production_env(db)
        manage(env, "migrate", "--noinput", "-v", "0")
        manage(env, "seed_answers", str(args.answers))
        manage(worker_env(env), "reverify", "--all", "--async", "--batch-size", "50")
        done_at_kill, running_at_kill = kill_worker_midway(env, db, args.answers)
        print(
            f"killed the worker with {done_at_kill} of {args.answers} answers re-verified "
            f"and {running_at_kill} task(s) left RUNNING"
        )
        restart_to_completion(env)
        done, doubled, _ = counts(db)

    print(
        f"after restart: {done} of {args.answers} answers at the new threshold, "
        f"{doubled} re-verified twice"
    )
    ok = done == args.answers and doubled == 0 and 0 < done_at_kill < args.answers
    print("PASS: nothing lost, nothing done twice" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
