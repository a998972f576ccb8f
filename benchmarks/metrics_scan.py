"""The metrics as they were read before the rollups (commit fce24f7): aggregates over every
answer and decision in the range at each view. Kept as the oracle the rollups are tested
against (tests/services/test_rollups.py) and as the baseline `metrics_scale.py` times them by;
no production path calls it.
"""

from datetime import date, datetime, timedelta

from django.db.models import Avg, Count, DurationField, ExpressionWrapper, F, Min, Q, QuerySet
from django.db.models.functions import TruncDate, TruncWeek

from citations.domain.disguise import disguised
from citations.domain.statuses import DecisionAction, RejectReason, ReviewStatus
from citations.models import Answer, Decision, UnresolvedCitation, Verification
from citations.querysets import claim_cutoff
from citations.selectors.metrics import Backlog, Filters, Workload
from citations.selectors.ranges import day_range

WAIT_BUCKETS = (
    ("under 1 hour", timedelta(hours=1)),
    ("1 to 24 hours", timedelta(days=1)),
    ("1 to 7 days", timedelta(days=7)),
)


def _answers(filters: Filters) -> QuerySet[Answer]:
    # Current revisions only: a corrected answer counts once, as it stands now.
    queryset = Answer.objects.current().filter(**_created(filters))
    return queryset.filter(client=filters.client) if filters.client else queryset


def _created(filters: Filters, field: str = "created_at") -> dict:
    return day_range(filters.start, filters.end, field=field)


def pass_share_over_time(filters: Filters) -> dict[str, dict[date, tuple[int, int]]]:
    """client name -> bucket -> (answers, passed)."""
    trunc = TruncWeek if filters.weekly else TruncDate
    rows = (
        _answers(filters)
        .annotate(bucket=trunc("created_at"))
        .values("client__name", "bucket")
        .annotate(total=Count("id"), passed=Count("id", filter=Q(passed=True)))
        .order_by("client__name", "bucket")
    )
    shares: dict[str, dict[date, tuple[int, int]]] = {}
    for row in rows:
        bucket = row["bucket"]
        bucket = bucket.date() if hasattr(bucket, "date") else bucket
        shares.setdefault(row["client__name"], {})[bucket] = (row["total"], row["passed"])
    return shares


def validation_rate_by_client(filters: Filters) -> list[tuple[str, float, int]]:
    """(client name, mean validation rate, answers), lowest rate first."""
    rows = (
        _answers(filters)
        .values("client__name")
        .annotate(rate=Avg("validation_rate"), total=Count("id"))
        .order_by("rate", "client__name")
    )
    return [(r["client__name"], r["rate"] or 0.0, r["total"]) for r in rows]


def _unresolved(filters: Filters) -> QuerySet[UnresolvedCitation]:
    queryset = UnresolvedCitation.objects.filter(**_created(filters))
    return queryset.filter(client=filters.client) if filters.client else queryset


def top_invented_articles(filters: Filters, limit: int = 10) -> list[tuple[str, str, int]]:
    """(law label, article, times cited) of legal citations that resolved to nothing."""
    rows = (
        _unresolved(filters)
        .filter(style="legal")
        .values("law", "article")
        .annotate(total=Count("id"))
        .order_by("-total", "law", "article")[:limit]
    )
    return [(r["law"], r["article"], r["total"]) for r in rows]


def top_overrun_positions(filters: Filters, limit: int = 10) -> list[tuple[int, int]]:
    """(position, times cited) of numeric citations past the evidence list."""
    rows = (
        _unresolved(filters)
        .filter(style="numeric", position__isnull=False)
        .values("position")
        .annotate(total=Count("id"))
        .order_by("-total", "position")[:limit]
    )
    return [(r["position"], r["total"]) for r in rows]


def _decisions(filters: Filters) -> QuerySet[Decision]:
    """Decisions made in the range and still in force: a decision carried over to a revision
    is a copy, not another act of review, and an undo and what it took back cancel out."""
    queryset = Decision.objects.filter(
        carried_from__isnull=True, undone_by__isnull=True, **_created(filters)
    ).exclude(action=DecisionAction.UNDO)
    return queryset.filter(answer__client=filters.client) if filters.client else queryset


def reviewer_workload(filters: Filters) -> list[Workload]:
    """Each reviewer's decisions in the range (approvals and rejections among them) and the
    answers they decided on, busiest first."""
    rows = (
        _decisions(filters)
        .values("reviewer__username")
        .annotate(
            total=Count("id"),
            approved=Count("id", filter=Q(action=DecisionAction.APPROVE)),
            rejected=Count("id", filter=Q(action=DecisionAction.REJECT)),
            answers=Count("answer", distinct=True),
        )
        .order_by("-total", "reviewer__username")
    )
    return [
        Workload(r["reviewer__username"], r["total"], r["approved"], r["rejected"], r["answers"])
        for r in rows
    ]


def rejections_by_reason(filters: Filters) -> dict[str, int]:
    """Rejections made in the range by reason ("" for none given: made before reasons were
    asked for, or of a whole answer), every reason present, in the list's order."""
    rows = (
        _decisions(filters)
        .filter(action=DecisionAction.REJECT)
        .values("reject_reason")
        .annotate(total=Count("id"))
        .order_by()
    )
    counts = {reason: 0 for reason in [*RejectReason.values, ""]}
    counts.update({r["reject_reason"]: r["total"] for r in rows})
    return counts


def _waiting(filters: Filters) -> QuerySet[Answer]:
    # The backlog is now, whatever the range: only the client filter applies.
    queryset = Answer.objects.current().filter(review_status=ReviewStatus.NEEDS_REVIEW)
    return queryset.filter(client=filters.client) if filters.client else queryset


def review_backlog(filters: Filters, *, now: datetime | None = None) -> Backlog:
    """Answers waiting for review now, the oldest one, and who has them: two queries."""
    live = Q(claimed_by__isnull=False, claimed_at__gte=claim_cutoff(now))
    by_assignee = (
        _waiting(filters)
        .values("assigned_to__username")
        .annotate(total=Count("id"), oldest=Min("created_at"), free=Count("id", filter=~live))
        .order_by("assigned_to__username")
    )
    by_reviewer: dict[str, list[int]] = {}
    waiting, oldest, unattended = 0, None, 0
    for row in by_assignee:
        waiting += row["total"]
        oldest = row["oldest"] if oldest is None else min(oldest, row["oldest"])
        if row["assigned_to__username"] is None:
            unattended = row["free"]
        else:
            by_reviewer[row["assigned_to__username"]] = [row["total"], 0]
    claims = (
        _waiting(filters)
        .filter(live)
        .exclude(assigned_to=F("claimed_by"))
        .values("claimed_by__username")
        .annotate(total=Count("id"))
        .order_by()
    )
    for row in claims:
        by_reviewer.setdefault(row["claimed_by__username"], [0, 0])[1] = row["total"]
    ranked = sorted(by_reviewer.items(), key=lambda item: (-sum(item[1]), item[0]))
    return Backlog(
        waiting=waiting,
        oldest=oldest,
        unattended=unattended,
        by_reviewer={name: (assigned, claimed) for name, (assigned, claimed) in ranked},
    )


def time_to_decision(filters: Filters) -> dict:
    """Mean wait from submission to a completed review, and how many fell in each bucket."""
    wait = ExpressionWrapper(
        F("review_completed_at") - F("created_at"), output_field=DurationField()
    )
    completed = _answers(filters).filter(review_completed_at__isnull=False).annotate(wait=wait)
    counts = {"total": Count("id"), "mean": Avg("wait")}
    lower = timedelta(0)
    for n, (_, upper) in enumerate(WAIT_BUCKETS):
        counts[f"b{n}"] = Count("id", filter=Q(wait__gte=lower, wait__lt=upper))
        lower = upper
    counts["rest"] = Count("id", filter=Q(wait__gte=lower))
    result = completed.aggregate(**counts)
    labels = [label for label, _ in WAIT_BUCKETS] + ["over 7 days"]
    values = [result[f"b{n}"] for n in range(len(WAIT_BUCKETS))] + [result["rest"]]
    return {
        "total": result["total"],
        "mean": result["mean"],
        "buckets": list(zip(labels, values, strict=True)),
    }


def reviewer_agreement(filters: Filters) -> dict:
    """Sentences decided by two or more reviewers, and how many of them all decided alike."""
    shared = (
        _decisions(filters)
        .filter(sentence_start__isnull=False)
        .values("answer_id", "sentence_start")
        .annotate(
            reviewers=Count("reviewer", distinct=True), actions=Count("action", distinct=True)
        )
        .filter(reviewers__gte=2)
    )
    # Aggregating over the grouped rows makes the database count them in a subquery.
    return shared.aggregate(
        shared=Count("answer_id"), agreed=Count("answer_id", filter=Q(actions=1))
    )


def disguised_citations(filters: Filters) -> int:
    """Citations read through hidden characters in the first verification of the answers
    (every revision, as submitted) created in the range: every report read."""
    answers = Answer.objects.filter(**_created(filters))
    if filters.client:
        answers = answers.filter(client=filters.client)
    firsts = (
        Verification.objects.filter(answer__in=answers)
        .order_by("answer_id", "created_at", "id")
        .values_list("answer_id", "report")
    )
    seen, total = set(), 0
    for answer_id, report in firsts:
        if answer_id not in seen:
            seen.add(answer_id)
            total += sum(disguised(c["raw"]) for s in report["sentences"] for c in s["citations"])
    return total
