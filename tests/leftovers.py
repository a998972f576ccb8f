"""What a test process's databases may leave behind, found and removed after their teardown.

Two ways a run used to leave them: Django removes an SQLite test database's file but not its
`-wal` and `-shm` files, which stay whenever a connection from another thread is still open
(WAL mode, settings.py); and pytest-django turns a failed `DROP DATABASE` on PostgreSQL (a
session still connected) into a warning. tests/conftest.py checks after every run.
"""

import contextlib
from pathlib import Path

import psycopg
from psycopg import sql

SQLITE_SIDECARS = ("", "-wal", "-shm", "-journal")


def test_database_of(settings_dict: dict) -> tuple[str, str]:
    """(vendor, name) of the test database Django makes from `settings_dict`."""
    name = settings_dict.get("TEST", {}).get("NAME") or f"test_{settings_dict['NAME']}"
    vendor = settings_dict["ENGINE"].rsplit(".", 1)[-1]
    return vendor, name


def find(settings_dict: dict) -> list[str]:
    vendor, name = test_database_of(settings_dict)
    if vendor == "sqlite3":
        paths = [Path(name + suffix) for suffix in SQLITE_SIDECARS]
        return [str(path) for path in paths if path.exists()]
    if vendor == "postgresql":
        with _maintenance(settings_dict) as conn:
            row = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
            # What kept it from being dropped: the sessions still on it, by their last query.
            sessions = conn.execute(
                "SELECT state, left(query, 120) FROM pg_stat_activity WHERE datname = %s", [name]
            ).fetchall()
        return [f"PostgreSQL database {name}, still connected: {sessions}"] if row else []
    return []


def remove(settings_dict: dict) -> None:
    vendor, name = test_database_of(settings_dict)
    if vendor == "sqlite3":
        for suffix in SQLITE_SIDECARS:
            Path(name + suffix).unlink(missing_ok=True)
    elif vendor == "postgresql":
        with _maintenance(settings_dict) as conn:
            drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            conn.execute(drop)


@contextlib.contextmanager
def _maintenance(settings_dict: dict):
    """A connection to the server's `postgres` database, as Django's own teardown uses."""
    conn = psycopg.connect(
        dbname="postgres",
        user=settings_dict.get("USER") or None,
        password=settings_dict.get("PASSWORD") or None,
        host=settings_dict.get("HOST") or None,
        port=settings_dict.get("PORT") or None,
        autocommit=True,
        connect_timeout=5,
    )
    with conn:
        yield conn
