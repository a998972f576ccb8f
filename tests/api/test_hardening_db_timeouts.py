"""A database that accepts connections but never answers fails fast instead of hanging every
request, and PostgreSQL cancels runaway statements. Each case runs the site's settings in a
child process, as a server would, against a listener on 127.0.0.1."""

import socket

import psycopg
import pytest

from .site_process import run_site

POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres"


HEALTHZ = """
import time
from django.test import Client
start = time.monotonic()
response = Client().get("/healthz")
seconds = round(time.monotonic() - start, 2)
print(json.dumps({"status": response.status_code, "body": response.json(), "seconds": seconds}))
"""


def test_healthz_answers_503_when_the_database_accepts_but_never_answers():
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(64)  # the kernel completes the handshake; nobody ever answers
        port = silent.getsockname()[1]
        outcome = run_site(HEALTHZ, DATABASE_URL=f"postgres://postgres@127.0.0.1:{port}/verifier")
    assert outcome["status"] == 503
    assert outcome["body"]["status"] == "unavailable"
    print(f"503 after {outcome['seconds']} s")  # figure for the attack note, not a budget


def postgres_answers() -> bool:
    try:
        psycopg.connect(POSTGRES, connect_timeout=3).close()
    except psycopg.OperationalError:
        return False
    return True


@pytest.mark.skipif(not postgres_answers(), reason="no PostgreSQL on 127.0.0.1:5432")
def test_postgres_cancels_a_statement_past_the_statement_timeout():
    outcome = run_site(
        """
from django.db import connection, OperationalError
try:
    connection.cursor().execute("SELECT pg_sleep(10)")
    print(json.dumps({"cancelled": False}))
except OperationalError as error:
    print(json.dumps({"cancelled": True, "error": str(error)}))
""",
        DATABASE_URL=POSTGRES,
        DB_STATEMENT_TIMEOUT_MS="200",
    )
    assert outcome["cancelled"] is True
    assert "statement timeout" in outcome["error"]
