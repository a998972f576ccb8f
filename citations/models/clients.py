"""Generators and their API tokens."""

from django.db import models


class ApiClient(models.Model):
    """A generator (RAG pipeline, legal assistant) that submits answers with a token."""

    name = models.CharField(max_length=100, unique=True)
    is_active = models.BooleanField(default=True)
    webhook_url = models.URLField(blank=True, max_length=500)
    # Signs webhook events (HMAC-SHA256); the receiver is given it once, like a token.
    webhook_secret = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class ApiToken(models.Model):
    """A client's bearer token. Only a SHA-256 digest is kept: the key is shown once."""

    client = models.ForeignKey(ApiClient, on_delete=models.CASCADE, related_name="tokens")
    name = models.CharField(max_length=100, blank=True)
    prefix = models.CharField(max_length=12, db_index=True, editable=False)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.client} · {self.prefix}…"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None
