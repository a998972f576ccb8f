"""How an export's chunks reach the server: as built under WSGI; under ASGI from an async
iterator, which Django sends as they come and cancels when the client leaves; behind db_slots
(verifier_site/db_slots.py) holding a slot only while a chunk is read from the database."""

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db import connections

from verifier_site.db_slots import Lease, lease_of

if TYPE_CHECKING:
    from citations.exports import ExportStream


class Async:
    """Hides `__iter__` so that StreamingHttpResponse takes the async path."""

    def __init__(self, stream: "ExportStream"):
        self.stream = stream

    def __aiter__(self) -> AsyncIterator[str]:
        return self.stream.__aiter__()


class Leased(Async):
    """Under db_slots: the request's slot goes back once the view is done, and each chunk is
    built under a slot taken again, its connection closed after it (back to the pool), so
    between chunks, while the client reads, the export holds neither."""

    def __init__(self, stream: "ExportStream", lease: Lease):
        super().__init__(stream)
        self.lease = lease

    async def __aiter__(self) -> AsyncIterator[str]:
        # Run in the request's thread (thread-sensitive), so these are the view's connections.
        await sync_to_async(connections.close_all)()
        self.lease.give_back()
        if header := self.stream.header():
            yield header
        while True:
            async with self.lease.again():
                text = await self._read()
            if text is None:
                return
            yield text

    async def _read(self) -> str | None:
        """The next chunk. When Django cancels the iterator (the client left), the chunk's
        thread reads on with its connection: the slot is held until it is done."""
        work = asyncio.ensure_future(sync_to_async(self._chunk)())
        try:
            return await asyncio.shield(work)
        except asyncio.CancelledError:
            await work
            raise

    def _chunk(self) -> str | None:
        try:
            return self.stream.next_text()
        finally:
            connections.close_all()


def served_async(request) -> bool:
    """Whether the request came in through ASGI (a DRF Request wraps Django's)."""
    return isinstance(getattr(request, "_request", request), ASGIRequest)


def body(stream: "ExportStream", request) -> Iterator[str] | Async:
    """An async iterator under ASGI, so that the export truly streams there and stops when the
    client leaves; a leased one behind db_slots; the chunks as built otherwise."""
    if request is None or not served_async(request):
        return iter(stream)
    lease = lease_of(request)
    return Async(stream) if lease is None else Leased(stream, lease)
