"""gunicorn settings for `make serve` (and benchmarks/slow_clients.py, which measures them).

Uvicorn workers serve the ASGI application: each worker reads requests on an event loop, so a
client that sends its headers slowly (or never finishes them) holds an idle socket, not a
worker, and `/healthz` keeps answering while many such clients are connected. A sync worker
would be blocked on that socket until gunicorn's timeout killed it. Django still runs the
(synchronous) views in a thread, once the whole request has arrived.
"""

import os

wsgi_app = "verifier_site.asgi:application"
worker_class = "uvicorn_worker.UvicornWorker"
workers = int(os.environ.get("WORKERS", "3"))
# A worker whose event loop is blocked this long (a runaway request) is killed and replaced.
timeout = int(os.environ.get("WORKER_TIMEOUT", "30"))
graceful_timeout = 30
keepalive = 5
# X-Forwarded-For/-Proto are believed only from the proxy FORWARDED_ALLOW_IPS names (addresses or
# networks, comma-separated); by default from nobody. Believed from anyone else, a client could
# pick its own address and dodge the per-address login lockout and API limits; believed from
# 127.0.0.1 with no proxy there, so could any client on the machine.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "")
accesslog = "-"
