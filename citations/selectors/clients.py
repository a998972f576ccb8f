"""Reads of API clients and their tokens."""

from django.db.models import QuerySet

from citations.models import ApiClient, ApiToken


def token_get_active(*, digest: str) -> ApiToken | None:
    return (
        ApiToken.objects.select_related("client")
        .filter(digest=digest, revoked_at__isnull=True, client__is_active=True)
        .first()
    )


def review_clients() -> QuerySet[ApiClient]:
    return ApiClient.objects.order_by("name").only("id", "name")
