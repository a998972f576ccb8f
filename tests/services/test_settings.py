"""The site refuses to start in production without a secret key."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args, **env):
    # The test run sets DJANGO_ALLOW_ASYNC_UNSAFE for the browser tests; production does not.
    unset = {"SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    base = {k: v for k, v in os.environ.items() if k not in unset}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_debug_off_without_secret_key_refuses_to_start():
    result = run_manage("check", DEBUG="false")
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_debug_off_with_secret_key_starts():
    result = run_manage("check", DEBUG="false", SECRET_KEY="x" * 60)
    assert result.returncode == 0, result.stderr


def test_check_deploy_is_clean_with_the_documented_production_variables():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="false",
        SECRET_KEY="a-long-random-production-secret-" + "x" * 40,
        SECURE_SSL_REDIRECT="true",
        SECURE_HSTS_SECONDS="31536000",
        SECURE_HSTS_INCLUDE_SUBDOMAINS="true",
        SECURE_HSTS_PRELOAD="true",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_logs_are_one_json_object_a_line():
    code = "import logging; logging.getLogger('citations').warning('claim lapsed for %s', 'a\"b')"
    result = run_manage("shell", "-c", code, DEBUG="false", SECRET_KEY="x" * 60)
    lines = [line for line in result.stderr.splitlines() if line.startswith("{")]
    record = json.loads(lines[-1])
    assert record["level"] == "WARNING"
    assert record["logger"] == "citations"
    assert record["message"] == 'claim lapsed for a"b'
