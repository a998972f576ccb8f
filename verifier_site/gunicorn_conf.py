"""gunicorn settings for `make serve` (and benchmarks/slow_clients.py, which measures them).

Uvicorn workers serve the ASGI application: each worker reads requests on an event loop, so a
client that sends its headers slowly (or never finishes them) holds an idle socket, not a
worker, and `/healthz` keeps answering while many such clients are connected. A sync worker
would be blocked on that socket until gunicorn's timeout killed it. Django still runs the
(synchronous) views in a thread, once the whole request has arrived.

Chosen by measurement against the WSGI application under gthread workers (2 workers, 20
clients holding half-sent headers, 10 x /healthz, load average 10-11 on 2 cores): uvicorn
answered 10/10 (median 6 ms, worst 18 ms); gthread with 8 threads a worker 5/10, with 32
threads 10/10 (median 20 ms, worst 52 ms) but only while the slow clients are fewer than the
threads; sync workers none. Under ASGI the body limit applies before Django reads a byte
(body_limit.py) and exports stream from an async iterator; each worker's database
connections are bounded by DB_CONNECTIONS_PER_WORKER (db_slots.py).
"""

import os

wsgi_app = "verifier_site.asgi:application"
worker_class = "uvicorn_worker.UvicornWorker"


def worker_count() -> int:
    """Web worker processes (WORKERS); verifier_site.checks counts their connections too."""
    return int(os.environ.get("WORKERS", "3"))


workers = worker_count()
# A worker whose event loop is blocked this long (a runaway request) is killed and replaced.
timeout = int(os.environ.get("WORKER_TIMEOUT", "30"))
graceful_timeout = 30
keepalive = 5
# Each worker listens on a socket of its own (SO_REUSEPORT) and the kernel spreads new
# connections over them. On the one socket gunicorn shares otherwise, the worker that wakes
# first accepts every connection waiting, and a keep-alive connection stays where it was
# accepted: a client's 8 connections were served by one of 3 workers (82-180 submissions/s
# against 151-210 spread over them), and of 32 one worker held 20 or 22 (benchmarks/scale.py,
# stop 37). A worker that exits drops the connections still queued on its own socket;
# `--bind HOST:0` would give each worker another port, so bind a chosen one; and another
# process of the same user could bind the port too and take a share: run the site as its own.
reuse_port = True
# X-Forwarded-For/-Proto are believed only from the proxy FORWARDED_ALLOW_IPS names (addresses or
# networks, comma-separated); by default from nobody. Believed from anyone else, a client could
# pick its own address and dodge the per-address login lockout and API limits; believed from
# 127.0.0.1 with no proxy there, so could any client on the machine.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "")
accesslog = "-"
