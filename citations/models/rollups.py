"""The metrics page's counts, kept as they change (services.rollups) instead of counted from
every answer and decision in the range at each view.

Each table holds sums per key and is written only by atomic insert-or-add statements, so any
number of processes can add to the same row at once. A day is the local date (TIME_ZONE) of
the answer's or the decision's creation, as the date filters read it.

The counts that are not sums over days (the answers a reviewer decided on, sentences decided
by several reviewers) are kept per *span*: a run of consecutive days, among the days that
answer or sentence had decisions in force, with the days just before and after it
(`NO_DAY_BEFORE` / `NO_DAY_AFTER` when there is none). A range [start, end] holds exactly one
run of each answer or sentence it touches: the one with first >= start, last <= end, the day
before < start and the day after > end, so counting those runs counts each once.

Every submission adds to its day's AnswerDay row (and CitationDay's, for its unresolved
citations) inside its transaction, so one row per day and client would be locked by each
submission of that client from its insert-or-add to its commit's flush: the client's
submissions took turns (PostgreSQL's waits were on that row at 32 clients; 124-125/s at most).
So these two tables keep each day and client in STRIPES rows, an answer always counted in the
stripe of its id (`stripe_of`: a decision's or a revision's change lands where the answer was
counted, so no row goes below zero), and readers sum the rows of a key, as they sum days.
"""

from datetime import date, timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q

from citations.models.clients import ApiClient

NO_DAY_BEFORE = date.min
NO_DAY_AFTER = date.max
# A citation kind with no position (an invented article, a disguised citation).
NO_POSITION = -1
# Rows per day and client of AnswerDay and CitationDay (module doc): writers of one client
# wait on each other only when their answers' ids fall in the same stripe.
STRIPES = 8


def stripe_of(answer_id: int) -> int:
    return answer_id % STRIPES


# Time from submission to a completed review: AnswerDay's column per bucket, its label and
# where it ends (a wait below zero, a clock set back, falls in none; the mean counts it).
WAIT_BUCKETS = (
    ("wait_under_hour", "under 1 hour", timedelta(hours=1)),
    ("wait_under_day", "1 to 24 hours", timedelta(days=1)),
    ("wait_under_week", "1 to 7 days", timedelta(days=7)),
    ("wait_longer", "over 7 days", None),
)


class CitationKind(models.TextChoices):
    INVENTED = "invented", "Invented law article"  # a legal citation that resolved to nothing
    OVERRUN = "overrun", "Position past the evidence"  # a numeric one past the list
    DISGUISED = "disguised", "Disguised with hidden characters"


class AnswerDay(models.Model):
    """The current answers created on one day for one client: how many passed, their
    validation rates, how many wait for review now, and those whose review completed, by how
    long it took."""

    day = models.DateField()
    client = models.ForeignKey(ApiClient, on_delete=models.CASCADE, related_name="+")
    answers = models.IntegerField(default=0)
    passed = models.IntegerField(default=0)
    rate_sum = models.FloatField(default=0.0)
    waiting = models.IntegerField(default=0)  # needs review now
    decided = models.IntegerField(default=0)
    wait_us = models.BigIntegerField(default=0)  # microseconds from submission to decision
    wait_under_hour = models.IntegerField(default=0)
    wait_under_day = models.IntegerField(default=0)
    wait_under_week = models.IntegerField(default=0)
    wait_longer = models.IntegerField(default=0)
    stripe = models.SmallIntegerField(default=0)  # module doc; last in KEYS (services.rollups)

    KEYS = ("day", "client_id", "stripe")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["day", "client", "stripe"], name="answerday_key")
        ]

    def __str__(self) -> str:
        return f"{self.day} client {self.client_id}: {self.answers} answers"


class CitationDay(models.Model):
    """Citations that went wrong in answers as submitted (their first verification), per day,
    client, kind and what they named; re-verifying never counts one twice."""

    day = models.DateField()
    client = models.ForeignKey(ApiClient, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10, choices=CitationKind.choices)
    law = models.CharField(max_length=200, blank=True)
    article = models.CharField(max_length=50, blank=True)
    position = models.BigIntegerField(default=NO_POSITION)
    citations = models.IntegerField(default=0)
    stripe = models.SmallIntegerField(default=0)  # as AnswerDay's

    KEYS = ("day", "client_id", "kind", "law", "article", "position", "stripe")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["day", "client", "kind", "law", "article", "position", "stripe"],
                name="citationday_key",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=CitationKind.values), name="citationday_kind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.day} client {self.client_id}: {self.citations} {self.kind}"


class DecisionDay(models.Model):
    """Decisions in force made on one day: not an undo, not undone, not carried over to a
    revision; per client, reviewer, action and reason."""

    day = models.DateField()
    client = models.ForeignKey(ApiClient, on_delete=models.CASCADE, related_name="+")
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    action = models.CharField(max_length=10)
    reject_reason = models.CharField(max_length=30, blank=True)
    decisions = models.IntegerField(default=0)

    KEYS = ("day", "client_id", "reviewer_id", "action", "reject_reason")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["day", "client", "reviewer", "action", "reject_reason"],
                name="decisionday_key",
            )
        ]

    def __str__(self) -> str:
        return f"{self.day} reviewer {self.reviewer_id}: {self.decisions} {self.action}"


class ReviewerSpan(models.Model):
    """Runs of days on which a reviewer had decisions in force on an answer (module doc):
    `answers` counts the answers with that run, per client and reviewer."""

    client = models.ForeignKey(ApiClient, on_delete=models.CASCADE, related_name="+")
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    day_before = models.DateField()
    first = models.DateField()
    last = models.DateField()
    day_after = models.DateField()
    answers = models.IntegerField(default=0)

    KEYS = ("client_id", "reviewer_id", "day_before", "first", "last", "day_after")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["client", "reviewer", "day_before", "first", "last", "day_after"],
                name="reviewerspan_key",
            )
        ]

    def __str__(self) -> str:
        return f"reviewer {self.reviewer_id} {self.first}..{self.last}: {self.answers}"


class SentenceSpan(models.Model):
    """Runs of days with decisions in force on a sentence (module doc) in which two or more
    reviewers decided it: `shared` counts those sentences, `agreed` the ones all decided
    alike."""

    client = models.ForeignKey(ApiClient, on_delete=models.CASCADE, related_name="+")
    day_before = models.DateField()
    first = models.DateField()
    last = models.DateField()
    day_after = models.DateField()
    shared = models.IntegerField(default=0)
    agreed = models.IntegerField(default=0)

    KEYS = ("client_id", "day_before", "first", "last", "day_after")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["client", "day_before", "first", "last", "day_after"],
                name="sentencespan_key",
            )
        ]

    def __str__(self) -> str:
        return f"{self.first}..{self.last}: {self.agreed} of {self.shared} alike"
