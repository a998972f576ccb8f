"""Webhook events for generators: recorded with the write that causes them, sent after commit
by a task, retried with backoff, and swept by `deliver_webhooks` for what a worker left."""

import logging

from django.db import transaction
from django.tasks import task
from django.utils import timezone

from citations.after_response import after_response
from citations.models import Answer, WebhookAttempt, WebhookDelivery
from citations.services import webhook_http

logger = logging.getLogger(__name__)


@task
def deliver_webhook(delivery_id: int) -> str:
    # Defined beside the service it runs, so this module never imports `citations.tasks`.
    return webhook_attempt(delivery_id=delivery_id)


def webhook_payload(*, answer: Answer, event: str) -> dict:
    return {
        "event": event,
        "answer": {
            "id": answer.pk,
            "external_id": answer.external_id,
            "status": answer.review_status,
            "passed": answer.passed,
            "validation_rate": answer.validation_rate,
            "flagged": answer.flagged_count,
            "decided": answer.decided_count,
            "completed_at": (
                answer.review_completed_at.isoformat() if answer.review_completed_at else None
            ),
        },
    }


def webhook_enqueue(*, answer: Answer, event: str) -> WebhookDelivery | None:
    """Record an event for the client's callback and send it once the transaction commits."""
    client = answer.client
    if not client.webhook_url:
        return None
    delivery = WebhookDelivery.objects.create(
        client=client,
        answer=answer,
        event=event,
        url=client.webhook_url,
        payload=webhook_payload(answer=answer, event=event),
        next_attempt_at=timezone.now(),
    )
    # After the response: on the immediate backend the task is the POST itself.
    transaction.on_commit(lambda: after_response(lambda: deliver_webhook.enqueue(delivery.pk)))
    return delivery


def webhook_attempt(*, delivery_id: int, now=None) -> str:
    """Make one attempt at a due delivery, record it, and schedule the next on failure.

    The attempt is claimed with one conditional UPDATE that pushes `next_attempt_at` a lease
    ahead, so two workers never send it at once and no transaction stays open during the POST.
    The lease outlasts the attempt's deadline (webhook_http.lease), so it cannot lapse while
    the attempt is in flight. A worker that dies mid-attempt leaves the lease to expire and
    the sweeper sends it again: delivery is at least once, and receivers deduplicate on the
    X-Verifier-Delivery header.
    """
    now = now or timezone.now()
    claimed = WebhookDelivery.objects.filter(
        pk=delivery_id, status=WebhookDelivery.Status.PENDING, next_attempt_at__lte=now
    ).update(next_attempt_at=now + webhook_http.lease())
    delivery = WebhookDelivery.objects.select_related("client").get(pk=delivery_id)
    if not claimed:
        return delivery.status
    result = webhook_http.post(
        url=delivery.url,
        secret=delivery.client.webhook_secret,
        event=delivery.event,
        delivery_id=delivery.pk,
        payload=delivery.payload,
    )
    now = timezone.now()
    attempts = delivery.attempts + 1
    changes = {"attempts": attempts, "next_attempt_at": None}
    if result.ok:
        changes.update(status=WebhookDelivery.Status.DELIVERED, delivered_at=now)
    elif result.permanent or attempts >= webhook_http.MAX_ATTEMPTS:
        changes.update(status=WebhookDelivery.Status.FAILED)
    else:
        changes.update(next_attempt_at=now + webhook_http.BACKOFF[attempts - 1])
    if not result.ok:
        # Given up after the last attempt: an error; a retry to come: a warning.
        level = logging.ERROR if "status" in changes else logging.WARNING
        logger.log(
            level,
            "webhook attempt failed",
            extra={
                "delivery": delivery.pk,
                "client": delivery.client_id,
                "attempt": attempts,
                "status_code": result.status_code,
                "error": result.error,
            },
        )
    with transaction.atomic():
        WebhookAttempt.objects.create(
            delivery=delivery,
            status_code=result.status_code,
            error=result.error,
            duration_ms=result.duration_ms,
        )
        WebhookDelivery.objects.filter(pk=delivery.pk).update(**changes)

    retry_at = changes["next_attempt_at"]
    if retry_at and deliver_webhook.get_backend().supports_defer:
        deliver_webhook.using(run_after=retry_at).enqueue(delivery.pk)
    return changes.get("status", WebhookDelivery.Status.PENDING)


def webhooks_deliver_due(*, now=None) -> int:
    """Attempt every pending delivery whose time has come; returns how many were attempted.

    Retries on a backend that cannot defer tasks, and anything a crashed worker left behind,
    are sent from here (`manage.py deliver_webhooks`, e.g. every minute from cron).
    """
    now = now or timezone.now()
    due = WebhookDelivery.objects.filter(
        status=WebhookDelivery.Status.PENDING, next_attempt_at__lte=now
    ).values_list("pk", flat=True)
    ids = list(due)
    for delivery_id in ids:
        webhook_attempt(delivery_id=delivery_id, now=now)
    return len(ids)
