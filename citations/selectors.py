"""Every read the views, the API and commands make; each returns a queryset or plain data."""

from datetime import timedelta

from django.conf import settings
from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils import timezone

from citations.models import Answer, ApiClient, ApiToken, Decision, ReviewStatus, Verification

# The triage order: the worst answers first, then the oldest.
TRIAGE_ORDER = ("-severity", "-unsupported_count", "-uncited_count", "created_at", "id")


def token_get_active(*, digest: str) -> ApiToken | None:
    return (
        ApiToken.objects.select_related("client")
        .filter(digest=digest, revoked_at__isnull=True, client__is_active=True)
        .first()
    )


def answer_list(*, client: ApiClient | None = None) -> QuerySet[Answer]:
    """Answers newest first, without their reports; `client` limits to that generator's own."""
    queryset = Answer.objects.select_related("client")
    if client is not None:
        queryset = queryset.filter(client=client)
    return queryset.order_by("-created_at", "-id")


def answer_with_details(queryset: QuerySet[Answer]) -> QuerySet[Answer]:
    """Prefetch what an answer's full representation needs, in a fixed number of queries."""
    return queryset.select_related("client", "claimed_by").prefetch_related(
        "evidence",
        Prefetch(
            "decisions",
            queryset=Decision.objects.select_related("reviewer").order_by("created_at", "id"),
        ),
        Prefetch(
            "verifications",
            queryset=Verification.objects.order_by("-created_at", "-id")[:1],
            to_attr="latest_verifications",
        ),
    )


def latest_verification(answer: Answer) -> Verification:
    """The verification in force; uses the prefetch from `answer_with_details` when present."""
    prefetched = getattr(answer, "latest_verifications", None)
    if prefetched:
        return prefetched[0]
    return answer.verifications.latest()


def claim_cutoff():
    return timezone.now() - timedelta(minutes=settings.CITATIONS_CLAIM_MINUTES)


def active_claimer(answer: Answer):
    """The user reviewing the answer now, or None when the claim lapsed or was released."""
    if answer.claimed_by_id and answer.claimed_at and answer.claimed_at >= claim_cutoff():
        return answer.claimed_by
    return None


def queue(*, status: str | None = None) -> QuerySet[Answer]:
    """Answers in triage order; `status` one of ReviewStatus values, None for all."""
    queryset = Answer.objects.select_related("client", "claimed_by")
    if status:
        queryset = queryset.filter(review_status=status)
    return queryset.order_by(*TRIAGE_ORDER)


def queue_counts(queryset: QuerySet[Answer] | None = None) -> dict[str, int]:
    """Answers per review status plus "all", in one aggregate query."""
    queryset = Answer.objects.all() if queryset is None else queryset
    aggregates = {
        status: Count("id", filter=Q(review_status=status)) for status in ReviewStatus.values
    }
    counts = queryset.order_by().aggregate(all=Count("id"), **aggregates)
    return counts


def next_unclaimed(*, user, after: Answer | None = None) -> Answer | None:
    """The first answer needing review that nobody else is reviewing now, in triage order."""
    free = Q(claimed_by__isnull=True) | Q(claimed_at__lt=claim_cutoff()) | Q(claimed_by=user)
    candidates = queue(status=ReviewStatus.NEEDS_REVIEW).filter(free)
    if after is not None:
        candidates = candidates.exclude(pk=after.pk)
    return candidates.first()
