"""The review status derived from a report and the decisions appended to it."""

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from citations.domain.review import review_state, severity, weakest_support

T0 = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass
class FakeDecision:
    id: int
    verification_id: int
    sentence_start: int | None
    sentence_text: str
    action: str
    created_at: datetime


def report(*statuses: str) -> dict:
    sentences = [
        {"index": i, "start": i * 10, "text": f"sentence {i}", "status": status}
        for i, status in enumerate(statuses)
    ]
    return {"sentences": sentences}


def decide(n: int, index: int | None, action: str, *, verification: int = 1, text=None):
    start = None if index is None else index * 10
    return FakeDecision(
        n,
        verification,
        start,
        text or ("" if index is None else f"sentence {index}"),
        action,
        T0 + timedelta(minutes=n),
    )


def test_nothing_flagged_is_clean():
    state = review_state(report("verified", "neutral"), 1, [])
    assert (state.status, state.flagged, state.decided) == ("clean", 0, 0)


def test_flagged_and_undecided_needs_review():
    state = review_state(report("verified", "unsupported", "uncited"), 1, [decide(1, 1, "approve")])
    assert (state.status, state.flagged, state.decided) == ("needs_review", 2, 1)
    assert state.completed_at is None


def test_all_approved_is_approved_at_the_last_decision():
    decisions = [decide(1, 1, "approve"), decide(2, 2, "approve")]
    state = review_state(report("verified", "unsupported", "uncited"), 1, decisions)
    assert state.status == "approved"
    assert state.completed_at == T0 + timedelta(minutes=2)


def test_one_rejection_rejects_the_answer():
    decisions = [decide(1, 1, "reject"), decide(2, 2, "approve")]
    assert review_state(report("verified", "unsupported", "uncited"), 1, decisions).status == (
        "rejected"
    )


def test_the_latest_decision_on_a_sentence_is_in_force():
    decisions = [decide(1, 0, "reject"), decide(2, 0, "approve")]
    state = review_state(report("unsupported"), 1, decisions)
    assert state.status == "approved"
    assert state.in_force[0].id == 2


def test_a_decision_on_a_changed_sentence_lapses():
    stale = decide(1, 0, "approve", text="the sentence as it was before")
    assert review_state(report("unsupported"), 1, [stale]).status == "needs_review"


def test_a_whole_answer_decision_overrides_earlier_sentence_decisions():
    decisions = [decide(1, 0, "reject"), decide(2, None, "approve")]
    state = review_state(report("unsupported", "uncited"), 1, decisions)
    assert state.status == "approved"
    assert state.answer_decision.id == 2


def test_a_whole_answer_decision_holds_only_for_its_verification():
    state = review_state(report("unsupported"), 2, [decide(1, None, "approve", verification=1)])
    assert state.status == "needs_review"


def test_returning_an_answer_ends_as_its_own_status():
    assert review_state(report("unsupported"), 1, [decide(1, None, "return")]).status == "returned"


def test_severity_ranks_unsupported_over_uncited():
    assert severity({"unsupported": 1, "uncited": 5}) == 2
    assert severity({"unsupported": 0, "uncited": 1}) == 1
    assert severity({"unsupported": 0, "uncited": 0}) == 0


def _sentence(status: str, support: float | None) -> dict:
    return {"status": status, "support": support}


def test_weakest_support_counts_cited_sentences_and_a_citation_to_nowhere_as_zero():
    assert weakest_support({"sentences": [_sentence("verified", 0.8)]}) == 0.8
    sentences = [_sentence("verified", 0.8), _sentence("unsupported", 0.3)]
    assert weakest_support({"sentences": sentences}) == 0.3
    # An unresolved or malformed citation leaves the sentence without a score.
    assert weakest_support({"sentences": [*sentences, _sentence("unsupported", None)]}) == 0.0
    # Uncited and neutral sentences have no score and do not count.
    assert weakest_support({"sentences": [_sentence("uncited", None)]}) is None
    # A report of engine 1.x has no scores at all.
    assert weakest_support({"sentences": [{"status": "verified"}]}) is None


def test_undo_puts_the_earlier_decision_back_in_force():
    decisions = [decide(1, 1, "approve"), decide(2, 1, "reject"), decide(3, 1, "undo")]
    state = review_state(report("verified", "unsupported"), 1, decisions)
    assert state.status == "approved"
    assert state.in_force[1].id == 1


def test_undo_of_the_only_decision_leaves_the_sentence_undecided():
    decisions = [decide(1, 1, "reject"), decide(2, 1, "undo")]
    state = review_state(report("verified", "unsupported"), 1, decisions)
    assert (state.status, state.decided, state.in_force) == ("needs_review", 0, {})


def test_undo_with_nothing_to_take_back_changes_nothing():
    decisions = [decide(1, 1, "undo"), decide(2, 1, "approve")]
    state = review_state(report("verified", "unsupported"), 1, decisions)
    assert state.status == "approved"


def test_undo_of_an_answer_decision_reopens_the_review():
    decisions = [decide(1, None, "return"), decide(2, None, "undo")]
    state = review_state(report("verified", "unsupported"), 1, decisions)
    assert (state.status, state.answer_decision) == ("needs_review", None)


def _decided(status: str, support: float, decided_by: str) -> dict:
    return {**_sentence(status, support), "decided_by": decided_by}


def test_a_sentence_refused_whatever_its_score_counts_zero_in_the_weakest_support():
    # "weakest support 0.60 · 2 unsupported": a number or a passage saying otherwise refuses a
    # sentence whose score reaches the cut; shown as 0.60 it read as passed and sorted late.
    verified = _decided("verified", 0.9, "support")
    for veto in ("number", "contradiction"):
        report = {"sentences": [verified, _decided("unsupported", 0.6, veto)]}
        assert weakest_support(report) == 0.0
    low = {"sentences": [verified, _decided("unsupported", 0.3, "support")]}
    assert weakest_support(low) == 0.3
    # A report from before `decided_by` (engine 3.0) keeps its score: reverify brings it over.
    assert weakest_support({"sentences": [verified, _sentence("unsupported", 0.6)]}) == 0.6
