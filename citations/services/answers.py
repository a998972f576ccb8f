"""Storing and verifying answers: creation (idempotent by external_id) and re-verification
after an engine or threshold change (corrections: `revisions`).

Each service takes keyword-only arguments and runs in one transaction, so a failure stores
nothing and an answer never exists without its evidence and verification.
"""

import hashlib
import json
import logging
from typing import NamedTuple

from django.conf import settings
from django.db import IntegrityError, transaction

from citations import engine
from citations.domain.review import review_state, summary_fields
from citations.domain.statuses import CitationStatus
from citations.engine.citations.parse import parse_bracket, position_value
from citations.models import (
    Answer,
    ApiClient,
    Evidence,
    UnresolvedCitation,
    Verification,
)
from citations.services.inserts import row_insert, rows_insert
from citations.services.review import summary_refresh
from citations.services.rollups import rollup_answer_stored

logger = logging.getLogger(__name__)

EVIDENCE_FIELDS = ("text", "id", "title", "law", "article", "url")
# Given only when set, so that the digest of a request without them is what it always was.
LEGAL_UNIT_FIELDS = ("paragraph", "point")
MAX_STORED_POSITION = 2_147_483_647


class Stored(NamedTuple):
    """The rows one store wrote: the answer, its evidence in order, its verification."""

    answer: Answer
    evidence: list[Evidence]
    verification: Verification


class Submission(NamedTuple):
    """What `answer_submit` did: `stored` holds the rows it wrote, None when an answer already
    stored under the same external_id was returned instead."""

    answer: Answer
    stored: Stored | None

    @property
    def created(self) -> bool:
        return self.stored is not None


class IdempotencyConflict(Exception):
    """The external_id is taken by a different answer of the same client."""

    def __init__(self, answer: Answer):
        super().__init__(f"external_id {answer.external_id!r} is already used by another answer")
        self.answer = answer


def normalise_evidence(evidence: list[dict]) -> list[dict]:
    """Evidence with every field present as a string, in the shape the engine and storage use;
    the legal unit fields (paragraph, point, law_aliases) only when they are set."""
    return [_normalised(item) for item in evidence]


def _normalised(item: dict) -> dict:
    normal = {
        name: "" if item.get(name) is None else str(item.get(name)) for name in EVIDENCE_FIELDS
    }
    for name in LEGAL_UNIT_FIELDS:
        if item.get(name) not in (None, ""):
            normal[name] = str(item[name])
    if item.get("law_aliases"):
        normal["law_aliases"] = [str(alias) for alias in item["law_aliases"]]
    return normal


def evidence_rows(answer: Answer, evidence: list[dict]) -> list[Evidence]:
    """Unsaved Evidence rows for normalised evidence, numbered as the answer cites them."""
    return [
        Evidence(
            answer=answer,
            position=position,
            text=item["text"],
            source_id=item["id"],
            title=item["title"],
            law=item["law"],
            article=item["article"],
            paragraph=item.get("paragraph", ""),
            point=item.get("point", ""),
            law_aliases=item.get("law_aliases", []),
            url=item["url"],
        )
        for position, item in enumerate(evidence, start=1)
    ]


def unresolved_rows(
    *, answer: Answer, verification: Verification, evidence_count: int
) -> list[UnresolvedCitation]:
    """Unsaved rows for the citations of a report that resolved to nothing."""
    rows = []
    report: engine.ReportDict = verification.report
    for sentence in report["sentences"]:
        for citation in sentence["citations"]:
            if citation["status"] != CitationStatus.UNRESOLVED:
                continue
            raw = citation["raw"]
            unit = citation.get("unit")  # legal citations (engine 2.1 on), inline ones too
            parsed = None if unit else parse_bracket(0, len(raw), raw[1:-1], citation["style"])
            law = (unit["law"] if unit else parsed.law if parsed else "")[:200]
            article = (unit["article"] if unit else parsed.article if parsed else "")[:50]
            position = _first_overrun(parsed.ranges, evidence_count) if parsed else None
            rows.append(
                UnresolvedCitation(
                    answer=answer,
                    verification=verification,
                    client_id=answer.client_id,
                    style=citation["style"],
                    raw=raw[:300],
                    law=law,
                    article=article,
                    position=position,
                )
            )
    return rows


def _first_overrun(ranges, evidence_count: int) -> int | None:
    """The first cited position that is 0 or past the list, capped to fit the column."""
    for first, last in ranges:
        for digits in (first, last):
            value = position_value(digits)
            if value is None:
                return MAX_STORED_POSITION
            if value == 0 or value > evidence_count:
                return min(value, MAX_STORED_POSITION)
    return None


def request_digest(
    *, text: str, evidence: list[dict], question: str, citation_style: str, metadata: dict
) -> str:
    canonical = json.dumps(
        {
            "text": text,
            "evidence": evidence,
            "question": question,
            "citation_style": citation_style,
            "metadata": metadata,
        },
        sort_keys=True,
        ensure_ascii=False,
        separators=(",", ":"),
    )
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()


def run_engine(*, text: str, evidence: list[dict], citation_style: str) -> engine.Report:
    return engine.verify(
        text, evidence, style=citation_style, threshold=settings.CITATIONS_THRESHOLD
    )


def answer_create(**fields) -> tuple[Answer, bool]:
    """Store and verify an answer (`answer_submit`'s arguments); returns (answer, created)."""
    submission = answer_submit(**fields)
    return submission.answer, submission.created


def answer_submit(
    *,
    client: ApiClient,
    text: str,
    evidence: list[dict],
    question: str = "",
    external_id: str = "",
    citation_style: str = "auto",
    metadata: dict | None = None,
) -> Submission:
    """Store and verify an answer.

    With an external_id, a retry of the same request returns the stored answer and a
    different request under the same id raises IdempotencyConflict, also when two identical
    requests race: the unique constraint decides, and the loser reads the winner's row.
    """
    evidence = normalise_evidence(evidence)
    metadata = metadata or {}
    digest = request_digest(
        text=text,
        evidence=evidence,
        question=question,
        citation_style=citation_style,
        metadata=metadata,
    )
    if external_id:
        existing = _existing_answer(client=client, external_id=external_id, digest=digest)
        if existing is not None:
            return Submission(existing, None)

    report = run_engine(text=text, evidence=evidence, citation_style=citation_style).to_dict()
    try:
        with transaction.atomic():
            stored = _answer_store(
                report=report,
                evidence=evidence,
                client=client,
                external_id=external_id,
                request_digest=digest,
                question=question,
                text=text,
                citation_style=citation_style,
                metadata=metadata,
            )
    except IntegrityError:
        if not external_id:
            raise
        existing = _existing_answer(client=client, external_id=external_id, digest=digest)
        if existing is None:
            raise
        logger.info(
            "answer create race lost",
            extra={"client": client.pk, "external_id": external_id, "answer": existing.pk},
        )
        return Submission(existing, None)
    return Submission(stored.answer, stored)


def verification_store(*, answer: Answer, report: engine.ReportDict) -> Verification:
    """Store a report as the answer's newest verification."""
    return row_insert(
        Verification(
            answer=answer,
            engine_version=report["engine"],
            threshold=settings.CITATIONS_THRESHOLD,
            report=report,
        )
    )


def _answer_store(*, report: engine.ReportDict, evidence: list[dict], **fields) -> Stored:
    """Insert an answer with its evidence and verification: a fixed number of queries.

    Only this first verification records the unresolved citations for the metrics; a
    re-verification does not, so re-checking never counts an invention twice."""
    answer = row_insert(Answer(**fields, **summary_fields(report, review_state(report, 0, []))))
    passages = rows_insert(evidence_rows(answer, evidence))
    verification = verification_store(answer=answer, report=report)
    unresolved = rows_insert(
        unresolved_rows(answer=answer, verification=verification, evidence_count=len(evidence))
    )
    rollup_answer_stored(answer=answer, verification=verification, unresolved=unresolved)
    return Stored(answer, passages, verification)


def _existing_answer(*, client: ApiClient, external_id: str, digest: str) -> Answer | None:
    answer = Answer.objects.filter(client=client, external_id=external_id).first()
    if answer is not None and answer.request_digest != digest:
        raise IdempotencyConflict(answer)
    return answer


def answer_is_current(answer: Answer) -> bool:
    """True when the newest verification is by this engine version and threshold."""
    latest = answer.verifications.only("engine_version", "threshold").latest()
    return (latest.engine_version, latest.threshold) == (
        engine.ENGINE_VERSION,
        settings.CITATIONS_THRESHOLD,
    )


@transaction.atomic
def answer_reverify(*, answer: Answer, only_if_outdated: bool = False) -> Verification | None:
    """Verify a stored answer again (after an engine or threshold change); the new one counts.

    Decisions on sentences whose start and text are unchanged carry over; the others lapse and
    their sentences go back to review. With `only_if_outdated`, an answer already verified by
    this engine and threshold is left alone (returns None), so a re-run after a crash redoes
    nothing that was committed.
    """
    answer = Answer.objects.select_for_update().get(pk=answer.pk)
    if only_if_outdated and answer_is_current(answer):
        return None
    evidence = [e.as_engine_input() for e in answer.evidence.all()]
    report = run_engine(
        text=answer.text, evidence=evidence, citation_style=answer.citation_style
    ).to_dict()
    verification = verification_store(answer=answer, report=report)
    summary_refresh(answer=answer, verification=verification)
    return verification


def answers_reverify_outdated(*, answer_ids: list[int]) -> int:
    """Re-verify each outdated answer in its own transaction; returns how many were redone."""
    done = 0
    for answer in Answer.objects.filter(pk__in=answer_ids).only("pk"):
        if answer_reverify(answer=answer, only_if_outdated=True) is not None:
            done += 1
    logger.info(
        "answers re-verified",
        extra={"asked": len(answer_ids), "reverified": done, "engine": engine.ENGINE_VERSION},
    )
    return done
