"""On the immediate task backend a webhook is posted after the reviewer's response has been
sent, never while the click that completed the review is being answered (WSGI and ASGI)."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import async_to_sync
from django.test import AsyncClient
from django.urls import reverse

from citations import services
from citations.models import Answer, WebhookDelivery
from citations.services import webhook_http
from citations.services.webhook_http import AttemptResult
from tests.web.conftest import login

# transaction=True: the decision's on_commit runs as in production.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def posted_in_click(numeric_answer, monkeypatch):
    """For each webhook POST, whether it ran inside the request's decision work."""
    numeric_answer.client.webhook_url = "http://93.184.215.14/hook"
    numeric_answer.client.save()
    in_click, posted = [], []
    record = services.decision_record

    def decision_record(**kwargs):  # the work the reviewer's request does
        in_click.append(True)
        try:
            return record(**kwargs)
        finally:
            in_click.pop()

    def post(**kwargs):
        posted.append(bool(in_click))
        return AttemptResult(True, 204, "", 1)

    monkeypatch.setattr(services, "decision_record", decision_record)
    monkeypatch.setattr(webhook_http, "post", post)
    return posted


def complete_review(send, answer) -> list[int]:
    url = reverse("citations:answer_decide", args=[answer.pk])
    return [send(url, {"action": "approve", "sentence": i}).status_code for i in (1, 2)]


def assert_posted_after_the_response(answer, posted_in_click):
    assert Answer.objects.get(pk=answer.pk).review_status == "approved"
    assert posted_in_click == [False]  # posted once, after the response
    assert WebhookDelivery.objects.get().status == "delivered"


def test_wsgi_the_webhook_goes_out_after_the_response(
    client, reviewer, numeric_answer, posted_in_click
):
    login(client, reviewer)
    assert complete_review(client.post, numeric_answer) == [302, 302]
    assert_posted_after_the_response(numeric_answer, posted_in_click)


def test_asgi_the_webhook_goes_out_after_the_response(reviewer, numeric_answer, posted_in_click):
    client = AsyncClient()  # the handler `make serve` runs

    def review():
        async_to_sync(client.aforce_login)(reviewer)
        return complete_review(async_to_sync(client.post), numeric_answer)

    # A thread of its own: another test (Playwright) may leave an event loop in this one.
    with ThreadPoolExecutor(max_workers=1) as pool:
        assert pool.submit(review).result() == [302, 302]
    assert_posted_after_the_response(numeric_answer, posted_in_click)
