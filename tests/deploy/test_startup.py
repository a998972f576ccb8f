"""With DEBUG off the site refuses to start on a misconfiguration, naming the variable.

Unreadable values stop every command at settings load (verifier_site.env); the task backend
and the cache table stop the servers: gunicorn (`make serve`), runserver, and any server that
loads verifier_site.wsgi or .asgi (verifier_site.startup).
"""

import importlib
import os
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")
SECRET = "a-long-random-production-secret-" + "x" * 40
DATABASE_TASKS = "django_tasks_db.DatabaseBackend"


@pytest.fixture
def production(processes, tmp_path):
    """Run a command with the production settings (DEBUG off) on a scratch database."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DEBUG"))}
    base |= {"SECRET_KEY": SECRET, "DATABASE_URL": f"sqlite:///{tmp_path / 'site.sqlite3'}"}
    base |= {"TASKS_BACKEND": DATABASE_TASKS, "LOG_LEVEL": "WARNING"}

    def run(*args, **env):
        return processes.run(list(args), cwd=ROOT, env={**base, **env}, timeout=90)

    return run


def manage(*args: str) -> list[str]:
    return [sys.executable, "manage.py", *args]


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("LOGIN_LOCKOUT", "ture", "LOGIN_LOCKOUT='ture' is not a boolean"),
        ("SECURE_SSL_REDIRECT", "yes please", "SECURE_SSL_REDIRECT='yes please' is not a bool"),
        ("CITATIONS_THRESHOLD", "half", "CITATIONS_THRESHOLD='half' is not a number"),
        ("CITATIONS_THRESHOLD", "1.5", "CITATIONS_THRESHOLD='1.5' is outside 0 to 1"),
    ],
)
def test_an_unreadable_value_stops_every_command(production, variable, value, message):
    result = production(*manage("check"), **{variable: value})
    assert result.returncode != 0
    assert f"ImproperlyConfigured: {message}" in result.stderr
    assert production(*manage("check")).returncode == 0  # the same without it


def test_gunicorn_refuses_to_start_on_the_immediate_task_backend(production):
    assert production(*manage("createcachetable")).returncode == 0
    immediate = "django.tasks.backends.immediate.ImmediateBackend"
    command = [str(GUNICORN), "-c", "verifier_site/gunicorn_conf.py", "--bind", "127.0.0.1:0"]
    result = production(*command, WORKERS="1", TASKS_BACKEND=immediate)
    assert result.returncode != 0  # "Worker failed to boot": gunicorn stops
    assert "The site refuses to start with DEBUG off" in result.stderr
    assert "TASKS_BACKEND: the task backend 'default' runs every task" in result.stderr


def test_runserver_refuses_to_start_without_the_cache_table(production):
    result = production(*manage("runserver", "--noreload", "127.0.0.1:0"))
    assert result.returncode != 0
    assert "the cache table 'cache_entries' is missing" in result.stderr
    assert "verifier_site.E002" in result.stderr


@pytest.mark.parametrize("module", ["verifier_site.wsgi", "verifier_site.asgi"])
def test_the_application_loads_once_the_cache_table_exists(production, module):
    load = [sys.executable, "-c", f"import {module}"]
    assert "verifier_site.E002" in production(*load).stderr
    assert production(*manage("createcachetable")).returncode == 0
    loaded = production(*load)
    assert loaded.returncode == 0, loaded.stderr


def test_persistent_connections_are_refused_under_asgi_only(production):
    """Under ASGI a persistent connection outlives its request (verifier_site.checks E003);
    under WSGI a worker's thread reuses it, so the WSGI application still loads."""
    assert production(*manage("createcachetable")).returncode == 0
    asgi = production(sys.executable, "-c", "import verifier_site.asgi", DB_CONN_MAX_AGE="60")
    assert asgi.returncode != 0
    assert "verifier_site.E003" in asgi.stderr
    assert "DB_CONN_MAX_AGE: the database 'default' keeps connections open" in asgi.stderr
    wsgi = production(sys.executable, "-c", "import verifier_site.wsgi", DB_CONN_MAX_AGE="60")
    assert wsgi.returncode == 0, wsgi.stderr
    loaded = production(sys.executable, "-c", "import verifier_site.asgi", DB_CONN_MAX_AGE="0")
    assert loaded.returncode == 0, loaded.stderr


def test_a_web_worker_keeps_what_it_built_at_start_up_out_of_collections(production):
    """verifier_site.asgi freezes the objects its start-up built: a full collection no longer
    walks them."""
    assert production(*manage("createcachetable")).returncode == 0
    frozen = production(
        sys.executable, "-c", "import gc, verifier_site.asgi; print(gc.get_freeze_count())"
    )
    assert frozen.returncode == 0, frozen.stderr
    assert int(frozen.stdout) > 50_000


def test_in_debug_the_development_defaults_start(production):
    result = production(sys.executable, "-c", "import verifier_site.wsgi", DEBUG="true")
    assert result.returncode == 0, result.stderr


@pytest.mark.django_db
def test_migrate_creates_the_cache_table_and_leaves_an_existing_one_alone():
    migration = importlib.import_module("verifier_site.migrations.0001_cache_table")
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE cache_entries")  # rolled back with the test
    editor = SimpleNamespace(connection=connection)  # all the migration reads of its editor
    migration.create_cache_tables(None, editor)
    assert "cache_entries" in connection.introspection.table_names()
    migration.create_cache_tables(None, editor)  # already there: nothing to do
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM cache_entries")
        assert cursor.fetchone() == (0,)
