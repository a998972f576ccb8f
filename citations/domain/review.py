"""How an answer's review status follows from its report and the decisions appended to it.

Pure functions over plain data, so the service that records a decision and the one that
re-verifies an answer derive the status the same way.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from citations.domain.statuses import (
    FLAGGED_STATUSES,
    DecisionAction,
    ReviewStatus,
    SentenceStatus,
)
from citations.engine import ReportDict, SentenceDict


class DecisionLike(Protocol):
    id: int
    verification_id: int
    sentence_start: int | None
    sentence_text: str
    action: str
    created_at: datetime


# What a decision on the whole answer makes of it.
ANSWER_DECISION_STATUS: dict[str, ReviewStatus] = {
    DecisionAction.APPROVE: ReviewStatus.APPROVED,
    DecisionAction.REJECT: ReviewStatus.REJECTED,
    DecisionAction.RETURN: ReviewStatus.RETURNED,
}


@dataclass(frozen=True)
class ReviewState:
    status: str
    flagged: int
    decided: int
    completed_at: datetime | None
    # sentence index -> the decision in force for it
    in_force: dict[int, DecisionLike] = field(default_factory=dict)
    answer_decision: DecisionLike | None = None
    # Ids of the decisions an undo took back (the history marks them).
    undone: frozenset[int] = frozenset()


def flagged_sentences(report: ReportDict) -> list[SentenceDict]:
    return [s for s in report["sentences"] if s["status"] in FLAGGED_STATUSES]


def review_state(
    report: ReportDict, verification_id: int, decisions: Iterable[DecisionLike]
) -> ReviewState:
    """Derive the review status; `decisions` in the order they were made (oldest first).

    A sentence decision stays attached to the sentence with the same start and text, so it
    carries over a re-verification that leaves the sentence as it was. A decision about the
    whole answer holds only for the verification it was made on.
    """
    flagged = flagged_sentences(report)
    by_target = {(s["start"], s["text"]): s["index"] for s in flagged}
    # Each target's decisions as a stack: an undo pops the newest, so the one before it
    # (or none) is in force again.
    stacks: dict[int | None, list[DecisionLike]] = {}
    undone: set[int] = set()
    for decision in decisions:
        if decision.sentence_start is None:
            if decision.verification_id != verification_id:
                continue
            index = None
        else:
            index = by_target.get((decision.sentence_start, decision.sentence_text))
            if index is None:
                continue
        stack = stacks.setdefault(index, [])
        if decision.action == DecisionAction.UNDO:
            if stack:
                undone.add(stack.pop().id)
        else:
            stack.append(decision)
    in_force = {index: stack[-1] for index, stack in stacks.items() if index is not None and stack}
    answer_decision = stacks[None][-1] if stacks.get(None) else None
    taken_back = frozenset(undone)

    latest_sentence = max((d.created_at for d in in_force.values()), default=None)
    if answer_decision and (
        latest_sentence is None or answer_decision.created_at >= latest_sentence
    ):
        status = ANSWER_DECISION_STATUS[answer_decision.action]
        return ReviewState(
            status,
            len(flagged),
            len(in_force),
            answer_decision.created_at,
            in_force,
            answer_decision,
            taken_back,
        )
    if not flagged:
        return ReviewState(ReviewStatus.CLEAN, 0, 0, None, in_force, undone=taken_back)
    if len(in_force) < len(flagged):
        return ReviewState(
            ReviewStatus.NEEDS_REVIEW,
            len(flagged),
            len(in_force),
            None,
            in_force,
            undone=taken_back,
        )
    rejected = any(d.action != DecisionAction.APPROVE for d in in_force.values())
    return ReviewState(
        ReviewStatus.REJECTED if rejected else ReviewStatus.APPROVED,
        len(flagged),
        len(in_force),
        latest_sentence,
        in_force,
        undone=taken_back,
    )


def undo_target(
    state: ReviewState, decisions: Sequence, reviewer_id: int
) -> tuple[DecisionLike, int | None] | None:
    """What an undo by `reviewer_id` takes back: their newest decision still in force, with
    the sentence index it is about (None for the whole answer); None when they have none.

    A decision somebody has since overruled is no longer theirs to take back.
    """
    in_force: dict[int, int | None] = {d.id: index for index, d in state.in_force.items()}
    if state.answer_decision is not None:
        in_force[state.answer_decision.id] = None
    for decision in reversed(decisions):
        if (
            decision.reviewer_id == reviewer_id
            and decision.action != DecisionAction.UNDO
            and decision.id in in_force
        ):
            return decision, in_force[decision.id]
    return None


def severity(counts: dict[str, int]) -> int:
    if counts[SentenceStatus.UNSUPPORTED]:
        return 2
    return 1 if counts[SentenceStatus.UNCITED] else 0


CITED_STATUSES = (SentenceStatus.VERIFIED, SentenceStatus.UNSUPPORTED)


def weakest_support(report: ReportDict) -> float | None:
    """The lowest support score of the report's cited sentences, None when none cites or the
    report predates the score (engine 1.x: `reverify` brings it up).

    A cited sentence the verdict refuses whatever its score counts 0: a citation that points
    nowhere or cannot be read (no score), a number its passages do not state or a passage
    saying otherwise (`decided_by`, engine 3.1). Its score may reach the cut, and shown as
    the weakest support it would read as passed and sort after answers that merely scored low.
    """
    cited = [s for s in report["sentences"] if s["status"] in CITED_STATUSES]
    if not cited or "support" not in cited[0]:
        return None
    return min(_ground(s) for s in cited)


def _ground(sentence: SentenceDict) -> float:
    if (sentence.get("decided_by") or "support") != "support":
        return 0.0
    return sentence["support"] or 0.0


def is_legal(report: ReportDict) -> bool:
    """Editors decide an answer holding a legal citation, whatever citation style was asked for:
    engine 2.1 says so in `legal`; older reports only list the legal citations they checked."""
    if "legal" in report:
        return report["legal"]
    return any(c["style"] == "legal" for s in report["sentences"] for c in s["citations"])


def summary_fields(report: ReportDict, state: ReviewState) -> dict:
    """The Answer columns that mirror the newest verification and review."""
    counts = report["counts"]
    return {
        "is_legal": is_legal(report),
        "passed": report["passed"],
        "validation_rate": report["validation_rate"],
        "verified_count": counts[SentenceStatus.VERIFIED],
        "unsupported_count": counts[SentenceStatus.UNSUPPORTED],
        "uncited_count": counts[SentenceStatus.UNCITED],
        "neutral_count": counts[SentenceStatus.NEUTRAL],
        "severity": severity(counts),
        "min_support": weakest_support(report),
        "review_status": state.status,
        "flagged_count": state.flagged,
        "decided_count": state.decided,
        "review_completed_at": state.completed_at,
    }


def sentence_at(report: ReportDict, index: int) -> SentenceDict | None:
    sentences = report["sentences"]
    return sentences[index] if 0 <= index < len(sentences) else None
