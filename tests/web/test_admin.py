"""The admin shows stored records without letting anyone rewrite or erase them."""

import pytest
from django.contrib import admin
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone

from citations.models import (
    Answer,
    ApiToken,
    Decision,
    Verification,
    WebhookAttempt,
    WebhookDelivery,
)
from citations.services import client_set_webhook, decision_record, token_issue
from tests.factories import WRONG, ApiClientFactory, UserFactory, make_answer


@pytest.mark.django_db
@pytest.mark.parametrize("model", [Answer, Verification, Decision, WebhookDelivery])
def test_stored_records_cannot_be_deleted_even_by_a_superuser(model, admin_user):
    request = RequestFactory().get("/")
    request.user = admin_user
    model_admin = admin.site._registry[model]
    assert not model_admin.has_delete_permission(request)
    assert not model_admin.has_change_permission(request)


@pytest.mark.django_db
def test_the_client_page_never_shows_the_signing_secret(admin_client):
    client = ApiClientFactory(name="pipeline")
    secret = client_set_webhook(client=client, url="https://example.com/hook")
    page = admin_client.get(reverse("admin:citations_apiclient_change", args=[client.pk]))
    assert page.status_code == 200
    assert "webhook_secret" not in page.content.decode()
    assert secret not in page.content.decode()


@pytest.mark.django_db
def test_a_revocation_cannot_be_cleared(admin_client):
    token, _ = token_issue(client_name="pipeline")
    ApiToken.objects.filter(pk=token.pk).update(revoked_at=timezone.now())
    url = reverse("admin:citations_apitoken_change", args=[token.pk])
    response = admin_client.post(url, {"name": "renamed", "revoked_at_0": "", "revoked_at_1": ""})
    assert response.status_code == 200  # the form again, with its error
    assert "stays revoked" in response.content.decode()
    token.refresh_from_db()
    assert token.revoked_at is not None and token.name == ""


@pytest.mark.django_db
def test_webhook_deliveries_and_their_attempts_are_listed(admin_client):
    client = ApiClientFactory(name="pipeline")
    client_set_webhook(client=client, url="https://example.com/hook")
    answer = make_answer(client=client, text=WRONG)
    decision_record(answer=answer, reviewer=UserFactory(), action="reject")
    delivery = WebhookDelivery.objects.get()
    WebhookAttempt.objects.create(delivery=delivery, status_code=503, error="upstream down")
    listing = admin_client.get(reverse("admin:citations_webhookdelivery_changelist"))
    detail = admin_client.get(reverse("admin:citations_webhookdelivery_change", args=[delivery.pk]))
    assert listing.status_code == detail.status_code == 200
    assert "answer.review_completed" in listing.content.decode()
    assert "upstream down" in detail.content.decode()
