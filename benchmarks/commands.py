"""`manage.py` as the benchmarks run it: a child process with its own settings (`env`), on a
scratch PostgreSQL database in the site's production shape."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]


def manage(env: dict, *args: str) -> str:
    """Run `manage.py *args` under `env`; its stdout. A failing command raises."""
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return result.stdout


def fresh_database(admin_url: str, name: str) -> str:
    """Drop and create database ``name`` on ``admin_url``'s server; its URL."""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return admin_url.rsplit("/", 1)[0] + "/" + name


def kept_database(admin_url: str, name: str) -> str:
    """Database ``name`` on ``admin_url``'s server, created on first use and kept for the next
    run (its migrations and seed are the caller's); its URL."""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')
    return admin_url.rsplit("/", 1)[0] + "/" + name


def production_env(database_url: str, **extra: str) -> dict[str, str]:
    """Production settings on ``database_url`` (DEBUG off: the site refuses the immediate task
    backend, so the database one; nothing a benchmark does needs a db_worker), with the API
    throttle out of the way and cookies over plain HTTP; ``extra`` adds or overrides."""
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "TASKS_BACKEND": "django_tasks_db.DatabaseBackend",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "API_THROTTLE_RATE": "1000000/min",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "LOG_LEVEL": "WARNING",
        **extra,
    }
