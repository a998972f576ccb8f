"""A streamed export under ASGI holds a db_slots slot only while it builds a chunk: a client
that stops reading a download must not keep a worker's other requests out (with one slot, a
stalled export answered every other request 503)."""

import asyncio
import contextlib
import threading

import pytest

from citations import export_bodies
from citations.services import token_issue
from tests.api.payloads import EXPORT_JSONL
from tests.asgi import http, request_body
from tests.factories import make_answer
from verifier_site.db_slots import ConnectionSlots, Lease
from verifier_site.sync_chain import get_asgi_application

pytestmark = pytest.mark.django_db(transaction=True)  # the site's threads read what we wrote


async def get(app, path: str) -> int:
    statuses = []

    async def send(message):
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    await app(http(path), request_body(), send)
    return statuses[0]


def test_a_stalled_export_download_leaves_the_slot_to_other_requests(settings):
    settings.DB_CONNECTIONS_PER_WORKER = 1
    settings.DB_CONNECTION_WAIT_SECONDS = 2
    token, key = token_issue(client_name="pipeline")
    answers = [make_answer(client=token.client) for _ in range(3)]
    app = ConnectionSlots(get_asgi_application())

    async def main():
        stalled, resume, body = asyncio.Event(), asyncio.Event(), []

        async def slow_client(message):
            if message["type"] == "http.response.body":
                body.append(message.get("body", b""))
                if message.get("more_body") and not resume.is_set():
                    stalled.set()  # the client stops reading here
                    await resume.wait()

        auth = (b"authorization", f"Token {key}".encode())
        export = asyncio.create_task(app(http(EXPORT_JSONL, auth), request_body(), slow_client))
        await asyncio.wait_for(stalled.wait(), 30)
        meanwhile = await get(app, "/healthz")
        resume.set()
        await asyncio.wait_for(export, 30)
        return meanwhile, b"".join(body)

    meanwhile, body = asyncio.run(main())
    assert meanwhile == 200
    assert len(body.decode().splitlines()) == len(answers)  # and the export completes


def test_each_chunk_is_built_under_a_slot_taken_again():
    async def main():
        slots = asyncio.Semaphore(1)
        await slots.acquire()  # the request's own slot, as db_slots took it
        chunks, held = ["a", "b", None], []

        class Stream:
            def header(self):
                return ""

            def next_text(self):
                held.append(slots.locked())
                return chunks.pop(0)

        parts = [part async for part in export_bodies.Leased(Stream(), Lease(slots))]
        return parts, held, slots.locked()

    parts, held, locked_after = asyncio.run(main())
    assert parts == ["a", "b"]
    assert held == [True, True, True]  # a slot while each chunk is read...
    assert not locked_after  # ...and none kept after


def test_a_download_cancelled_mid_chunk_keeps_its_slot_until_the_chunk_is_read():
    """Django cancels the iterator when the client leaves; the chunk's thread reads on, with
    its connection, so the slot must stay taken until it is done."""
    reading, finish = threading.Event(), threading.Event()

    class Stream:
        def header(self):
            return ""

        def next_text(self):
            reading.set()
            finish.wait(30)
            return "chunk"

    async def main():
        slots = asyncio.Semaphore(1)
        await slots.acquire()  # the request's own slot, as db_slots took it
        iterator = aiter(export_bodies.Leased(Stream(), Lease(slots)))
        first = asyncio.ensure_future(anext(iterator))
        await asyncio.to_thread(reading.wait, 30)
        first.cancel()
        await asyncio.sleep(0.1)
        held_while_reading = slots.locked()
        finish.set()
        with contextlib.suppress(asyncio.CancelledError):
            await first
        return held_while_reading, slots.locked()

    held_while_reading, held_after = asyncio.run(main())
    assert held_while_reading
    assert not held_after
