"""Reads of API clients and their tokens."""

from django.db.models import QuerySet, Subquery

from citations.models import ApiClient, ApiToken


def token_get_active(*, digest: str, counted: QuerySet | None = None) -> ApiToken | None:
    """The active token with `digest`, its client loaded. Given `counted` (a query of one value,
    e.g. selectors.throttles.throttle_hits_query), the token carries that value as
    `counted_hits`, read in the same query (None: no row)."""
    tokens = ApiToken.objects.select_related("client").filter(
        digest=digest, revoked_at__isnull=True, client__is_active=True
    )
    if counted is not None:
        tokens = tokens.annotate(counted_hits=Subquery(counted))
    return tokens.first()


def review_clients() -> QuerySet[ApiClient]:
    return ApiClient.objects.order_by("name").only("id", "name")
