"""Stored answers, their evidence and verifications, and reviewers' decisions and comments.

Answers and evidence are written once and never updated in their content. What changes over
time is appended: a new `Verification` when the engine re-checks, a new `Decision` whenever a
reviewer acts, a new `Comment` when somebody writes one. The columns on `Answer` that the
triage queue filters and sorts on are a denormalised summary of the newest verification and
decisions (and who holds or is assigned the answer), kept by `services` only; so are the
metrics' counts (`rollups`), in the same transactions as the writes they count.
"""

from citations.domain.statuses import DecisionAction, RejectReason, ReviewStatus
from citations.models.answers import (
    Answer,
    CitationStyle,
    Evidence,
    Severity,
    UnresolvedCitation,
    Verification,
)
from citations.models.clients import ApiClient, ApiToken
from citations.models.review import Comment, Decision
from citations.models.rollups import (
    AnswerDay,
    CitationDay,
    CitationKind,
    DecisionDay,
    ReviewerSpan,
    SentenceSpan,
)
from citations.models.throttles import ThrottleCount
from citations.models.webhooks import DeliveryStatus, WebhookAttempt, WebhookDelivery
from citations.querysets import AnswerQuerySet

__all__ = [  # the statuses are re-exported: models name their choices
    "Answer",
    "AnswerDay",
    "AnswerQuerySet",
    "ApiClient",
    "ApiToken",
    "CitationDay",
    "CitationKind",
    "CitationStyle",
    "Comment",
    "Decision",
    "DecisionAction",
    "DecisionDay",
    "DeliveryStatus",
    "Evidence",
    "RejectReason",
    "ReviewStatus",
    "ReviewerSpan",
    "SentenceSpan",
    "Severity",
    "ThrottleCount",
    "UnresolvedCitation",
    "Verification",
    "WebhookAttempt",
    "WebhookDelivery",
]
