"""A bound on one ASGI worker's database connections, applied before Django runs a request.

Under ASGI, Django serves each request in a thread of its own with a database connection of
its own, so a worker process holds as many connections as it has requests in flight, and
persistent ones (`CONN_MAX_AGE` > 0) outlive their requests: three workers held 96 and
PostgreSQL refused the rest ("too many clients"; 30-62 % of submissions 503, 45 % of pages 500).
Django's own pool (DATABASES OPTIONS "pool") would bound them, but it needs `psycopg_pool`,
which the locked dependencies do not include. So each worker lets at most
DB_CONNECTIONS_PER_WORKER requests into Django at once, each with one connection that is
closed when its response has been sent (CONN_MAX_AGE 0: `verifier_site.checks` refuses more
under ASGI). The others wait here, an idle coroutine holding neither a thread nor a connection,
for at most DB_CONNECTION_WAIT_SECONDS, then get a 503 with Retry-After. A deployment then
opens at most workers x DB_CONNECTIONS_PER_WORKER connections for the web, whatever the load.
"""

import asyncio

from django.conf import settings

from verifier_site.body_limit import answer_plainly

RETRY_AFTER_SECONDS = 5


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
        try:
            # Django's handler returns once the response is sent and its connection closed.
            return await self.app(scope, receive, send)
        finally:
            slots.release()
