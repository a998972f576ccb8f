"""Webhooks go only where they may: http(s) receivers on public addresses (unless private
ones are allowed), checked when set and again at delivery; a URL the client cannot use fails
its own delivery and no other."""

import socket

import pytest
from django.core.management import CommandError, call_command

from citations.admin import ApiClientForm
from citations.models import ApiClient, WebhookDelivery
from citations.services import client_set_webhook, webhook_targets, webhooks_deliver_due
from citations.services.webhooks import webhook_payload
from tests.factories import ApiClientFactory, make_answer

pytestmark = pytest.mark.django_db

REFUSED = [
    "http://169.254.169.254/latest/meta-data/",  # cloud metadata
    "http://127.0.0.1:8000/admin/",  # the app itself
    "http://127.0.0.1:5432/",  # the database
    "http://localhost/hook",
    "http://[::1]/hook",
    "http://10.0.0.5/hook",
    "http://192.168.1.2/hook",
    "http://0.0.0.0/hook",
    "ftp://example.com/hook",
    "file:///etc/passwd",
]
PUBLIC = "http://93.184.215.14/hook"  # an address literal: no DNS needed


@pytest.mark.parametrize("url", REFUSED)
def test_set_webhook_refuses_unsafe_targets(url):
    client = ApiClientFactory(name="gen")
    with pytest.raises(CommandError, match="refused"):
        call_command("set_webhook", "gen", url)
    client.refresh_from_db()
    assert client.webhook_url == ""


def test_set_webhook_accepts_a_public_receiver(capsys):
    ApiClientFactory(name="gen")
    call_command("set_webhook", "gen", PUBLIC)
    assert ApiClient.objects.get(name="gen").webhook_url == PUBLIC


@pytest.mark.parametrize("url", REFUSED)
def test_the_admin_form_refuses_unsafe_targets(url):
    form = ApiClientForm(data={"name": "gen", "is_active": True, "webhook_url": url})
    assert not form.is_valid()
    assert "webhook_url" in form.errors


def test_private_receivers_can_be_allowed_but_never_link_local(settings):
    settings.CITATIONS_WEBHOOK_ALLOW_PRIVATE = True
    assert webhook_targets.resolve("http://10.0.0.5/hook")[1]
    with pytest.raises(webhook_targets.UnsafeTarget, match="link-local"):
        webhook_targets.resolve("http://169.254.169.254/")


def pending_delivery(client, url):
    answer = make_answer(client=client)
    return WebhookDelivery.objects.create(
        client=client,
        answer=answer,
        event="answer.review_completed",
        url=url,
        payload=webhook_payload(answer=answer, event="answer.review_completed"),
        next_attempt_at=answer.created_at,
    )


def resolving_to(monkeypatch, address: str):
    """Make every name resolve to `address`, as a rebinding DNS server would."""

    def fake(host, port, *args, **kwargs):
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    monkeypatch.setattr(webhook_targets.socket, "getaddrinfo", fake)


def test_a_name_that_resolves_to_a_private_address_at_delivery_is_refused(monkeypatch):
    client = ApiClientFactory(name="gen")
    client_set_webhook(client=client, url=PUBLIC)
    delivery = pending_delivery(client, "http://hooks.example/hook")
    resolving_to(monkeypatch, "127.0.0.1")

    webhooks_deliver_due()

    delivery.refresh_from_db()
    assert delivery.status == "failed"  # refused for good, not retried
    assert "Refused target" in delivery.attempt_log.get().error


def test_a_delivery_connects_to_the_address_it_checked(monkeypatch, receiver):
    port = int(receiver.url.rsplit(":", 1)[1].split("/")[0])
    client = ApiClientFactory(name="gen")
    client_set_webhook(client=client, url=receiver.url)
    delivery = pending_delivery(client, f"http://hooks.example:{port}/hook")
    resolving_to(monkeypatch, "127.0.0.1")

    webhooks_deliver_due()

    delivery.refresh_from_db()
    assert delivery.status == "delivered"
    assert receiver.requests[0]["headers"]["Host"] == f"hooks.example:{port}"


def test_a_url_the_client_cannot_parse_fails_alone(receiver):
    client = ApiClientFactory(name="gen")
    client_set_webhook(client=client, url=receiver.url)
    bad = pending_delivery(client, "http://xn--zz.localhost:8799/")
    good = pending_delivery(client, receiver.url)

    assert webhooks_deliver_due() == 2

    bad.refresh_from_db()
    good.refresh_from_db()
    assert bad.status == "failed"
    assert bad.attempt_log.get().error
    assert good.status == "delivered"
