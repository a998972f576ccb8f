"""Every write the application makes. Views, the API and commands call these; nothing else writes.

Each service takes keyword-only arguments and runs in one transaction, so a failure stores
nothing and an answer never exists without its evidence and verification.
"""

import hashlib
import json
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from citations import engine, webhooks
from citations.after_response import after_response
from citations.diff import sentence_alignment
from citations.engine.citations import parse_bracket, position_value
from citations.models import (
    Answer,
    ApiClient,
    ApiToken,
    Decision,
    DecisionAction,
    Evidence,
    ReviewStatus,
    UnresolvedCitation,
    Verification,
    WebhookAttempt,
    WebhookDelivery,
)
from citations.review import review_state, sentence_at, summary_fields
from citations.selectors import answer_as_prefetched

EVIDENCE_FIELDS = ("text", "id", "title", "law", "article", "url")
COMPLETED_STATUSES = frozenset({ReviewStatus.APPROVED, ReviewStatus.REJECTED})
MAX_STORED_POSITION = 2_147_483_647


class IdempotencyConflict(Exception):
    """The external_id is taken by a different answer of the same client."""

    def __init__(self, answer: Answer):
        super().__init__(f"external_id {answer.external_id!r} is already used by another answer")
        self.answer = answer


class DecisionError(Exception):
    """A decision that cannot be recorded (the sentence is not flagged, or does not exist)."""


def normalise_evidence(evidence: list[dict]) -> list[dict]:
    """Evidence with every field present as a string, in the shape the engine and storage use."""
    return [
        {name: "" if item.get(name) is None else str(item.get(name)) for name in EVIDENCE_FIELDS}
        for item in evidence
    ]


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
            url=item["url"],
        )
        for position, item in enumerate(evidence, start=1)
    ]


def unresolved_rows(
    *, answer: Answer, verification: Verification, evidence_count: int
) -> list[UnresolvedCitation]:
    """Unsaved rows for the citations of a report that resolved to nothing."""
    rows = []
    for sentence in verification.report["sentences"]:
        for citation in sentence["citations"]:
            if citation["status"] != "unresolved":
                continue
            raw = citation["raw"]
            parsed = parse_bracket(0, len(raw), raw[1:-1], citation["style"])
            law = parsed.law[:200] if parsed else ""
            article = parsed.article[:50] if parsed else ""
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


def answer_create(
    *,
    client: ApiClient,
    text: str,
    evidence: list[dict],
    question: str = "",
    external_id: str = "",
    citation_style: str = "auto",
    metadata: dict | None = None,
) -> tuple[Answer, bool]:
    """Store and verify an answer; returns (answer, created).

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
            return existing, False

    report = run_engine(text=text, evidence=evidence, citation_style=citation_style).to_dict()
    try:
        with transaction.atomic():
            answer, rows, verification = _answer_store(
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
        return existing, False
    # Nothing else is written for a new answer: hand it back with its rows, never read again.
    return answer_as_prefetched(answer, evidence=rows, verification=verification), True


def verification_store(
    *, answer: Answer, report: dict, evidence_count: int, first: bool = True
) -> Verification:
    """Store a report as the answer's newest verification.

    The first verification of an answer also records its unresolved citations for the
    metrics; a re-verification does not, so re-checking never counts an invention twice.
    """
    verification = Verification.objects.create(
        answer=answer,
        engine_version=report["engine"],
        threshold=settings.CITATIONS_THRESHOLD,
        report=report,
    )
    if first:
        UnresolvedCitation.objects.bulk_create(
            unresolved_rows(answer=answer, verification=verification, evidence_count=evidence_count)
        )
    return verification


def _answer_store(*, report: dict, evidence: list[dict], **fields) -> tuple[Answer, Verification]:
    """Insert an answer with its evidence and verification: a fixed number of queries."""
    answer = Answer.objects.create(**fields, **summary_fields(report, review_state(report, 0, [])))
    rows = Evidence.objects.bulk_create(evidence_rows(answer, evidence))
    verification = verification_store(answer=answer, report=report, evidence_count=len(evidence))
    return answer, rows, verification


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
    verification = verification_store(
        answer=answer, report=report, evidence_count=len(evidence), first=False
    )
    _refresh_summary(answer=answer, verification=verification)
    return verification


@dataclass(frozen=True)
class DecisionOutcome:
    decision: Decision
    # The decision that was in force when the reviewer acted, if it is not the one they saw:
    # somebody else decided in between, and the page says so.
    superseded: Decision | None


@transaction.atomic
def decision_record(
    *,
    answer: Answer,
    reviewer,
    action: str,
    note: str = "",
    sentence_index: int | None = None,
    seen_decision_id: int | None = None,
) -> DecisionOutcome:
    """Append a reviewer's decision on one flagged sentence, or on the whole answer.

    The answer row is locked first, so two reviewers deciding at once are serialised: both
    decisions are kept, the later one is in force, and the later reviewer learns what the
    earlier one did if it was not what their page showed.
    """
    if action not in DecisionAction.values:
        raise DecisionError(f"unknown action {action!r}")
    answer = Answer.objects.select_for_update().get(pk=answer.pk)
    verification = answer.verifications.latest()
    report = verification.report
    decisions = list(answer.decisions.all())
    before = review_state(report, verification.pk, decisions)

    if sentence_index is None:
        start, text, current = None, "", before.answer_decision
    else:
        sentence = sentence_at(report, sentence_index)
        if sentence is None or sentence["status"] not in ("unsupported", "uncited"):
            raise DecisionError(f"sentence {sentence_index} is not a flagged sentence")
        if action == DecisionAction.RETURN:
            raise DecisionError("only a whole answer can be sent back to its generator")
        start, text = sentence["start"], sentence["text"]
        current = before.in_force.get(sentence_index)

    decision = Decision.objects.create(
        answer=answer,
        verification=verification,
        sentence_index=sentence_index,
        sentence_start=start,
        sentence_text=text,
        action=action,
        note=note,
        reviewer=reviewer,
    )
    superseded = current if current is not None and current.pk != seen_decision_id else None
    _refresh_summary(answer=answer, verification=verification, decisions=[*decisions, decision])
    if answer.review_status != before.status and answer.review_status in COMPLETED_STATUSES:
        webhook_enqueue(answer=answer, event="answer.review_completed")
    return DecisionOutcome(decision=decision, superseded=superseded)


def _refresh_summary(
    *, answer: Answer, verification: Verification, decisions: list[Decision] | None = None
) -> None:
    if decisions is None:
        decisions = list(answer.decisions.all())
    state = review_state(verification.report, verification.pk, decisions)
    fields = summary_fields(verification.report, state)
    for name, value in fields.items():
        setattr(answer, name, value)
    answer.save(update_fields=list(fields))


def answer_claim(*, answer: Answer, user) -> bool:
    """Claim the answer for `user` unless someone else holds a live claim; True when held.

    One conditional UPDATE, so two reviewers opening the same answer cannot both win.
    """
    now = timezone.now()
    lapsed = now - timedelta(minutes=settings.CITATIONS_CLAIM_MINUTES)
    free = Q(claimed_by__isnull=True) | Q(claimed_at__lt=lapsed) | Q(claimed_by=user)
    updated = Answer.objects.filter(free, pk=answer.pk).update(claimed_by=user, claimed_at=now)
    return bool(updated)


def answer_release(*, answer: Answer, user) -> None:
    Answer.objects.filter(pk=answer.pk, claimed_by=user).update(claimed_by=None, claimed_at=None)


def token_digest(key: str) -> str:
    # Keys are 256-bit random, so a fast hash is as safe as a slow one and keeps auth cheap.
    return hashlib.sha256(key.encode()).hexdigest()


@transaction.atomic
def token_issue(*, client_name: str, token_name: str = "") -> tuple[ApiToken, str]:
    """Create the client if needed and a new token for it; returns (token, key shown once)."""
    client, _ = ApiClient.objects.get_or_create(name=client_name)
    key = "cv_" + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        client=client, name=token_name, prefix=key[:10], digest=token_digest(key)
    )
    return token, key


def token_revoke(*, token: ApiToken) -> None:
    ApiToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())


def answers_reverify_outdated(*, answer_ids: list[int]) -> int:
    """Re-verify each outdated answer in its own transaction; returns how many were redone."""
    done = 0
    for answer in Answer.objects.filter(pk__in=answer_ids).only("pk"):
        if answer_reverify(answer=answer, only_if_outdated=True) is not None:
            done += 1
    return done


@transaction.atomic
def client_set_webhook(*, client: ApiClient, url: str) -> str:
    """Point the client's events at `url` with a fresh signing secret; returns the secret."""
    client.webhook_url = url
    client.webhook_secret = secrets.token_hex(32)
    client.save(update_fields=["webhook_url", "webhook_secret"])
    return client.webhook_secret


def webhook_payload(*, answer: Answer, event: str) -> dict:
    return {
        "event": event,
        "answer": {
            "id": answer.pk,
            "external_id": answer.external_id,
            "status": answer.review_status,
            "passed": answer.passed,
            "validation_rate": answer.validation_rate,
            "flagged": answer.flagged_count,
            "decided": answer.decided_count,
            "completed_at": (
                answer.review_completed_at.isoformat() if answer.review_completed_at else None
            ),
        },
    }


def webhook_enqueue(*, answer: Answer, event: str) -> WebhookDelivery | None:
    """Record an event for the client's callback and send it once the transaction commits."""
    from citations.tasks import deliver_webhook  # tasks import this module

    client = answer.client
    if not client.webhook_url:
        return None
    delivery = WebhookDelivery.objects.create(
        client=client,
        answer=answer,
        event=event,
        url=client.webhook_url,
        payload=webhook_payload(answer=answer, event=event),
        next_attempt_at=timezone.now(),
    )
    # After the response: on the immediate backend the task is the POST itself.
    transaction.on_commit(lambda: after_response(lambda: deliver_webhook.enqueue(delivery.pk)))
    return delivery


def webhook_attempt(*, delivery_id: int, now=None) -> str:
    """Make one attempt at a due delivery, record it, and schedule the next on failure.

    The attempt is claimed with one conditional UPDATE that pushes `next_attempt_at` a lease
    ahead, so two workers never send it at once and no transaction stays open during the POST.
    A worker that dies mid-attempt leaves the lease to expire and the sweeper sends it again:
    delivery is at least once, and receivers deduplicate on the X-Verifier-Delivery header.
    """
    from citations.tasks import deliver_webhook  # tasks import this module

    now = now or timezone.now()
    claimed = WebhookDelivery.objects.filter(
        pk=delivery_id, status=WebhookDelivery.Status.PENDING, next_attempt_at__lte=now
    ).update(next_attempt_at=now + webhooks.LEASE)
    delivery = WebhookDelivery.objects.select_related("client").get(pk=delivery_id)
    if not claimed:
        return delivery.status
    result = webhooks.post(
        url=delivery.url,
        secret=delivery.client.webhook_secret,
        event=delivery.event,
        delivery_id=delivery.pk,
        payload=delivery.payload,
    )
    now = timezone.now()
    attempts = delivery.attempts + 1
    changes = {"attempts": attempts, "next_attempt_at": None}
    if result.ok:
        changes.update(status=WebhookDelivery.Status.DELIVERED, delivered_at=now)
    elif result.permanent or attempts >= webhooks.MAX_ATTEMPTS:
        changes.update(status=WebhookDelivery.Status.FAILED)
    else:
        changes.update(next_attempt_at=now + webhooks.BACKOFF[attempts - 1])
    with transaction.atomic():
        WebhookAttempt.objects.create(
            delivery=delivery,
            status_code=result.status_code,
            error=result.error,
            duration_ms=result.duration_ms,
        )
        WebhookDelivery.objects.filter(pk=delivery.pk).update(**changes)

    retry_at = changes["next_attempt_at"]
    if retry_at and deliver_webhook.get_backend().supports_defer:
        deliver_webhook.using(run_after=retry_at).enqueue(delivery.pk)
    return changes.get("status", WebhookDelivery.Status.PENDING)


def webhooks_deliver_due(*, now=None) -> int:
    """Attempt every pending delivery whose time has come; returns how many were attempted.

    Retries on a backend that cannot defer tasks, and anything a crashed worker left behind,
    are sent from here (`manage.py deliver_webhooks`, e.g. every minute from cron).
    """
    now = now or timezone.now()
    due = WebhookDelivery.objects.filter(
        status=WebhookDelivery.Status.PENDING, next_attempt_at__lte=now
    ).values_list("pk", flat=True)
    ids = list(due)
    for delivery_id in ids:
        webhook_attempt(delivery_id=delivery_id, now=now)
    return len(ids)


def answers_seed(*, client: ApiClient, templates: list[dict], count: int, batch: int = 2000) -> int:
    """Bulk-store `count` answers cycling through `templates` ({text, evidence, question}).

    For benchmarks and load tests: each template is verified once by the engine and its report
    reused, so 100,000 answers take seconds rather than an engine run each.
    """
    prepared = []
    for template in templates:
        evidence = normalise_evidence(template["evidence"])
        report = run_engine(text=template["text"], evidence=evidence, citation_style="auto")
        report = report.to_dict()
        summary = summary_fields(report, review_state(report, 0, []))
        prepared.append((template, evidence, report, summary))
    made = 0
    while made < count:
        size = min(batch, count - made)
        with transaction.atomic():
            rows = [prepared[(made + i) % len(prepared)] for i in range(size)]
            answers = Answer.objects.bulk_create(
                Answer(
                    client=client,
                    request_digest="seed",
                    question=template.get("question", ""),
                    text=template["text"],
                    **summary,
                )
                for template, _, _, summary in rows
            )
            Evidence.objects.bulk_create(
                row
                for answer, (_, evidence, _, _) in zip(answers, rows, strict=True)
                for row in evidence_rows(answer, evidence)
            )
            verifications = Verification.objects.bulk_create(
                Verification(
                    answer=answer,
                    engine_version=report["engine"],
                    threshold=settings.CITATIONS_THRESHOLD,
                    report=report,
                )
                for answer, (_, _, report, _) in zip(answers, rows, strict=True)
            )
            UnresolvedCitation.objects.bulk_create(
                row
                for answer, verification, (_, evidence, _, _) in zip(
                    answers, verifications, rows, strict=True
                )
                for row in unresolved_rows(
                    answer=answer, verification=verification, evidence_count=len(evidence)
                )
            )
        made += size
    return made


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
        root = previous.original_id or previous.pk
        newer = Answer.objects.filter(Q(pk=root) | Q(original_id=root), is_current=True)
        raise RevisionError(
            f"answer {previous.pk} has been revised already; revise the current revision "
            f"({newer.values_list('pk', flat=True).first()})"
        )
    if evidence is None:
        evidence = [item.as_engine_input() for item in previous.evidence.all()]
    evidence = normalise_evidence(evidence)
    report = run_engine(
        text=text, evidence=evidence, citation_style=previous.citation_style
    ).to_dict()
    old = previous.verifications.latest()

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
    Answer.objects.filter(pk=previous.pk).update(is_current=False, claimed_by=None)
    _refresh_summary(answer=revision, verification=verification)
    return revision


def _carried_decisions(
    *, previous: Answer, old: Verification, revision: Answer, verification: Verification
) -> list[Decision]:
    in_force = review_state(old.report, old.pk, list(previous.decisions.all())).in_force
    by_text = {}
    for sentence in verification.report["sentences"]:
        if sentence["status"] in ("unsupported", "uncited"):
            by_text.setdefault(sentence["text"], sentence)
    carried = []
    for decision in in_force.values():
        sentence = by_text.get(decision.sentence_text)
        if sentence is None:
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
                reviewer_id=decision.reviewer_id,
                carried_from=decision,
            )
        )
    return carried
