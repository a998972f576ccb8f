"""Reads of answers: one answer with what its page or representation needs, the API list and
its filters, revisions of a lineage, answers an engine change left outdated."""

from django.db.models import Case, F, OuterRef, Prefetch, Q, QuerySet, Subquery, When
from django.db.models.functions import Coalesce

from citations.engine import ReportDict
from citations.models import Answer, ApiClient, Decision, Verification
from citations.querysets import AnswerQuerySet
from citations.selectors.comments import comments_prefetch


def answer_list(*, client: ApiClient | None = None) -> QuerySet[Answer]:
    """Answers newest first, without their reports; `client` limits to that generator's own."""
    queryset = Answer.objects.select_related("client")
    if client is not None:
        queryset = queryset.filter(client=client)
    return queryset.order_by("-created_at", "-id")


def _decisions_prefetch() -> Prefetch:
    """Every decision of each answer, with its reviewer, in the order they were made."""
    return Prefetch(
        "decisions",
        queryset=Decision.objects.select_related("reviewer").order_by("created_at", "id"),
    )


def answer_with_review(queryset: QuerySet[Answer]) -> QuerySet[Answer]:
    """Prefetch the client, every decision and the verification in force, in fixed queries."""
    return (
        queryset.select_related("client")
        .prefetch_related(_decisions_prefetch())
        .with_latest_verification()
    )


def answer_with_details(queryset: QuerySet[Answer]) -> QuerySet[Answer]:
    """Prefetch what the API's answer resource shows, in a fixed number of queries: the
    decisions without their reviewers, and neither client nor claimer (the resource names
    none of them, so joining them only cost the ORM and the database work)."""
    return (
        queryset.select_related(None)
        .prefetch_related("decisions", "evidence")  # in their models' order
        .with_latest_verification()
    )


def latest_verification(answer: Answer) -> Verification:
    """The verification in force; uses the prefetch from `answer_with_details` when present."""
    prefetched = getattr(answer, "latest_verifications", None)
    if prefetched:
        return prefetched[0]
    return answer.verifications.latest()


def answers_outdated(*, engine_version: str, threshold: float) -> QuerySet[Answer]:
    """Answers whose newest verification is by another engine version or threshold."""
    newest = Verification.objects.filter(answer=OuterRef("pk")).order_by(
        *AnswerQuerySet.NEWEST_VERIFICATION_FIRST
    )
    return (
        Answer.objects.annotate(
            current_engine=Subquery(newest.values("engine_version")[:1]),
            current_threshold=Subquery(newest.values("threshold")[:1]),
        )
        .exclude(current_engine=engine_version, current_threshold=threshold)
        .order_by("id")
    )


def answer_with_current_revision(queryset: QuerySet[Answer]) -> QuerySet[Answer]:
    """Annotate `current_revision_pk`: the answer itself when current, else the current
    revision of its lineage (a subquery in the same SQL, so no extra query per row)."""
    root = Coalesce(OuterRef("original_id"), OuterRef("pk"))
    current = (
        Answer.objects.filter(Q(pk=root) | Q(original_id=root), is_current=True)
        .order_by()
        .values("pk")[:1]
    )
    return queryset.annotate(
        current_revision_pk=Case(When(is_current=True, then=F("pk")), default=Subquery(current))
    )


def answer_client_list(*, client: ApiClient) -> QuerySet[Answer]:
    """The API's list and export before its filters (`citations.api.filters`): the client's
    own answers, every revision, each with `current_revision_pk`."""
    return answer_with_current_revision(answer_list(client=client))


def answer_external_id_lineages(
    queryset: QuerySet[Answer], *, client: ApiClient, external_id: str
) -> QuerySet[Answer]:
    """Narrow `queryset` to the answer `client` submitted under `external_id` and every
    revision of it (revisions carry no external_id of their own)."""
    roots = Answer.objects.filter(client=client, external_id=external_id).values("pk")
    return queryset.filter(Q(pk__in=roots) | Q(original_id__in=roots))


def answer_client_revisions(*, client: ApiClient, pk: int) -> list[Answer]:
    """Every revision of the lineage of the client's answer `pk`, original first, each with its
    newest verification prefetched; empty when `pk` is not the client's. Two queries."""
    root = (
        Answer.objects.filter(client=client, pk=pk)
        .annotate(root=Coalesce("original_id", "pk"))
        .values("root")
    )
    return list(
        Answer.objects.filter(client=client)
        .filter(Q(pk__in=root) | Q(original_id__in=root))
        .defer("text", "question", "metadata")
        .with_latest_verification()
        .order_by("revision", "id")
    )


def answer_current_revision(*, answer: Answer) -> Answer | None:
    """The current revision of `answer`'s lineage (the answer itself when it is current)."""
    return Answer.objects.lineage(answer).current().only("id").first()


def answer_revision_lineage(*, answer: Answer) -> list[Answer]:
    """Every revision of `answer`'s lineage, original first, with who made each one; one
    query. Only the columns the revision bar shows are loaded."""
    return list(
        Answer.objects.lineage(answer)
        .select_related("revised_by")
        .only(
            "id",
            "revision",
            "is_current",
            "created_at",
            "revision_note",
            "previous_id",
            "original_id",
            "revised_by__username",
        )
        .order_by("revision", "id")
    )


def answer_previous_report(*, answer: Answer) -> ReportDict | None:
    """The report in force on the revision `answer` corrects, or None for an original."""
    if not answer.previous_id:
        return None
    verification = (
        Verification.objects.filter(answer_id=answer.previous_id)
        .order_by("-created_at", "-id")
        .only("report")
        .first()
    )
    return verification.report if verification else None


def review_answer_summary(*, pk: int) -> Answer | None:
    """The answer row alone (summary columns), for permission checks before a write."""
    return Answer.objects.filter(pk=pk).defer("text", "question", "metadata").first()


def review_answer(*, pk: int) -> Answer | None:
    """An answer with its evidence, decisions (and reviewers), comments (and authors) and
    newest verification, in five queries.

    The newest verification of one answer is read as itself: the sliced prefetch of
    `with_latest_verification` (a window function, for many answers at once) cost twice the
    CPU to build (3.9 ms against 1.8 ms at load 16) on every answer page."""
    # One row by its key, so in no order: `first()` ordered it by the model's ordering, and
    # compiling that ORDER BY over the answer's, client's and claimer's columns was a sixth of
    # this function's CPU.
    found = (
        Answer.objects.filter(pk=pk)
        .select_related("client", "claimed_by")
        .prefetch_related(_decisions_prefetch(), "evidence", comments_prefetch())
        .order_by()
    )
    answer = next(iter(found), None)
    if answer is not None:
        order = AnswerQuerySet.NEWEST_VERIFICATION_FIRST
        newest = Verification.objects.filter(answer=answer).order_by(*order)
        answer.latest_verifications = list(newest[:1])  # with_latest_verification's to_attr
    return answer
