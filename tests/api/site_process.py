"""Run the site's settings in a child process, as a server would (for tests that point the
site at a database that refuses or never answers)."""

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from citations.selectors.throttles import window_of

ROOT = Path(__file__).resolve().parents[2]


def clear_of_window_end(seconds: int, margin: float = 120) -> None:
    """Wait for the next throttle window when the current one closes within `margin` seconds.
    Windows are fixed (they close on the clock), so requests sent either side of a close would
    each get a fresh budget: a test counting one budget waits instead of straddling it."""
    left = window_of(seconds, time.time()) - time.time()
    if left < margin:
        time.sleep(left + 1)


def run_site(code: str, **env) -> dict:
    """Run `code` with Django set up from the site's settings; it prints one JSON object."""
    script = "import django, json; django.setup()\n" + code
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "verifier_site.settings",
            "DEBUG": "true",
            **env,
        },
        capture_output=True,
        text=True,
        timeout=30,  # without a connect timeout the child would hang far longer
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def closed_port() -> int:
    """A loopback port nothing listens on: connections to it are refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_url(settings_dict: dict) -> str:
    """A DATABASE_URL for the database `settings_dict` describes (the test database, so a
    child process sees what a transactional test committed)."""
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings_dict['NAME']}"
    user, host, port = settings_dict["USER"], settings_dict["HOST"], settings_dict["PORT"]
    return f"postgres://{user}@{host or '127.0.0.1'}:{port or 5432}/{settings_dict['NAME']}"
