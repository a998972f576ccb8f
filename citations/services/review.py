"""Reviewers' work on an answer: decisions (appended, never changed) and claims.

The answer row is locked before a decision is recorded, so concurrent reviewers are serialised
and the review summary on the answer always follows from every decision made.
"""

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from citations.domain.review import review_state, sentence_at, summary_fields, undo_target
from citations.domain.statuses import (
    COMPLETED_STATUSES,
    FLAGGED_STATUSES,
    RejectReason,
    ReviewStatus,
)
from citations.engine import ReportDict
from citations.models import Answer, Decision, DecisionAction, Verification
from citations.roles import may
from citations.services.rollups import rollup_answer_change, rollup_decisions
from citations.services.webhooks import webhook_enqueue


class DecisionError(Exception):
    """A decision that cannot be recorded (the sentence is not flagged or does not exist, a
    reason that does not fit, nothing to undo)."""


class DecisionConflict(DecisionError):
    """Somebody else's decision is in force that the reviewer did not see: nothing stored. The
    reviewer confirms by sending again with `current` as the decision they replace."""

    def __init__(self, current: Decision):
        super().__init__(f"decision {current.pk} by somebody else is in force")
        self.current = current


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
    reject_reason: str = "",
    guard: bool = False,
) -> DecisionOutcome:
    """Append a reviewer's decision on one flagged sentence, or on the whole answer.

    The answer row is locked first, so two reviewers deciding at once are serialised: both
    decisions are kept, the later one is in force, and the later reviewer learns what the
    earlier one did if it was not what their page showed. `reject_reason` (a `RejectReason`)
    goes with a rejection only; "other" needs a note saying what.

    `guard` (the dashboard's forms): `seen_decision_id` is the decision the reviewer's page
    showed in force (None: none). When somebody else's is in force instead, nothing is stored
    and DecisionConflict names it, so a decision never silently overrules one its reviewer did
    not see. A decision replacing somebody else's records it in `overrules`.
    """
    if action not in DecisionAction.values or action == DecisionAction.UNDO:
        # An undo names no target of its own: `decision_undo` finds it.
        raise DecisionError(f"unknown action {action!r}")
    _check_reason(action, reject_reason, note)
    answer, verification, decisions, before = _locked_review(answer)
    report: ReportDict = verification.report
    if before.status == ReviewStatus.RETURNED and not may(reviewer, "return_answer"):
        # Any later decision would take over from the return: only whoever may decide the
        # return (an editor) may overrule it.
        raise DecisionError(
            "An editor sent it back to its generator: only an editor can reopen or decide it now."
        )

    if sentence_index is None:
        start, text, current = None, "", before.answer_decision
    else:
        sentence = sentence_at(report, sentence_index)
        if sentence is None or sentence["status"] not in FLAGGED_STATUSES:
            raise DecisionError(f"sentence {sentence_index} is not a flagged sentence")
        if action == DecisionAction.RETURN:
            raise DecisionError("only a whole answer can be sent back to its generator")
        start, text = sentence["start"], sentence["text"]
        current = before.in_force.get(sentence_index)

    theirs = current is not None and current.reviewer_id != reviewer.pk
    if guard and theirs and current.pk != seen_decision_id:
        raise DecisionConflict(current)
    if _repeats(current, reviewer=reviewer, action=action, reject_reason=reject_reason, note=note):
        # A double-pressed key, or the same choice sent again: nothing new to record (and an
        # undo afterwards takes back the decision, not one of its copies).
        return DecisionOutcome(decision=current, superseded=None)

    decision = _append(
        answer,
        verification,
        decisions,
        before,
        sentence_index=sentence_index,
        sentence_start=start,
        sentence_text=text,
        action=action,
        note=note,
        reject_reason=reject_reason,
        reviewer=reviewer,
        overrules=current if theirs else None,
    )
    superseded = current if current is not None and current.pk != seen_decision_id else None
    return DecisionOutcome(decision=decision, superseded=superseded)


def _repeats(current, *, reviewer, action: str, reject_reason: str, note: str) -> bool:
    """Whether `current`, the decision in force, is this reviewer's same choice with no note."""
    return (
        current is not None
        and current.reviewer_id == reviewer.pk
        and current.action == action
        and current.reject_reason == reject_reason
        and not note
    )


@dataclass(frozen=True)
class UndoOutcome:
    decision: Decision  # the undo appended
    undone: Decision  # the reviewer's decision it took back


@transaction.atomic
def decision_undo(*, answer: Answer, reviewer) -> UndoOutcome:
    """Take back `reviewer`'s newest decision on this answer that is still in force.

    Appends an undo for that decision's target (a sentence, or the whole answer): the decision
    in force before it, or none, holds again, and the history keeps all three. A decision
    somebody else has since overruled is not theirs to take back, so an older one of theirs
    may be; with none in force, DecisionError.
    """
    answer, verification, decisions, before = _locked_review(answer)
    found = undo_target(before, decisions, reviewer.pk)
    if found is None:
        raise DecisionError("you have no decision in force on this answer to undo")
    target, index = found
    decision = _append(
        answer,
        verification,
        decisions,
        before,
        sentence_index=index,
        sentence_start=target.sentence_start,
        sentence_text=target.sentence_text,
        action=DecisionAction.UNDO,
        note="",
        reject_reason="",
        reviewer=reviewer,
        undoes=target,
    )
    return UndoOutcome(decision=decision, undone=target)


def _check_reason(action: str, reason: str, note: str) -> None:
    if not reason:
        return
    if action != DecisionAction.REJECT:
        raise DecisionError("a reason goes with a rejection only")
    if reason not in RejectReason.values:
        raise DecisionError(f"unknown reason {reason!r}")
    if reason == RejectReason.OTHER and not note.strip():
        raise DecisionError("say in the note what is wrong: “other” needs a note")


def _locked_review(answer: Answer):
    """The answer row locked, its newest verification, its decisions and the review state."""
    answer = Answer.objects.select_for_update().get(pk=answer.pk)
    verification = answer.verifications.latest()
    decisions = list(answer.decisions.all())
    return (
        answer,
        verification,
        decisions,
        review_state(verification.report, verification.pk, decisions),
    )


def _append(answer, verification, decisions, before, **fields) -> Decision:
    """Store one decision, bring the answer's review summary up to date, and tell the
    generator when that completed the review, or reopened one it had been told was complete
    (an undo, or a sentence decision after a whole-answer one)."""
    decision = Decision.objects.create(answer=answer, verification=verification, **fields)
    rollup_decisions(answer=answer, before=decisions, after=[*decisions, decision])
    summary_refresh(answer=answer, verification=verification, decisions=[*decisions, decision])
    if answer.review_status != before.status:
        if answer.review_status in COMPLETED_STATUSES:
            webhook_enqueue(answer=answer, event="answer.review_completed")
        elif before.status in COMPLETED_STATUSES:
            webhook_enqueue(answer=answer, event="answer.reopened")
    return decision


def summary_refresh(
    *, answer: Answer, verification: Verification, decisions: list[Decision] | None = None
) -> None:
    if decisions is None:
        decisions = list(answer.decisions.all())
    state = review_state(verification.report, verification.pk, decisions)
    fields = summary_fields(verification.report, state)
    if state.status in COMPLETED_STATUSES:
        # A finished review frees the answer (a constraint holds every writer to it).
        fields |= {"claimed_by": None, "claimed_at": None}
    rollup_answer_change(answer=answer, fields=fields)
    for name, value in fields.items():
        setattr(answer, name, value)
    answer.save(update_fields=list(fields))


def answer_claim(*, answer: Answer, user) -> bool:
    """Claim the answer for `user` unless someone else holds a live claim; True when held.
    A completed or superseded answer is never claimed: there is nothing left to review on it.

    One conditional UPDATE, so two reviewers opening the same answer cannot both win.
    """
    now = timezone.now()
    claimable = (
        Answer.objects.claimable_by(user, now=now)
        .filter(pk=answer.pk, is_current=True)
        .exclude(review_status__in=COMPLETED_STATUSES)
    )
    updated = claimable.update(claimed_by=user, claimed_at=now)
    return bool(updated)


def answer_release(*, answer: Answer, user) -> None:
    Answer.objects.filter(pk=answer.pk, claimed_by=user).update(claimed_by=None, claimed_at=None)


def claims_release_all(*, user) -> int:
    """Release every claim `user` holds (on logging out, or from their list of claims)."""
    return Answer.objects.filter(claimed_by=user).update(claimed_by=None, claimed_at=None)
