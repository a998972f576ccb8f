"""Which decision an undo takes back, and which ones the history marks as taken back."""

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from citations.domain.review import review_state, undo_target

T0 = datetime(2026, 1, 1, tzinfo=UTC)
REPORT = {
    "sentences": [
        {"index": i, "start": i * 10, "text": f"sentence {i}", "status": status}
        for i, status in enumerate(("verified", "unsupported", "uncited"))
    ]
}


@dataclass
class FakeDecision:
    id: int
    reviewer_id: int
    sentence_start: int | None
    sentence_text: str
    action: str
    created_at: datetime
    verification_id: int = 1


def decide(n: int, reviewer: int, index: int | None, action: str) -> FakeDecision:
    start = None if index is None else index * 10
    text = "" if index is None else f"sentence {index}"
    return FakeDecision(n, reviewer, start, text, action, T0 + timedelta(minutes=n))


def target(decisions, reviewer):
    found = undo_target(review_state(REPORT, 1, decisions), decisions, reviewer)
    return None if found is None else (found[0].id, found[1])


def test_the_newest_decision_in_force_by_that_reviewer():
    decisions = [decide(1, 7, 1, "approve"), decide(2, 7, 2, "reject")]
    assert target(decisions, 7) == (2, 2)
    assert target(decisions, 8) is None


def test_undone_and_overruled_decisions_are_skipped():
    decisions = [
        decide(1, 7, 1, "approve"),
        decide(2, 7, 2, "reject"),
        decide(3, 8, 2, "approve"),  # overrules 2
        decide(4, 7, None, "reject"),
        decide(5, 7, None, "undo"),  # takes back 4
    ]
    assert target(decisions, 7) == (1, 1)
    assert target(decisions, 8) == (3, 2)
    assert review_state(REPORT, 1, decisions).undone == {4}


def test_after_an_undo_the_one_below_is_next():
    decisions = [decide(1, 7, 1, "approve"), decide(2, 7, 1, "reject"), decide(3, 7, 1, "undo")]
    state = review_state(REPORT, 1, decisions)
    assert state.in_force[1].id == 1 and state.undone == {2}
    assert target(decisions, 7) == (1, 1)
