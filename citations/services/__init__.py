"""Every write the application makes. Views, the API and commands call these; nothing else writes.

Split by sub-domain: `answers` (store, re-verify), `revisions` (corrections), `review`
(decisions, claims), `comments` (discussion), `clients` (clients, tokens, webhook settings),
`webhooks` (events and their delivery), `rollups` (the metrics' counts);
`webhook_http` is the signing scheme and one HTTP attempt. The names below are the public
surface, so callers need not know which module a service lives in.
"""

from citations.services.answers import (
    IdempotencyConflict,
    Stored,
    Submission,
    answer_create,
    answer_is_current,
    answer_reverify,
    answer_submit,
    answers_reverify_outdated,
    normalise_evidence,
    request_digest,
    run_engine,
)
from citations.services.clients import (
    client_set_webhook,
    token_digest,
    token_issue,
    token_revoke,
    token_touch,
)
from citations.services.comments import CommentError, comment_add
from citations.services.reverify import answers_reverify_batch
from citations.services.review import (
    DecisionConflict,
    DecisionError,
    DecisionOutcome,
    UndoOutcome,
    answer_claim,
    answer_release,
    claims_release_all,
    decision_record,
    decision_undo,
)
from citations.services.revisions import RevisionError, answer_revise
from citations.services.rollups import rollups_rebuild
from citations.services.webhooks import (
    webhook_attempt,
    webhook_enqueue,
    webhooks_deliver_due,
)

__all__ = [
    "CommentError",
    "DecisionConflict",
    "DecisionError",
    "DecisionOutcome",
    "IdempotencyConflict",
    "RevisionError",
    "Stored",
    "Submission",
    "UndoOutcome",
    "answer_claim",
    "answer_create",
    "answer_is_current",
    "answer_release",
    "answer_reverify",
    "answer_revise",
    "answer_submit",
    "answers_reverify_batch",
    "answers_reverify_outdated",
    "claims_release_all",
    "client_set_webhook",
    "comment_add",
    "decision_record",
    "decision_undo",
    "normalise_evidence",
    "request_digest",
    "rollups_rebuild",
    "run_engine",
    "token_digest",
    "token_issue",
    "token_revoke",
    "token_touch",
    "webhook_attempt",
    "webhook_enqueue",
    "webhooks_deliver_due",
]
