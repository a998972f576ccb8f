"""On the immediate task backend a webhook is posted after the reviewer's response has been
sent, never while the click that completed the review is being answered."""

import pytest
from django.urls import reverse

from citations import services, webhooks
from citations.models import WebhookDelivery
from citations.webhooks import AttemptResult
from tests.web.conftest import login


@pytest.mark.django_db(transaction=True)  # so the decision's on_commit runs as in production
def test_the_webhook_goes_out_after_the_decision_response(
    client, reviewer, numeric_answer, monkeypatch, settings
):
    numeric_answer.client.webhook_url = "http://93.184.215.14/hook"
    numeric_answer.client.save()
    in_click, posted_in_click = [], []
    record = services.decision_record

    def decision_record(**kwargs):  # the work the reviewer's request does
        in_click.append(True)
        try:
            return record(**kwargs)
        finally:
            in_click.pop()

    def post(**kwargs):
        posted_in_click.append(bool(in_click))
        return AttemptResult(True, 204, "", 1)

    monkeypatch.setattr(services, "decision_record", decision_record)
    monkeypatch.setattr(webhooks, "post", post)
    login(client, reviewer)
    url = reverse("citations:answer_decide", args=[numeric_answer.pk])

    responses = [client.post(url, {"action": "approve", "sentence": i}) for i in (1, 2)]

    assert [r.status_code for r in responses] == [302, 302]
    assert numeric_answer.__class__.objects.get(pk=numeric_answer.pk).review_status == "approved"
    assert posted_in_click == [False]  # posted once, after the response
    assert WebhookDelivery.objects.get().status == "delivered"
