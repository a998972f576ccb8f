"""verifier_site/db_slots.py: at most DB_CONNECTIONS_PER_WORKER requests in Django at once; one
that waits longer than DB_CONNECTION_WAIT_SECONDS for a slot is answered 503 without Django.
(The bound on real connections, over HTTP: tests/api/test_hardening_db_connections.py.)"""

import asyncio
import json

from verifier_site.db_slots import ConnectionSlots


def scope(path: str) -> dict:
    return {"type": "http", "path": path, "headers": []}


def test_requests_past_the_slots_wait_and_one_waiting_too_long_gets_503(settings):
    settings.DB_CONNECTIONS_PER_WORKER = 2
    settings.DB_CONNECTION_WAIT_SECONDS = 1
    inside, most_inside = 0, 0
    release = asyncio.Event()

    async def django(scope, receive, send):
        nonlocal inside, most_inside
        inside += 1
        most_inside = max(most_inside, inside)
        await release.wait()
        inside -= 1
        await send({"type": "http.response.start", "status": 200, "headers": []})

    async def main():
        app = ConnectionSlots(django)
        sent: list[list[dict]] = [[] for _ in range(3)]

        async def call(i: int, path: str):
            async def send(message):
                sent[i].append(message)

            await app(scope(path), None, send)

        first = [asyncio.create_task(call(i, "/")) for i in range(2)]
        while inside < 2:  # both in Django, holding the slots
            await asyncio.sleep(0)
        await call(2, "/api/v1/answers/")  # both slots held past the wait: refused
        release.set()
        await asyncio.gather(*first)
        return sent

    sent = asyncio.run(main())

    assert most_inside == 2
    assert [messages[0]["status"] for messages in sent] == [200, 200, 503]
    refused = dict(sent[2][0]["headers"])
    assert refused[b"retry-after"] == b"5"
    assert json.loads(sent[2][1]["body"])["code"] == "busy"


def test_a_waiting_request_gets_the_slot_a_finished_one_frees(settings):
    settings.DB_CONNECTIONS_PER_WORKER = 1
    settings.DB_CONNECTION_WAIT_SECONDS = 30
    order = []

    async def django(scope, receive, send):
        order.append(("in", scope["path"]))
        await asyncio.sleep(0)
        order.append(("out", scope["path"]))
        await send({"type": "http.response.start", "status": 200, "headers": []})

    async def main():
        app = ConnectionSlots(django)

        async def send(message):
            pass

        await asyncio.gather(app(scope("/a"), None, send), app(scope("/b"), None, send))

    asyncio.run(main())

    assert order == [("in", "/a"), ("out", "/a"), ("in", "/b"), ("out", "/b")]
