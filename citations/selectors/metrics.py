"""Reads for the metrics page, from the rollups kept on write (models.rollups,
services.rollups): a few small aggregate queries over rows per day, whatever the number of
answers and decisions. The backlog is now, not a range: the rollups say how many wait and since
when; the oldest answer, the assigned ones and live claims are read from indexed answers.

Each function takes the same filters (date range, optional client) and returns plain data for
the charts.
"""

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.db.models import Count, Min, Q, QuerySet, Sum

from citations.domain.statuses import DecisionAction, RejectReason, ReviewStatus
from citations.models import (
    Answer,
    AnswerDay,
    ApiClient,
    CitationDay,
    CitationKind,
    DecisionDay,
    ReviewerSpan,
    SentenceSpan,
)
from citations.models.rollups import NO_DAY_AFTER, NO_DAY_BEFORE, WAIT_BUCKETS
from citations.querysets import claim_cutoff
from citations.selectors.ranges import day_range

# Longer ranges are bucketed by week so a chart keeps a readable number of points.
DAILY_UP_TO_DAYS = 62


@dataclass(frozen=True)
class Filters:
    start: date
    end: date  # inclusive
    client: ApiClient | None = None

    def days(self, model) -> QuerySet:
        """`model`'s rows for the days of the range (and the client)."""
        queryset = model.objects.filter(day__gte=self.start, day__lte=self.end)
        return queryset.filter(client=self.client) if self.client else queryset

    def spans(self, model) -> QuerySet:
        """`model`'s spans the range holds: each answer's or sentence's one run of days within
        it (models.rollups)."""
        queryset = model.objects.filter(
            Q(first__gte=self.start, last__lte=self.end),
            Q(day_before__lt=self.start) | Q(day_before=NO_DAY_BEFORE),
            Q(day_after__gt=self.end) | Q(day_after=NO_DAY_AFTER),
        )
        return queryset.filter(client=self.client) if self.client else queryset

    @property
    def weekly(self) -> bool:
        return (self.end - self.start).days > DAILY_UP_TO_DAYS

    def bucket(self, day: date) -> date:
        """The chart's point for `day`: the day itself, or the Monday of its week."""
        return day - timedelta(days=day.weekday()) if self.weekly else day


def buckets(filters: Filters) -> list[date]:
    """The x axis: every day of the range, or the Monday of every week in it."""
    first = filters.bucket(filters.start)
    step = timedelta(days=7 if filters.weekly else 1)
    days = []
    while first <= filters.end:
        days.append(first)
        first += step
    return days


@dataclass(frozen=True)
class AnswerRollups:
    # client name -> bucket -> (answers, passed), current answers created in the range
    shares: dict[str, dict[date, tuple[int, int]]]
    # (client name, mean validation rate, answers), lowest rate first
    rates: list[tuple[str, float, int]]
    # completed reviews: how many, their mean wait from submission, how many in each bucket
    waits: dict


def answer_rollups(filters: Filters) -> AnswerRollups:
    """The pass share over time, the validation rate per client and the time to decision of
    the current answers created in the range, from one read of its AnswerDay rows (one per day
    and client, so few): building three aggregate queries cost more CPU than summing here."""
    columns = [column for column, _, _ in WAIT_BUCKETS]
    rows = (
        filters.days(AnswerDay)
        .values_list(
            "client__name", "day", "answers", "passed", "rate_sum", "decided", "wait_us", *columns
        )
        .order_by("client__name", "day")
    )
    shares: dict[str, dict[date, tuple[int, int]]] = {}
    by_client: dict[str, tuple[int, float]] = {}  # client name -> (answers, rate_sum)
    waits = [0] * (2 + len(columns))  # decided, wait_us, then the buckets
    for name, day, total, passed, rate_sum, *waited in rows:
        if total > 0:
            by_bucket = shares.setdefault(name, {})
            before = by_bucket.get(filters.bucket(day), (0, 0))
            by_bucket[filters.bucket(day)] = (before[0] + total, before[1] + passed)
        answers, rates = by_client.get(name, (0, 0.0))
        by_client[name] = (answers + total, rates + rate_sum)
        waits = [sum(pair) for pair in zip(waits, waited, strict=True)]
    rates = [(name, rate / total, total) for name, (total, rate) in by_client.items() if total]
    return AnswerRollups(
        shares=shares,
        rates=sorted(rates, key=lambda rate: (rate[1], rate[0])),
        waits=_waits(waits),
    )


def _waits(sums: list[int]) -> dict:
    total, wait_us, *buckets = sums
    return {
        "total": total,
        "mean": timedelta(microseconds=wait_us / total) if total else None,
        "buckets": [(label, n) for (_, label, _), n in zip(WAIT_BUCKETS, buckets, strict=True)],
    }


@dataclass(frozen=True)
class CitationRollups:
    invented: list[tuple[str, str, int]]  # (law label, article, times cited), most first
    overruns: list[tuple[int, int]]  # (position, times cited), most first
    disguised: int  # citations read through hidden characters ("[5\u200b]")


def citation_rollups(filters: Filters, limit: int = 10) -> CitationRollups:
    """Citations that went wrong in answers as submitted in the range, from CitationDay: the
    `limit` legal citations most often resolved to nothing, the `limit` numeric positions most
    often past the evidence list, and the disguised ones; three reads. Ranked by the database,
    so a client inventing many distinct articles makes it send `limit` rows of each kind, not
    all of them; ties fall as its collation sorts law labels.

    Each kind is its own `ORDER BY ... LIMIT`, so PostgreSQL keeps only the top `limit` groups
    as it reads them (a top-N heapsort) instead of sorting every group of the range: ranking
    both kinds in one read with a window sorted them all, on disk past `work_mem` (100,000
    distinct invented articles in a 30-day range: 1.9 s against 0.58 s, a loaded 2-core
    machine)."""

    def top(kind: str) -> list[tuple]:
        return list(
            filters.days(CitationDay)
            .filter(kind=kind)
            .values_list("law", "article", "position")
            .annotate(total=Sum("citations"))
            .order_by("-total", "law", "article", "position")[:limit]
        )

    invented = [(law, article, total) for law, article, _, total in top(CitationKind.INVENTED)]
    overruns = [(position, total) for _, _, position, total in top(CitationKind.OVERRUN)]
    disguised = (
        filters.days(CitationDay)
        .filter(kind=CitationKind.DISGUISED)
        .aggregate(total=Sum("citations", default=0))["total"]
    )
    return CitationRollups(invented=invented, overruns=overruns, disguised=disguised)


@dataclass(frozen=True)
class Workload:
    reviewer: str
    decisions: int
    approved: int
    rejected: int
    answers: int  # answers decided on


def reviewer_workload(filters: Filters) -> list[Workload]:
    """Each reviewer's decisions in force made in the range (approvals and rejections among
    them) and the answers they decided on, busiest first. Two queries."""
    rows = (
        filters.days(DecisionDay)
        .values("reviewer__username")
        .annotate(
            total=Sum("decisions"),
            approved=Sum("decisions", filter=Q(action=DecisionAction.APPROVE), default=0),
            rejected=Sum("decisions", filter=Q(action=DecisionAction.REJECT), default=0),
        )
        .filter(total__gt=0)
        .order_by("-total", "reviewer__username")
    )
    answers = dict(
        filters.spans(ReviewerSpan)
        .values("reviewer__username")
        .annotate(total=Sum("answers"))
        .values_list("reviewer__username", "total")
        .order_by()
    )
    return [
        Workload(
            r["reviewer__username"],
            r["total"],
            r["approved"],
            r["rejected"],
            answers.get(r["reviewer__username"], 0),
        )
        for r in rows
    ]


def rejections_by_reason(filters: Filters) -> dict[str, int]:
    """Rejections in force made in the range by reason ("" for none given: made before
    reasons were asked for, or of a whole answer), every reason present, in the list's order."""
    rows = (
        filters.days(DecisionDay)
        .filter(action=DecisionAction.REJECT)
        .values("reject_reason")
        .annotate(total=Sum("decisions"))
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
    """Answers waiting for review now, the oldest one, and who has them: how many wait and
    since which day from the rollups, then the oldest of that day's, and the assigned ones and
    the live claims (few, and indexed) in one read by assignee and claimer: three small
    queries. (The assigned ones and the claims were two reads: the page cost 73.1 M
    instructions a request under callgrind, 70.7 M with one; PostgreSQL reads both indexes
    into one bitmap.)"""
    days = AnswerDay.objects.filter(waiting__gt=0)
    days = days.filter(client=filters.client) if filters.client else days
    totals = days.aggregate(waiting=Sum("waiting", default=0), first=Min("day"))
    if not totals["waiting"]:
        return Backlog(waiting=0, oldest=None, unattended=0, by_reviewer={})
    oldest = (
        _waiting(filters)
        .filter(**day_range(totals["first"], totals["first"]))
        .aggregate(oldest=Min("created_at"))["oldest"]
    )
    live = Q(claimed_by__isnull=False, claimed_at__gte=claim_cutoff(now))
    pairs = (
        _waiting(filters)
        .filter(Q(assigned_to__isnull=False) | live)
        .values_list("assigned_to__username", "claimed_by__username")
        .annotate(total=Count("id"), claimed=Count("id", filter=live))
        .order_by()
    )
    by_reviewer: dict[str, list[int]] = {}
    claimed_unassigned = 0
    for assignee, claimer, total, claimed in pairs:
        if assignee:
            by_reviewer.setdefault(assignee, [0, 0])[0] += total
        # A claim on an answer assigned to the claimer is already counted as assigned.
        if claimed and claimer != assignee:
            by_reviewer.setdefault(claimer, [0, 0])[1] += claimed
            claimed_unassigned += 0 if assignee else claimed
    ranked = sorted(by_reviewer.items(), key=lambda item: (-sum(item[1]), item[0]))
    assigned_total = sum(assigned for assigned, _ in by_reviewer.values())
    return Backlog(
        waiting=totals["waiting"],
        oldest=oldest,
        unattended=totals["waiting"] - assigned_total - claimed_unassigned,
        by_reviewer={name: (assigned, claimed) for name, (assigned, claimed) in ranked},
    )


def reviewer_agreement(filters: Filters) -> dict:
    """Sentences decided (decisions in force made in the range) by two or more reviewers, and
    how many of them all decided alike."""
    return filters.spans(SentenceSpan).aggregate(
        shared=Sum("shared", default=0), agreed=Sum("agreed", default=0)
    )
