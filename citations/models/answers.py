"""Answers, the evidence they were written from and the engine's verifications of them."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Coalesce

from citations.domain.statuses import COMPLETED_STATUSES, ReviewStatus
from citations.models.clients import ApiClient
from citations.querysets import AnswerQuerySet


class CitationStyle(models.TextChoices):
    AUTO = "auto", "Auto"
    NUMERIC = "numeric", "Numeric"
    LEGAL = "legal", "Legal"


class Severity(models.IntegerChoices):
    NONE = 0, "None"
    UNCITED = 1, "Uncited claims"
    UNSUPPORTED = 2, "Unsupported"


class Answer(models.Model):
    # No index of its own: answer_client_created leads with the client and serves its reads,
    # and each index more costs every submission an insert (migration 0021).
    client = models.ForeignKey(
        ApiClient, on_delete=models.PROTECT, related_name="answers", db_index=False
    )
    external_id = models.CharField(max_length=200, blank=True)
    # SHA-256 of the canonical request, so a retry with the same external_id can be told
    # apart from a different answer reusing it.
    request_digest = models.CharField(max_length=64, editable=False)
    question = models.TextField(blank=True)
    text = models.TextField()
    citation_style = models.CharField(
        max_length=10, choices=CitationStyle.choices, default=CitationStyle.AUTO
    )
    metadata = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    # Summary of the newest verification.
    is_legal = models.BooleanField(default=False)
    passed = models.BooleanField(default=False)
    validation_rate = models.FloatField(default=0.0)
    verified_count = models.PositiveIntegerField(default=0)
    unsupported_count = models.PositiveIntegerField(default=0)
    uncited_count = models.PositiveIntegerField(default=0)
    neutral_count = models.PositiveIntegerField(default=0)
    severity = models.PositiveSmallIntegerField(choices=Severity.choices, default=Severity.NONE)
    # The weakest cited sentence's support score (a sentence refused whatever its score counts
    # 0: domain.review.weakest_support);
    # null when no sentence cites. The queue orders by it after severity.
    min_support = models.FloatField(null=True, blank=True)

    # Summary of the review.
    review_status = models.CharField(
        max_length=20, choices=ReviewStatus.choices, default=ReviewStatus.CLEAN
    )
    flagged_count = models.PositiveIntegerField(default=0)
    decided_count = models.PositiveIntegerField(default=0)
    review_completed_at = models.DateTimeField(null=True, blank=True)

    # Who is reviewing it now; the claim lapses after CITATIONS_CLAIM_MINUTES without activity.
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="claimed_answers",
    )
    claimed_at = models.DateTimeField(null=True, blank=True)
    # Who should review it (set by staff and editors); unlike a claim it does not expire.
    assigned_to = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="assigned_answers",
    )
    assigned_at = models.DateTimeField(null=True, blank=True)

    # Revisions: a correction is a new Answer; the one it corrects stays as it was, except
    # that it is no longer current (the queue and the API list show current answers only).
    original = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="lineage"
    )
    previous = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="next_revision"
    )
    revision = models.PositiveIntegerField(default=1)
    is_current = models.BooleanField(default=True)
    revised_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="revisions",
    )
    revision_note = models.TextField(blank=True, max_length=2000)
    # How this revision's sentences line up with the previous one's (citations.diff), computed
    # once when the revision is stored; null for an original.
    sentence_alignment = models.JSONField(null=True, blank=True, editable=False)

    objects = AnswerQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        # Dashboard roles are groups holding these (migration 0006 creates `reviewer` and
        # `editor`); `view_answer` lets a user into the dashboard at all.
        permissions = [
            ("decide_answer", "Can decide answers that are not legal"),
            ("decide_legal_answer", "Can decide legal answers"),
            ("return_answer", "Can send an answer back to its generator"),
            ("revise_answer", "Can correct an answer (a new revision)"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["client", "external_id"],
                condition=~Q(external_id=""),
                name="answer_unique_external_id_per_client",
            ),
            # Revision 1 starts a lineage; every later one names the original and the previous.
            models.CheckConstraint(
                condition=Q(revision=1, previous__isnull=True, original__isnull=True)
                | Q(revision__gt=1, previous__isnull=False, original__isnull=False),
                name="answer_revision_links",
            ),
            models.UniqueConstraint(
                Coalesce(F("original"), F("id")),
                condition=Q(is_current=True),
                name="answer_one_current_per_lineage",
            ),
            models.CheckConstraint(
                condition=Q(review_status__in=ReviewStatus.values),
                name="answer_review_status_valid",
            ),
            # Nobody holds a claim on an answer whose review is over.
            models.CheckConstraint(
                condition=Q(claimed_by__isnull=True)
                | ~Q(review_status__in=sorted(COMPLETED_STATUSES)),
                name="answer_no_claim_when_completed",
            ),
            models.CheckConstraint(
                condition=Q(assigned_to__isnull=True, assigned_at__isnull=True)
                | Q(assigned_to__isnull=False, assigned_at__isnull=False),
                name="answer_assignment_fields_together",
            ),
            models.CheckConstraint(
                condition=Q(citation_style__in=CitationStyle.values),
                name="answer_citation_style_valid",
            ),
            models.CheckConstraint(
                condition=Q(severity__in=Severity.values), name="answer_severity_valid"
            ),
            models.CheckConstraint(
                condition=Q(min_support__isnull=True)
                | Q(min_support__gte=0.0, min_support__lte=1.0),
                name="answer_min_support_range",
            ),
        ]
        indexes = [
            models.Index(
                fields=[
                    "review_status",
                    "-severity",
                    "min_support",
                    "-unsupported_count",
                    "-uncited_count",
                    "created_at",
                ],
                name="answer_triage_order",
            ),
            # The queue's tab counts: an index-only GROUP BY.
            models.Index(fields=["is_current", "review_status"], name="answer_status_counts"),
            models.Index(fields=["client", "-created_at"], name="answer_client_created"),
            models.Index(fields=["assigned_to", "review_status"], name="answer_assigned"),
            models.Index(fields=["passed", "-created_at"], name="answer_passed_created"),
        ]

    def __str__(self) -> str:
        return f"Answer {self.pk}"


class Evidence(models.Model):
    """One passage the answer was written from; `position` 1 is citation [1]."""

    # Found through evidence_unique_position, which leads with the answer (migration 0021).
    answer = models.ForeignKey(
        Answer, on_delete=models.CASCADE, related_name="evidence", db_index=False
    )
    position = models.PositiveIntegerField()
    text = models.TextField()
    source_id = models.CharField(max_length=200, blank=True)
    title = models.CharField(max_length=500, blank=True)
    law = models.CharField(max_length=200, blank=True)
    article = models.CharField(max_length=50, blank=True)
    paragraph = models.CharField(max_length=50, blank=True)
    point = models.CharField(max_length=50, blank=True)
    # Other names of the same law ("GDPR", "Regulation (EU) 2016/679"): a list of strings.
    law_aliases = models.JSONField(default=list, blank=True)
    url = models.URLField(max_length=2000, blank=True)

    class Meta:
        ordering = ["answer", "position"]
        constraints = [
            models.UniqueConstraint(fields=["answer", "position"], name="evidence_unique_position")
        ]
        verbose_name_plural = "evidence"

    def __str__(self) -> str:
        return f"[{self.position}] {self.title or self.text[:40]}"

    def as_engine_input(self) -> dict:
        return {
            "text": self.text,
            "id": self.source_id,
            "title": self.title,
            "law": self.law,
            "article": self.article,
            "paragraph": self.paragraph,
            "point": self.point,
            "law_aliases": list(self.law_aliases),
            "url": self.url,
        }


class Verification(models.Model):
    """One run of the engine over an answer. The newest one is in force."""

    answer = models.ForeignKey(Answer, on_delete=models.CASCADE, related_name="verifications")
    engine_version = models.CharField(max_length=20)
    threshold = models.FloatField()
    report = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        get_latest_by = ["created_at", "id"]

    def __str__(self) -> str:
        return f"Verification {self.pk} of answer {self.answer_id}"


class UnresolvedCitation(models.Model):
    """A citation that resolved to nothing, one row per verification, for the metrics page:
    which law labels and articles generators invent, which positions they overrun.

    Written once a submission and read only whole, by `rollups_rebuild` (the metrics page reads
    the rollups): its indexes serve the deletes only (by answer, by verification, and by client
    through unresolved_client_created); migration 0021 dropped the others."""

    answer = models.ForeignKey(Answer, on_delete=models.CASCADE, related_name="unresolved")
    verification = models.ForeignKey(
        Verification, on_delete=models.CASCADE, related_name="unresolved"
    )
    client = models.ForeignKey(
        ApiClient, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    style = models.CharField(max_length=10)
    raw = models.CharField(max_length=300)
    law = models.CharField(max_length=200, blank=True)
    article = models.CharField(max_length=50, blank=True)
    # For a numeric citation: the first cited position past the evidence list (or 0).
    position = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["client", "created_at"], name="unresolved_client_created"),
        ]

    def __str__(self) -> str:
        return self.raw
