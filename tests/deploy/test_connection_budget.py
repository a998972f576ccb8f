"""verifier_site.W004: the site's own share of PostgreSQL's connections (this machine's web
workers x DB_CONNECTIONS_PER_WORKER, plus its task workers) must fit under max_connections less
the reserved ones, or the pool's connects fail with "too many clients" under load."""

import logging

import pytest
from django.db import connection

from verifier_site import checks, startup


@pytest.fixture
def production(settings, monkeypatch):
    settings.DEBUG = False
    monkeypatch.setenv("WORKERS", "3")
    settings.DB_CONNECTIONS_PER_WORKER = 8
    settings.TASK_WORKERS = 1


def test_workers_times_slots_above_what_the_server_admits_is_warned(production, monkeypatch):
    monkeypatch.setattr(checks, "_usable_connections", lambda _connection: 24)
    (warning,) = checks.connection_budget()
    assert warning.id == "verifier_site.W004"
    assert "3 web workers x 8 (DB_CONNECTIONS_PER_WORKER) + 1 task worker = 25" in warning.msg
    assert "24" in warning.msg
    monkeypatch.setattr(checks, "_usable_connections", lambda _connection: 25)
    assert checks.connection_budget() == []


def test_no_warning_without_a_server_limit_or_with_debug(production, settings, monkeypatch):
    monkeypatch.setattr(checks, "_usable_connections", lambda _connection: None)  # SQLite, down
    assert checks.connection_budget() == []
    monkeypatch.setattr(checks, "_usable_connections", lambda _connection: 1)
    settings.DEBUG = True
    assert checks.connection_budget() == []


@pytest.mark.django_db
def test_the_server_starts_and_logs_the_warning(production, settings, monkeypatch, caplog):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    monkeypatch.setattr(checks, "_usable_connections", lambda _connection: 10)
    with caplog.at_level(logging.WARNING, logger="verifier_site.startup"):
        startup.refuse_misconfigured_start(asgi=True)
    assert any("verifier_site.W004" in record.getMessage() for record in caplog.records)


@pytest.mark.django_db
def test_the_limit_is_read_from_postgresql():
    if connection.vendor != "postgresql":
        assert checks._usable_connections(connection) is None
        return
    with connection.cursor() as cursor:
        cursor.execute("SHOW max_connections")
        (most,) = cursor.fetchone()
        cursor.execute("SHOW superuser_reserved_connections")
        (reserved,) = cursor.fetchone()
    assert checks._usable_connections(connection) <= int(most) - int(reserved)
