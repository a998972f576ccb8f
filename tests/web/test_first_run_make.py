"""`make run` as a new user runs it: the URL it prints is the one served, a taken PORT is named,
and the demo users log in with DEMO_PASSWORD through what the login page's hint says."""

import os
import queue
import re
import shutil
import socket
import threading
import time
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

from verifier_site import free_port

ROOT = Path(__file__).resolve().parents[2]
# The venv is there already (`make test` made it): the test must not reinstall it.
MAKE = ["make", "--no-print-directory", "-o", ".venv/.installed", "run"]
PASSWORD = "pebble-signal-orchard-35"

needs_make = pytest.mark.skipif(
    shutil.which("make") is None or not (ROOT / ".venv/bin/python").exists(),
    reason="needs make and the project's .venv",
)


@pytest.fixture
def taken():
    """A port something is listening on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


def unused_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_a_taken_default_port_gives_way_to_the_next_free_one(taken, capsys):
    port = free_port.pick("127.0.0.1", taken, exact=False)
    assert port > taken and free_port.is_free("127.0.0.1", port)
    assert f"Port {taken} is in use on 127.0.0.1; serving on {port}." in capsys.readouterr().err
    assert free_port.pick("127.0.0.1", port, exact=True) == port


def test_a_taken_port_the_user_set_is_an_error_naming_port(taken):
    with pytest.raises(SystemExit, match=rf"^PORT={taken} is already in use on 127.0.0.1\."):
        free_port.pick("127.0.0.1", taken, exact=True)


def test_the_printed_url_brackets_ipv6():
    assert free_port.url("127.0.0.1", 8001) == "http://127.0.0.1:8001/"
    assert free_port.url("[::1]", 8001) == "http://[::1]:8001/"
    assert free_port.url("::1", 8001) == "http://[::1]:8001/"
    assert free_port.url("0.0.0.0", 8001) == "http://127.0.0.1:8001/"


def test_a_privileged_port_is_named_not_called_taken(monkeypatch):
    def refuse(self, address):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(free_port.socket.socket, "bind", refuse)
    with pytest.raises(SystemExit, match=r"^PORT=80 needs privileges"):
        free_port.pick("127.0.0.1", 80, exact=False)


def environment(tmp_path, **extra) -> dict[str, str]:
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DJANGO_", "PYTEST_", "DEBUG", "DATABASE_URL", "DEMO_PASSWORD"))
    }
    return {
        **env,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'first-run.sqlite3'}",
        "PYTHONUNBUFFERED": "1",
        **extra,
    }


@needs_make
def test_make_run_stops_at_once_on_a_taken_port_it_was_given(processes, tmp_path, taken):
    result = processes.run(
        [*MAKE, f"PORT={taken}"], cwd=ROOT, env=environment(tmp_path), timeout=60
    )
    assert result.returncode != 0
    assert f"PORT={taken} is already in use on 127.0.0.1." in result.stderr
    assert not (tmp_path / "first-run.sqlite3").exists()  # before migrating anything


def lines_of(stream) -> queue.Queue:
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in stream], daemon=True).start()
    return lines


def wait_for_line(lines: queue.Queue, pattern: str, seen: list[str], timeout: float) -> re.Match:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.5)
        except queue.Empty:
            continue
        seen.append(line)
        if found := re.search(pattern, line):
            return found
    raise AssertionError("".join(seen))


def get(opener, url: str, data: dict | None = None, timeout: float = 10) -> tuple[int, str, str]:
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    with opener.open(url, data=body, timeout=timeout) as response:
        return response.status, response.url, response.read().decode()


def wait_until_served(opener, url: str, timeout: float) -> str:
    deadline = time.monotonic() + timeout
    while True:
        try:
            return get(opener, url)[2]
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.25)


@needs_make
def test_make_run_serves_the_url_it_prints_and_the_hint_logs_in(processes, tmp_path):
    port = unused_port()
    server = processes.start(
        [*MAKE, f"PORT={port}"], cwd=ROOT, env=environment(tmp_path, DEMO_PASSWORD=PASSWORD)
    )
    seen: list[str] = []
    printed = wait_for_line(
        lines_of(server.stdout), r"^Citation Verifier: (\S+)  \(log in at (\S+), ", seen, 120
    )
    base, login_url = printed.groups()
    assert base == f"http://127.0.0.1:{port}/"
    assert login_url == f"{base}accounts/login/"
    assert not any(PASSWORD in line for line in seen)

    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    page = wait_until_served(opener, login_url, timeout=60)
    hint = re.search(r"Demo accounts: <code>(\w+)</code> and <code>(\w+)</code>", page)
    assert hint is not None, page
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    status, landed, queue_page = get(
        opener,
        login_url,
        {"csrfmiddlewaretoken": token, "username": hint.group(1), "password": PASSWORD},
    )
    assert (status, landed) == (200, base)  # redirected to the queue, logged in
    assert "Log out" in queue_page and 'href="/api/v1/docs/">API docs</a>' in queue_page
