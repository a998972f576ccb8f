"""Webhook events for generators and every attempt to deliver them."""

from django.db import models
from django.db.models import Q

from citations.models.answers import Answer
from citations.models.clients import ApiClient


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    DELIVERED = "delivered", "Delivered"
    FAILED = "failed", "Failed"


class WebhookDelivery(models.Model):
    """One event for a client's callback URL, with every attempt to deliver it."""

    Status = DeliveryStatus

    client = models.ForeignKey(ApiClient, on_delete=models.CASCADE, related_name="deliveries")
    answer = models.ForeignKey(Answer, on_delete=models.CASCADE, related_name="deliveries")
    event = models.CharField(max_length=50)
    url = models.URLField(max_length=500)
    payload = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "webhook deliveries"
        indexes = [models.Index(fields=["status", "next_attempt_at"], name="delivery_due")]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=DeliveryStatus.values),
                name="delivery_status_valid",
            )
        ]

    def __str__(self) -> str:
        return f"{self.event} for answer {self.answer_id} ({self.status})"


class WebhookAttempt(models.Model):
    delivery = models.ForeignKey(
        WebhookDelivery, on_delete=models.CASCADE, related_name="attempt_log"
    )
    attempted_at = models.DateTimeField(auto_now_add=True)
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.TextField(blank=True)
    duration_ms = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["attempted_at", "id"]

    def __str__(self) -> str:
        return f"attempt on {self.delivery_id}: {self.status_code or self.error[:40]}"
