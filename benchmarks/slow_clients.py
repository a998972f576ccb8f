"""`/healthz` while 20 clients hold half-sent headers, under the `make serve` server.

Starts gunicorn with verifier_site/gunicorn_conf.py (uvicorn workers) on a free loopback port,
opens 20 connections that send part of their request headers and then stall, and times ten
`/healthz` requests. The baseline, in the same run, is the server `make serve` ran before:
sync workers serving the WSGI application. Target: every `/healthz` under 200 ms.

    python benchmarks/slow_clients.py
"""

from __future__ import annotations

import contextlib
import http.client
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.commands import manage  # noqa: E402

GUNICORN = Path(sys.executable).with_name("gunicorn")
CONFIG = ROOT / "verifier_site" / "gunicorn_conf.py"
SLOW_CLIENTS = 20
PROBES = 10
BUDGET_MS = 200.0
SYNC_WORKERS = ["verifier_site.wsgi", "--worker-class", "sync"]  # the former `make serve`


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def server(*extra: str, workers: int = 2):
    """gunicorn with the project's config (plus `extra`), on loopback, with the production
    settings (DEBUG off) on a scratch database; stopped, and the database removed, after."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="slow-clients-") as scratch:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "verifier_site.settings",
            "DEBUG": "false",
            "SECRET_KEY": "benchmark-only-" + "x" * 40,
            "DATABASE_URL": f"sqlite:///{scratch}/site.sqlite3",
            # With DEBUG off the site refuses to serve without these (verifier_site.checks).
            "TASKS_BACKEND": "django_tasks_db.DatabaseBackend",
            "WORKERS": str(workers),
            "LOG_LEVEL": "WARNING",
        }
        manage(env, "createcachetable")  # /healthz needs no other table
        with _gunicorn(env, port, extra, Path(scratch) / "gunicorn.log"):
            yield port


@contextlib.contextmanager
def _gunicorn(env: dict, port: int, extra: tuple[str, ...], log: Path):
    command = [str(GUNICORN), "-c", str(CONFIG), "--bind", f"127.0.0.1:{port}", *extra]
    with log.open("w") as stderr:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=stderr
        )
    try:
        deadline = time.monotonic() + 30
        while healthz_ms(port, timeout=1.0) is None:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                process.wait()
                raise RuntimeError(
                    f"gunicorn did not start: {' '.join(command)}\n{log.read_text()}"
                )
            time.sleep(0.2)
        yield
    finally:
        process.terminate()
        process.wait(timeout=30)


def healthz_ms(port: int, timeout: float) -> float | None:
    """Milliseconds for one GET /healthz on a new connection; None without an answer."""
    start = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", "/healthz")
        response = connection.getresponse()
        response.read()
    except OSError:
        return None
    finally:
        connection.close()
    return (time.perf_counter() - start) * 1000 if response.status == 200 else None


@contextlib.contextmanager
def slow_clients(port: int, count: int = SLOW_CLIENTS):
    """`count` connections that send half of their request headers and then wait."""
    sockets = []
    try:
        for _ in range(count):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            sockets.append(sock)
        time.sleep(0.5)  # let every worker pick its connection up
        yield
    finally:
        for sock in sockets:
            sock.close()


def probe(port: int, timeout: float = 2.0) -> list[float | None]:
    return [healthz_ms(port, timeout) for _ in range(PROBES)]


def describe(times: list[float | None]) -> str:
    answered = sorted(t for t in times if t is not None)
    if not answered:
        return f"no answer to any of {len(times)} requests within 2 s"
    return (
        f"{len(answered)}/{len(times)} answered, median {answered[len(answered) // 2]:.1f} ms, "
        f"worst {answered[-1]:.1f} ms"
    )


def main() -> int:
    print(f"{SLOW_CLIENTS} slow clients holding half-sent headers; {PROBES} x GET /healthz")
    with server(*SYNC_WORKERS) as port, slow_clients(port):
        print(f"baseline, sync workers:      {describe(probe(port))}")
    with server() as port:
        idle = probe(port)
        with slow_clients(port):
            held = probe(port)
    print(f"uvicorn workers, no load:    {describe(idle)}")
    print(f"uvicorn workers, slow load:  {describe(held)}")
    ok = all(t is not None and t < BUDGET_MS for t in held)
    print(f"every /healthz under {BUDGET_MS:.0f} ms: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
