"""The site's settings fail closed: production behaviour unless the environment asks otherwise."""

import json
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# What a test sets itself; DJANGO_SETTINGS_MODULE points at the test settings under pytest.
UNSET = {
    "DEBUG",
    "SECRET_KEY",
    "DJANGO_SETTINGS_MODULE",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "BEHIND_TLS_PROXY",
    "TASKS_BACKEND",
}
SECRET = "a-long-random-production-secret-" + "x" * 40
DATABASE_TASKS = "django_tasks_db.DatabaseBackend"


@pytest.fixture
def manage(processes, tmp_path):
    """Run manage.py with the production settings and the given environment variables, on a
    scratch SQLite database unless DATABASE_URL is given (the checks may connect)."""
    scratch = f"sqlite:///{tmp_path / 'site.sqlite3'}"

    def run(*args, **env):
        base = {k: v for k, v in os.environ.items() if k not in UNSET}
        return processes.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env={**base, "DATABASE_URL": scratch, **env},
            timeout=60,
        )

    return run


def shell(manage, code: str, **env) -> str:
    result = manage("shell", "--no-imports", "-c", code, **env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_debug_is_off_unless_the_environment_turns_it_on(manage):
    code = "from django.conf import settings; print(settings.DEBUG)"
    assert shell(manage, code, SECRET_KEY=SECRET) == "False"
    assert shell(manage, code, DEBUG="true") == "True"


@pytest.mark.parametrize("env", [{}, {"DEBUG": "false"}], ids=["debug-unset", "debug-false"])
def test_debug_off_without_secret_key_refuses_to_start(manage, env):
    result = manage("check", **env)
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_debug_off_with_secret_key_starts(manage):
    result = manage("check", SECRET_KEY=SECRET)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    ("flag", "secure"), [({}, "False"), ({"BEHIND_TLS_PROXY": "true"}, "True")]
)
def test_x_forwarded_proto_is_trusted_only_behind_a_declared_proxy(manage, flag, secure):
    code = (
        "from django.test import RequestFactory; "
        "print(RequestFactory().get('/', HTTP_X_FORWARDED_PROTO='https').is_secure())"
    )
    assert shell(manage, code, SECRET_KEY=SECRET, **flag) == secure


def test_check_deploy_is_clean_with_the_documented_production_variables(manage):
    assert manage("createcachetable", SECRET_KEY=SECRET).returncode == 0
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        SECRET_KEY=SECRET,
        BEHIND_TLS_PROXY="true",
        TASKS_BACKEND=DATABASE_TASKS,
        SECURE_SSL_REDIRECT="true",
        SECURE_HSTS_SECONDS="31536000",
        SECURE_HSTS_INCLUDE_SUBDOMAINS="true",
        SECURE_HSTS_PRELOAD="true",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_fails_when_tasks_run_in_the_request_with_debug_off(manage):
    result = manage("check", "--deploy", SECRET_KEY=SECRET)
    assert result.returncode != 0
    assert "verifier_site.E001" in result.stderr
    assert "TASKS_BACKEND: the task backend 'default' runs every task" in result.stderr
    assert "TASKS_BACKEND=django_tasks_db.DatabaseBackend" in result.stderr

    in_debug = manage("check", "--deploy", DEBUG="true")
    with_worker = manage("check", "--deploy", SECRET_KEY=SECRET, TASKS_BACKEND=DATABASE_TASKS)
    assert "verifier_site.E001" not in in_debug.stdout + in_debug.stderr
    assert "verifier_site.E001" not in with_worker.stdout + with_worker.stderr


def test_production_logs_are_one_json_object_a_line(manage):
    code = "import logging; logging.getLogger('citations').warning('claim lapsed for %s', 'a\"b')"
    result = manage("shell", "-c", code, SECRET_KEY=SECRET)
    lines = [line for line in result.stderr.splitlines() if line.startswith("{")]
    record = json.loads(lines[-1])
    assert record["level"] == "WARNING"
    assert record["logger"] == "citations"
    assert record["message"] == 'claim lapsed for a"b'


def test_only_the_browser_tests_allow_orm_calls_beside_an_event_loop():
    # tests/browser/conftest.py sets it for its own tests; everywhere else Django's guard holds.
    assert "DJANGO_ALLOW_ASYNC_UNSAFE" not in os.environ
