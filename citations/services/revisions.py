"""Corrections stored as new revisions: the corrected answer is kept, the new one verified on
save, and decisions on sentences it keeps unchanged carried over.
"""

import logging

from django.db import IntegrityError, transaction

from citations.domain.diff import sentence_alignment
from citations.domain.review import review_state
from citations.domain.statuses import FLAGGED_STATUSES
from citations.engine import ReportDict, SentenceDict
from citations.models import Answer, Decision, Verification
from citations.roles import may_decide
from citations.services.answers import _answer_store, normalise_evidence, request_digest, run_engine
from citations.services.review import summary_refresh
from citations.services.rollups import rollup_answer_superseded

logger = logging.getLogger(__name__)


class RevisionError(Exception):
    """A revision that cannot be made (the answer was revised already)."""


@transaction.atomic
def answer_revise(
    *,
    answer: Answer,
    text: str,
    evidence: list[dict] | None = None,
    revised_by=None,
    note: str = "",
) -> Answer:
    """Store a correction as a new revision, verified on save; the corrected answer is kept.

    The evidence stays the same unless given. Decisions in force on the previous revision
    carry over to sentences of the new one with the same text and citations (as new decision
    records pointing at the ones they came from); every other flagged sentence goes to review.
    """
    previous = Answer.objects.select_for_update().get(pk=answer.pk)
    if not previous.is_current:
        raise _already_revised(previous)
    if evidence is None:
        evidence = [item.as_engine_input() for item in previous.evidence.all()]
    evidence = normalise_evidence(evidence)
    report = run_engine(
        text=text, evidence=evidence, citation_style=previous.citation_style
    ).to_dict()
    try:
        with transaction.atomic():
            revision, verification = _revision_store(
                previous=previous,
                report=report,
                evidence=evidence,
                text=text,
                revised_by=revised_by,
                note=note,
            )
    except IntegrityError:
        # Only a revision of the same answer stored first (unique `previous`) is a lost race.
        if not Answer.objects.filter(previous_id=previous.pk).exists():
            raise
        logger.info("revision race lost", extra={"answer": previous.pk})
        raise _already_revised(previous) from None
    summary_refresh(answer=revision, verification=verification)
    return revision


def _already_revised(previous: Answer) -> RevisionError:
    newer = Answer.objects.lineage(previous).current().values_list("pk", flat=True).first()
    return RevisionError(
        f"answer {previous.pk} has been revised already; revise the current revision ({newer})"
    )


def _revision_store(
    *,
    previous: Answer,
    report: ReportDict,
    evidence: list[dict],
    text: str,
    revised_by,
    note: str,
) -> tuple[Answer, Verification]:
    old = previous.verifications.latest()
    # Superseded first: one lineage never has two current revisions (a constraint).
    Answer.objects.filter(pk=previous.pk).update(is_current=False, claimed_by=None)
    rollup_answer_superseded(answer=previous)
    revision, _, verification = _answer_store(
        report=report,
        evidence=evidence,
        client_id=previous.client_id,
        request_digest=request_digest(
            text=text,
            evidence=evidence,
            question=previous.question,
            citation_style=previous.citation_style,
            metadata=previous.metadata,
        ),
        question=previous.question,
        text=text,
        citation_style=previous.citation_style,
        metadata=previous.metadata,
        original_id=previous.original_id or previous.pk,
        previous=previous,
        revision=previous.revision + 1,
        revised_by=revised_by,
        revision_note=note,
        sentence_alignment=sentence_alignment(old.report, report),
    )
    Decision.objects.bulk_create(
        _carried_decisions(previous=previous, old=old, revision=revision, verification=verification)
    )
    return revision, verification


def _carried_decisions(
    *, previous: Answer, old: Verification, revision: Answer, verification: Verification
) -> list[Decision]:
    """Decisions in force on `previous` for flagged sentences `revision` keeps unchanged, except
    those whose reviewer may not decide the revision (a reviewer's, when it became legal): they
    are dropped, not marked, so no status rule needs a third state; they stay on `previous`."""
    decisions = list(previous.decisions.select_related("reviewer"))
    in_force = review_state(old.report, old.pk, decisions).in_force
    report: ReportDict = verification.report
    by_text: dict[str, SentenceDict] = {}
    for s in report["sentences"]:
        if s["status"] in FLAGGED_STATUSES:
            by_text.setdefault(s["text"], s)
    # Asked once per reviewer, not per decision; only a legal revision restricts who decides.
    reviewers = {d.reviewer_id: d.reviewer for d in decisions} if revision.is_legal else {}
    barred = {pk for pk, user in reviewers.items() if not may_decide(user, is_legal=True)}

    carried = []
    for decision in in_force.values():
        sentence = by_text.get(decision.sentence_text)
        if sentence is None or decision.reviewer_id in barred:
            continue
        carried.append(
            Decision(
                answer=revision,
                verification=verification,
                sentence_index=sentence["index"],
                sentence_start=sentence["start"],
                sentence_text=sentence["text"],
                action=decision.action,
                note=decision.note,
                reject_reason=decision.reject_reason,
                reviewer_id=decision.reviewer_id,
                carried_from=decision,
            )
        )
    return carried
