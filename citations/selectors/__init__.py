"""Every read the views, the API and commands make; each returns a queryset or plain data.

Split by sub-domain: `answers` (one answer, the API list, revisions), `queue` (the triage
queue), `clients` (clients and tokens), `comments` (the discussion of answers), `review`
(overruled decisions), `metrics` (the metrics page's aggregates), with `ranges` for date
filters that use the indexes.
"""

from citations.selectors.answers import (
    answer_client_list,
    answer_client_revisions,
    answer_current_revision,
    answer_external_id_lineages,
    answer_list,
    answer_previous_report,
    answer_revision_lineage,
    answer_with_current_revision,
    answer_with_details,
    answer_with_review,
    answers_outdated,
    latest_verification,
    review_answer,
    review_answer_summary,
)
from citations.selectors.clients import review_clients, token_get_active
from citations.selectors.comments import comment_list, comments_prefetch
from citations.selectors.queue import (
    active_claimer,
    claims_of,
    next_for_review,
    queue_counts,
    queue_current,
    review_queue_page_rows,
)
from citations.selectors.review import overrules_of

__all__ = [
    "active_claimer",
    "answer_client_list",
    "answer_client_revisions",
    "answer_current_revision",
    "answer_external_id_lineages",
    "answer_list",
    "answer_previous_report",
    "answer_revision_lineage",
    "answer_with_current_revision",
    "answer_with_details",
    "answer_with_review",
    "answers_outdated",
    "claims_of",
    "comment_list",
    "comments_prefetch",
    "latest_verification",
    "next_for_review",
    "overrules_of",
    "queue_counts",
    "queue_current",
    "review_answer",
    "review_answer_summary",
    "review_clients",
    "review_queue_page_rows",
    "token_get_active",
]
