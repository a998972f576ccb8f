"""Keep-alive clients are spread over the web workers (verifier_site/gunicorn_conf.py's
`reuse_port`): with one shared listening socket the worker that woke first accepted every
waiting connection, so a client's keep-alive connections were all served by one worker while
the others idled. Served as `make serve` runs it; the connections are read from each worker's
own sockets."""

import time

import psutil
import pytest
from django.db import connection

from benchmarks.load import tcp_sockets
from tests.api.site_process import database_url
from tests.served import served_site

WORKERS = 3
CONNECTIONS = 16
BOOT_SECONDS = 60

pytestmark = pytest.mark.django_db(transaction=True)  # the served site reads the test database


def test_a_clients_keep_alive_connections_are_served_by_several_workers(processes):
    url = database_url(connection.settings_dict)
    with served_site(processes, workers=WORKERS, DATABASE_URL=url) as site:
        workers = _listening_workers(site)
        # Connected while the workers are stopped, so that all of them wait to be accepted at
        # once, as when a client's pool opens: on one shared socket the worker that runs first
        # accepts them all.
        for pid in workers:
            psutil.Process(pid).suspend()
        try:
            connections = [site.connect() for _ in range(CONNECTIONS)]
        finally:
            for pid in workers:
                psutil.Process(pid).resume()
        try:
            for sock in connections:  # each accepted and answered, then kept open
                sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                assert sock.recv(4096).startswith(b"HTTP/1.1 200"), site.log_tail()
            held = {pid: tcp_sockets(pid, site.port, psutil.CONN_ESTABLISHED) for pid in workers}
        finally:
            for sock in connections:
                sock.close()
    assert sum(held.values()) == CONNECTIONS
    assert sum(1 for count in held.values() if count) >= 2, held


def _listening_workers(site) -> list[int]:
    """The workers' process ids, once each of them listens on the site's port."""
    deadline = time.monotonic() + BOOT_SECONDS
    while True:
        workers = psutil.Process(site.pid).children()
        listening = [w.pid for w in workers if tcp_sockets(w.pid, site.port, psutil.CONN_LISTEN)]
        if len(listening) == WORKERS:
            return listening
        assert time.monotonic() < deadline, f"{len(listening)} workers listen: {site.log_tail()}"
        time.sleep(0.2)
