"""make bench-scale prints how each profile's connections fell over the web workers: a worker's
established connections on the site's port, at the fullest sample, most first."""

import socket
import time

import psutil

from benchmarks import load, scale


def test_the_spread_counts_a_workers_accepted_connections_on_the_sites_port(monkeypatch):
    with socket.create_server(("127.0.0.1", 0)) as listener:
        monkeypatch.setattr(load, "PORT", listener.getsockname()[1])
        clients = [socket.create_connection(listener.getsockname()) for _ in range(3)]
        accepted = [listener.accept()[0] for _ in clients]
        try:
            # This process is the "worker": it holds the 3 accepted ends on the port (and the
            # 3 client ends, whose own port is another).
            with scale.WorkerSpread([psutil.Process(), psutil.Process()]) as spread:
                deadline = time.monotonic() + 10
                while not spread.fullest and time.monotonic() < deadline:
                    time.sleep(0.1)
        finally:
            for sock in clients + accepted:
                sock.close()
    assert spread.fullest == (3, 3)
    assert str(spread) == "3/3"


def test_a_profile_that_no_sample_saw_prints_a_dash():
    assert str(scale.WorkerSpread([])) == "-"
