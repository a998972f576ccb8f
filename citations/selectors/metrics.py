"""Reads for the metrics page: aggregates computed by the database over indexed columns.

Each function takes the same filters (created range, optional client) and returns plain data
for the charts; none loads a report or iterates over answers in Python.
"""

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.db.models import Avg, Count, DurationField, ExpressionWrapper, F, Min, Q, QuerySet
from django.db.models.functions import TruncDate, TruncWeek

from citations.domain.statuses import DecisionAction, RejectReason, ReviewStatus
from citations.models import Answer, ApiClient, Decision, UnresolvedCitation
from citations.querysets import claim_cutoff
from citations.selectors.ranges import day_range

# Longer ranges are bucketed by week so a chart keeps a readable number of points.
DAILY_UP_TO_DAYS = 62
WAIT_BUCKETS = (
    ("under 1 hour", timedelta(hours=1)),
    ("1 to 24 hours", timedelta(days=1)),
    ("1 to 7 days", timedelta(days=7)),
)


@dataclass(frozen=True)
class Filters:
    start: date
    end: date  # inclusive
    client: ApiClient | None = None

    def answers(self) -> QuerySet[Answer]:
        # Current revisions only: a corrected answer counts once, as it stands now.
        queryset = Answer.objects.current().filter(**self.created())
        return queryset.filter(client=self.client) if self.client else queryset

    def created(self, field: str = "created_at") -> dict:
        return day_range(self.start, self.end, field=field)

    @property
    def weekly(self) -> bool:
        return (self.end - self.start).days > DAILY_UP_TO_DAYS


def buckets(filters: Filters) -> list[date]:
    """The x axis: every day of the range, or the Monday of every week in it."""
    if filters.weekly:
        first = filters.start - timedelta(days=filters.start.weekday())
        step = timedelta(days=7)
    else:
        first, step = filters.start, timedelta(days=1)
    days = []
    while first <= filters.end:
        days.append(first)
        first += step
    return days


def pass_share_over_time(filters: Filters) -> dict[str, dict[date, tuple[int, int]]]:
    """client name -> bucket -> (answers, passed)."""
    trunc = TruncWeek if filters.weekly else TruncDate
    rows = (
        filters.answers()
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
        filters.answers()
        .values("client__name")
        .annotate(rate=Avg("validation_rate"), total=Count("id"))
        .order_by("rate", "client__name")
    )
    return [(r["client__name"], r["rate"] or 0.0, r["total"]) for r in rows]


def _unresolved(filters: Filters) -> QuerySet[UnresolvedCitation]:
    queryset = UnresolvedCitation.objects.filter(**filters.created())
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
        carried_from__isnull=True, undone_by__isnull=True, **filters.created()
    ).exclude(action=DecisionAction.UNDO)
    return queryset.filter(answer__client=filters.client) if filters.client else queryset


@dataclass(frozen=True)
class Workload:
    reviewer: str
    decisions: int
    approved: int
    rejected: int
    answers: int  # answers decided on


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


@dataclass(frozen=True)
class Backlog:
    waiting: int
    oldest: datetime | None  # when the longest-waiting answer came in
    unattended: int  # waiting answers nobody is assigned to or holds a live claim on
    # reviewer -> (answers assigned to them, answers they claim that are not assigned to them)
    by_reviewer: dict[str, tuple[int, int]]


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
    completed = filters.answers().filter(review_completed_at__isnull=False).annotate(wait=wait)
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
