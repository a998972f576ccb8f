"""The site as `make serve` runs it: gunicorn with uvicorn workers (verifier_site/gunicorn_conf.py)
on a free loopback port, DEBUG off, for tests that talk HTTP to a real server: bodies sent
slowly or in chunks, requests in parallel, proxy headers."""

import contextlib
import http.client
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tests.processes import ProcessGroups

ROOT = Path(__file__).resolve().parents[1]
GUNICORN = Path(sys.executable).with_name("gunicorn")
CONFIG = ROOT / "verifier_site" / "gunicorn_conf.py"
START_SECONDS = 60  # two shared cores: a cold start can be slow


@dataclass(frozen=True)
class Site:
    port: int
    log: Path | None = field(default=None, compare=False)
    pid: int | None = field(default=None, compare=False)
    """The gunicorn master's process id (its workers are its children)."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def connect(self, timeout: float = 10.0) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=timeout)

    def request(self, method: str, path: str, *, body=None, headers=None, timeout=10.0):
        """(status, headers, body) of one request on a new connection."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()

    def log_tail(self, chars: int = 3000) -> str:
        """The end of what the server has logged so far: for a failing assertion's message."""
        # Read through a file of its own: seeking the server's stderr would move where it writes.
        return self.log.read_text(errors="replace")[-chars:] if self.log else ""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def served_site(processes: ProcessGroups, *, workers: int = 1, **env: str) -> Iterator[Site]:
    """Serve the site with the environment `env` on top of a production-like one; stopped (with
    its whole process group) when the `processes` fixture ends. Waits for any HTTP answer."""
    port = free_port()
    environment = {
        **os.environ,
        "DEBUG": "false",
        "SECRET_KEY": "test-only-" + "x" * 40,
        "WORKERS": str(workers),
        "LOG_LEVEL": "WARNING",
        **env,
    }
    command = [str(GUNICORN), "-c", str(CONFIG), "--bind", f"127.0.0.1:{port}"]
    # Logs to a file, not a pipe nobody reads: a full pipe would stall the server.
    with tempfile.NamedTemporaryFile("w", suffix=".log") as log:
        process = processes.start(
            command, cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=log
        )
        site = Site(port, Path(log.name), process.pid)
        deadline = time.monotonic() + START_SECONDS
        while not _answers(site):
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError(f"the site did not start: {site.log_tail()}")
            time.sleep(0.2)
        yield site


def _answers(site: Site) -> bool:
    try:
        site.request("GET", "/healthz", timeout=2.0)
    except OSError:
        return False
    return True
