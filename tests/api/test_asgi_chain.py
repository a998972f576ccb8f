"""The site's ASGI handler (verifier_site.sync_chain) runs a request's middleware and view in
one hop to the request's thread, the same thread as its request_started and request_finished
(which close its database connection), and still streams an export from the event loop."""

import asyncio
import json
import threading

import pytest
from asgiref.sync import SyncToAsync
from django.core.signals import request_finished, request_started

from citations import services
from citations.services import token_issue
from tests.api.payloads import ANSWERS, EXPORT_JSONL, body
from tests.asgi import http, request_body
from tests.factories import make_answer
from verifier_site.sync_chain import get_asgi_application

pytestmark = pytest.mark.django_db(transaction=True)  # the site's threads read what we wrote


def request(key: str, method: str, path: str, data: dict | None = None) -> tuple[dict, bytes]:
    """(the response's start message, its whole body) from the site's ASGI handler."""
    content = json.dumps(data).encode() if data is not None else b""
    headers = [(b"authorization", f"Token {key}".encode())]
    if data is not None:
        headers += [
            (b"content-type", b"application/json"),
            (b"content-length", b"%d" % len(content)),
        ]
    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    scope = http(path, *headers, method=method)
    asyncio.run(get_asgi_application()(scope, request_body(content), send))
    return sent[0], b"".join(m.get("body", b"") for m in sent[1:])


def test_a_submission_runs_its_chain_and_view_in_one_hop_to_its_own_thread(monkeypatch):
    _, key = token_issue(client_name="pipeline")
    threads: dict[str, int] = {}
    hops = []
    submit, hop = services.answer_submit, SyncToAsync.__call__

    def record(name):
        def receiver(**kwargs):
            threads[name] = threading.get_ident()

        return receiver

    def submit_recorded(**fields):
        threads["view"] = threading.get_ident()
        return submit(**fields)

    async def hop_counted(self, *args, **kwargs):
        hops.append(self.func)
        return await hop(self, *args, **kwargs)

    started, finished = record("started"), record("finished")
    request_started.connect(started)
    request_finished.connect(finished)
    monkeypatch.setattr(services, "answer_submit", submit_recorded)
    monkeypatch.setattr(SyncToAsync, "__call__", hop_counted)
    try:
        start, content = request(key, "POST", ANSWERS, body())
    finally:
        request_started.disconnect(started)
        request_finished.disconnect(finished)

    assert start["status"] == 201, content[:300]
    headers = {name.lower(): value for name, value in start["headers"]}
    assert b"no-store" in headers[b"cache-control"]  # the site's sync middleware ran
    assert json.loads(content)["verification"]["passed"] is not None
    assert len(set(threads.values())) == 1 and threading.get_ident() not in threads.values()
    # request_started's receivers, the chain with the view, the response's close: no more.
    assert len(hops) == 3


def test_an_export_streams_through_the_handler():
    token, key = token_issue(client_name="pipeline")
    answers = [make_answer(client=token.client) for _ in range(3)]

    start, content = request(key, "GET", EXPORT_JSONL)

    assert start["status"] == 200
    assert len(content.decode().splitlines()) == len(answers)
