"""Corrections are new revisions: verified on save, the original kept, decisions carried."""

import pytest

from citations.domain.diff import sentence_diff
from citations.models import Answer
from citations.services import RevisionError, answer_revise, decision_record
from tests.factories import FIXED, WRONG, UserFactory, make_answer

UNCITED = "Managers may also grant extra days of leave at their discretion."


@pytest.mark.django_db
def test_a_revision_is_verified_and_the_original_is_unchanged():
    original = make_answer(text=f"{WRONG} {UNCITED}")
    editor = UserFactory(groups=["editor"])

    revision = answer_revise(
        answer=original,
        text=f"{FIXED} {UNCITED}",
        revised_by=editor,
        note="corrected the number of days",
    )

    original.refresh_from_db()
    assert original.text == f"{WRONG} {UNCITED}"
    assert original.is_current is False
    assert original.verifications.count() == 1
    assert (revision.revision, revision.previous, revision.original) == (2, original, original)
    assert revision.is_current and revision.revised_by == editor
    assert revision.verified_count == 1 and revision.unsupported_count == 0
    assert [e.text for e in revision.evidence.all()] == [e.text for e in original.evidence.all()]


@pytest.mark.django_db
def test_decisions_on_unchanged_sentences_carry_over_and_the_rest_go_to_review():
    original = make_answer(text=f"{WRONG} {UNCITED}")
    reviewer = UserFactory(groups=["reviewer"])
    decision_record(answer=original, reviewer=reviewer, action="reject", sentence_index=0)
    kept = decision_record(
        answer=original, reviewer=reviewer, action="approve", sentence_index=1
    ).decision

    # The uncited sentence moves (new text before it) but is unchanged: its decision carries.
    revision = answer_revise(
        answer=original,
        text=f"{FIXED} Another claim sentence with no citation at all here. {UNCITED}",
    )

    carried = revision.decisions.get()
    assert carried.carried_from == kept
    assert carried.sentence_text == UNCITED
    assert carried.action == "approve"
    report = revision.verifications.latest().report
    assert report["sentences"][carried.sentence_index]["text"] == UNCITED
    assert (revision.flagged_count, revision.decided_count) == (2, 1)
    assert revision.review_status == "needs_review"


@pytest.mark.django_db
def test_new_evidence_can_come_with_a_revision_and_only_the_current_one_is_revisable():
    original = make_answer(text=WRONG)
    revision = answer_revise(
        answer=original, text=WRONG, evidence=[{"text": "Employees get 45 days of paid leave."}]
    )
    assert revision.passed
    assert revision.evidence.count() == 1
    with pytest.raises(RevisionError, match=f"revise the current revision \\({revision.pk}\\)"):
        answer_revise(answer=original, text=FIXED)
    third = answer_revise(answer=revision, text=FIXED)
    assert (third.revision, third.original, third.previous) == (3, original, revision)
    assert list(Answer.objects.filter(is_current=True)) == [third]


def report(*texts):
    return {"sentences": [{"index": i, "text": t} for i, t in enumerate(texts)]}


def test_sentence_diff_marks_removed_added_and_unchanged_sentences():
    rows = sentence_diff(report("A.", "B.", "C."), report("A.", "B2.", "C.", "D."))
    assert [(r.kind, (r.old or r.new)["text"]) for r in rows] == [
        ("same", "A."),
        ("removed", "B."),
        ("added", "B2."),
        ("same", "C."),
        ("added", "D."),
    ]


LABOUR_LAW_LEAVE = {
    "text": "Every employee is entitled to paid annual leave of 30 calendar days.",
    "title": "Annual leave",
    "law": "Labour Law",
    "article": "30",
}
LEGAL_SENTENCE = (
    "Every employee gets 30 calendar days of paid annual leave [Labour Law, Article 30]."
)


@pytest.mark.parametrize(("role", "carried"), [("reviewer", False), ("editor", True)])
@pytest.mark.django_db
def test_a_decision_carries_to_a_legal_revision_only_when_its_reviewer_may_decide_it(role, carried):
    original = make_answer(text=f"{FIXED} {UNCITED}")
    assert not original.is_legal
    decision_record(
        answer=original, reviewer=UserFactory(groups=[role]), action="approve", sentence_index=1
    )

    # The client's revision cites a law: the answer becomes legal, the uncited sentence stays.
    revision = answer_revise(
        answer=original,
        text=f"{LEGAL_SENTENCE} {UNCITED}",
        evidence=[LABOUR_LAW_LEAVE],
    )

    assert revision.is_legal
    assert revision.decisions.exists() is carried
    expected = ("approved", 1) if carried else ("needs_review", 0)
    assert (revision.review_status, revision.decided_count) == expected


@pytest.mark.django_db
def test_a_carried_rejection_keeps_its_reason_and_note():
    original = make_answer(text=f"{WRONG} {UNCITED}")
    reviewer = UserFactory(groups=["reviewer"])
    decision_record(
        answer=original,
        reviewer=reviewer,
        action="reject",
        sentence_index=1,
        reject_reason="other",
        note="no source says this",
    )

    revision = answer_revise(answer=original, text=f"{FIXED} {UNCITED}")

    carried = revision.decisions.get()
    assert (carried.action, carried.reject_reason, carried.note) == (
        "reject",
        "other",
        "no source says this",
    )
