"""Review-completed events are signed, retried with backoff, and every attempt is recorded."""

from datetime import timedelta

import pytest
from django.utils import timezone

from citations.models import WebhookDelivery
from citations.services import client_set_webhook, decision_record, webhooks_deliver_due
from citations.services import webhook_http as webhooks
from tests.factories import ApiClientFactory, UserFactory, make_answer

FLAGGED_TEXT = "Employees get 45 days of paid annual leave [1]."


@pytest.fixture
def hooked_client(receiver):
    client = ApiClientFactory(name="hooked")
    secret = client_set_webhook(client=client, url=receiver.url)
    return client, secret


def complete_review(answer, django_capture_on_commit_callbacks):
    reviewer = UserFactory(groups=["reviewer"])
    with django_capture_on_commit_callbacks(execute=True):
        decision_record(answer=answer, reviewer=reviewer, action="approve", sentence_index=0)


@pytest.mark.django_db
def test_a_completed_review_posts_a_signed_event(
    hooked_client, receiver, django_capture_on_commit_callbacks
):
    client, secret = hooked_client
    answer = make_answer(client=client, text=FLAGGED_TEXT)
    assert answer.review_status == "needs_review"

    complete_review(answer, django_capture_on_commit_callbacks)

    assert len(receiver.requests) == 1
    request = receiver.requests[0]
    headers = {k.lower(): v for k, v in request["headers"].items()}
    timestamp, signature = int(headers["x-verifier-timestamp"]), headers["x-verifier-signature"]
    assert webhooks.verify_signature(secret, timestamp, request["body"], signature)
    assert not webhooks.verify_signature("wrong", timestamp, request["body"], signature)
    event = receiver.payloads()[0]
    assert event["event"] == "answer.review_completed"
    assert event["answer"]["id"] == answer.pk
    assert event["answer"]["status"] == "approved"
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == "delivered"
    assert delivery.attempt_log.get().status_code == 204


@pytest.mark.django_db
def test_a_failing_receiver_is_retried_with_backoff_until_it_recovers(
    hooked_client, receiver, django_capture_on_commit_callbacks
):
    client, _ = hooked_client
    receiver.failures = 2
    answer = make_answer(client=client, text=FLAGGED_TEXT)

    complete_review(answer, django_capture_on_commit_callbacks)
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts) == ("pending", 1)
    first_wait = delivery.next_attempt_at - timezone.now()
    assert timedelta(seconds=5) < first_wait <= webhooks.BACKOFF[0]

    # Not due yet: nothing is sent.
    assert webhooks_deliver_due() == 0
    assert webhooks_deliver_due(now=timezone.now() + webhooks.BACKOFF[0]) == 1
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("pending", 2)
    assert delivery.next_attempt_at - timezone.now() > webhooks.BACKOFF[0]

    assert webhooks_deliver_due(now=timezone.now() + webhooks.BACKOFF[1]) == 1
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("delivered", 3)
    assert [a.status_code for a in delivery.attempt_log.all()] == [500, 500, 204]
    assert len(receiver.requests) == 3
    # Retries carry the same delivery id, so a receiver can deduplicate.
    assert len({r["headers"]["X-Verifier-Delivery"] for r in receiver.requests}) == 1


@pytest.mark.django_db
def test_a_delivery_fails_for_good_after_the_last_attempt(
    hooked_client, receiver, django_capture_on_commit_callbacks
):
    client, _ = hooked_client
    receiver.failures = 1000
    answer = make_answer(client=client, text=FLAGGED_TEXT)
    complete_review(answer, django_capture_on_commit_callbacks)
    for _ in range(webhooks.MAX_ATTEMPTS):
        webhooks_deliver_due(now=timezone.now() + timedelta(days=1))
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts) == ("failed", webhooks.MAX_ATTEMPTS)
    assert delivery.attempt_log.count() == webhooks.MAX_ATTEMPTS


@pytest.mark.django_db
def test_an_unreachable_receiver_is_recorded_as_an_error(
    settings, django_capture_on_commit_callbacks
):
    settings.CITATIONS_WEBHOOK_ALLOW_PRIVATE = True  # nothing listens on 127.0.0.1:9
    settings.CITATIONS_WEBHOOK_PORTS = None
    client = ApiClientFactory(name="unreachable")
    client_set_webhook(client=client, url="http://127.0.0.1:9/hook")
    answer = make_answer(client=client, text=FLAGGED_TEXT)
    complete_review(answer, django_capture_on_commit_callbacks)
    attempt = WebhookDelivery.objects.get().attempt_log.get()
    assert attempt.status_code is None
    assert "Connect" in attempt.error


@pytest.mark.django_db
def test_no_event_without_a_webhook_or_before_the_review_completes(
    receiver, django_capture_on_commit_callbacks
):
    answer = make_answer(text=FLAGGED_TEXT)
    complete_review(answer, django_capture_on_commit_callbacks)
    assert not WebhookDelivery.objects.exists()

    client = ApiClientFactory(name="two-flags")
    client_set_webhook(client=client, url=receiver.url)
    two_flags = make_answer(
        client=client, text=FLAGGED_TEXT + " Overtime pays 300 percent of the wage [2]."
    )
    complete_review(two_flags, django_capture_on_commit_callbacks)
    assert not WebhookDelivery.objects.exists()
    assert receiver.requests == []
