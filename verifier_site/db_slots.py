"""A bound on one ASGI worker's database connections, applied before Django runs a request.

Under ASGI, Django serves each request in a thread of its own with a database connection of
its own, so a worker process holds as many connections as it has requests in flight, and
persistent ones (`CONN_MAX_AGE` > 0) outlive their requests: three workers held 96 and
PostgreSQL refused the rest ("too many clients"; 30-62 % of submissions 503, 45 % of pages 500).
So each worker lets at most DB_CONNECTIONS_PER_WORKER requests into Django at once. The others
wait here, an idle coroutine holding neither a thread nor a connection, for at most
DB_CONNECTION_WAIT_SECONDS, then get a 503 with Retry-After. A deployment then opens at most
workers x DB_CONNECTIONS_PER_WORKER connections for the web, whatever the load.

On PostgreSQL (DB_POOL, on by default) Django's pool (psycopg_pool) holds those connections:
its max_size is DB_CONNECTIONS_PER_WORKER, so an admitted request always finds one, and a
request's connection goes back to the pool after its response instead of being closed, so the
next request skips the connect. The pool alone would bound the connections too, but its
waiters would each hold one of Django's threads, and one waiting past the pool's timeout would
fail inside its view, with part of its work done; here they hold nothing and get a clean 503.
Without the pool (SQLite, DB_POOL off) each request opens a connection and closes it after its
response (CONN_MAX_AGE 0: `verifier_site.checks` refuses more under ASGI).

A streamed export (citations.exports) would hold its slot, and its connection, as long as its
client takes to read the download: a few slow or stalled downloads would keep every other
request of the worker out. So the request's slot is a Lease the response may give back once
its headers are decided, taking a slot again for each chunk it builds from the database (and
closing its connection after each): it counts against the same bound while it reads, and holds
nothing while the client does.
"""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from django.conf import settings

from verifier_site.body_limit import answer_plainly

RETRY_AFTER_SECONDS = 5
SCOPE_KEY = "verifier_site.db_slot"


class Lease:
    """A request's slot, in its ASGI scope under SCOPE_KEY (see `lease_of`)."""

    def __init__(self, slots: asyncio.Semaphore):
        self._slots = slots
        self._held = True

    def give_back(self) -> None:
        if self._held:
            self._held = False
            self._slots.release()

    @asynccontextmanager
    async def again(self) -> AsyncIterator[None]:
        """A slot for one stretch of database work after `give_back`. It waits as long as it
        takes: the response has started, so there is no 503 to answer any more."""
        async with self._slots:
            yield


def lease_of(request) -> Lease | None:
    """The slot of a request that came through ConnectionSlots (a DRF Request wraps Django's);
    None under WSGI and in Django's test client."""
    scope = getattr(getattr(request, "_request", request), "scope", None)
    return scope.get(SCOPE_KEY) if scope else None


class ConnectionSlots:
    def __init__(self, app):
        self.app = app
        self._loop: asyncio.AbstractEventLoop | None = None
        self._slots = asyncio.Semaphore(settings.DB_CONNECTIONS_PER_WORKER)

    def slots(self) -> asyncio.Semaphore:
        """The semaphore of the running event loop (a worker has one; a test may run several,
        and a semaphore with waiters belongs to one loop)."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._loop = loop
            self._slots = asyncio.Semaphore(settings.DB_CONNECTIONS_PER_WORKER)
        return self._slots

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        slots = self.slots()
        try:
            async with asyncio.timeout(settings.DB_CONNECTION_WAIT_SECONDS):
                await slots.acquire()
        except TimeoutError:
            return await answer_plainly(
                scope,
                send,
                status=503,
                code="busy",
                detail="The site is busy: every database connection of this worker was in use "
                f"for {settings.DB_CONNECTION_WAIT_SECONDS} s. Try again shortly.",
                retry_after=RETRY_AFTER_SECONDS,
            )
        lease = scope[SCOPE_KEY] = Lease(slots)
        try:
            # Django's handler returns once the response is sent and its connection closed.
            return await self.app(scope, receive, send)
        finally:
            lease.give_back()
