"""API clients, their bearer tokens (only a digest is stored) and their webhook settings."""

import hashlib
import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from citations.models import ApiClient, ApiToken

# last_used_at is advisory; writing it at most this often keeps reads free of writes.
LAST_USED_RESOLUTION = timedelta(minutes=1)


def token_digest(key: str) -> str:
    # Keys are 256-bit random, so a fast hash is as safe as a slow one and keeps auth cheap.
    return hashlib.sha256(key.encode()).hexdigest()


@transaction.atomic
def token_issue(*, client_name: str, token_name: str = "") -> tuple[ApiToken, str]:
    """Create the client if needed and a new token for it; returns (token, key shown once)."""
    client, _ = ApiClient.objects.get_or_create(name=client_name)
    key = "cv_" + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        client=client, name=token_name, prefix=key[:10], digest=token_digest(key)
    )
    return token, key


def token_touch(*, token: ApiToken) -> None:
    """Record that the token was just used, unless it was within LAST_USED_RESOLUTION: one
    UPDATE (no read first), so an API request writes at most once a minute per token."""
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_RESOLUTION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now


def token_revoke(*, token: ApiToken) -> None:
    ApiToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())


@transaction.atomic
def client_set_webhook(*, client: ApiClient, url: str) -> str:
    """Point the client's events at `url` with a fresh signing secret; returns the secret."""
    client.webhook_url = url
    client.webhook_secret = secrets.token_hex(32)
    client.save(update_fields=["webhook_url", "webhook_secret"])
    return client.webhook_secret
