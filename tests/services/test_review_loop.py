"""Decisions in the review loop: a rejection's reason, and undoing one's own last decision."""

import pytest
from django.db import IntegrityError, transaction

from citations.models import Decision, WebhookDelivery
from citations.services import DecisionError, decision_record, decision_undo
from tests.factories import ApiClientFactory, UserFactory, make_answer

pytestmark = pytest.mark.django_db

# s0 verified, s1 unsupported (200 percent; passage [2] says 150), s2 uncited.
TEXT = (
    "Employees get 30 days of paid annual leave [1]. Overtime pays 200 percent [2]. "
    "The manager must approve every request in writing before the leave starts."
)


@pytest.fixture
def answer():
    return make_answer(text=TEXT)


@pytest.fixture
def rita():
    return UserFactory(username="rita", groups=["reviewer"])


@pytest.fixture
def otto():
    return UserFactory(username="otto", groups=["reviewer"])


def decide(answer, reviewer, action, sentence=None, **kwargs):
    return decision_record(
        answer=answer, reviewer=reviewer, action=action, sentence_index=sentence, **kwargs
    ).decision


def test_a_rejection_stores_its_reason(answer, rita):
    decision = decide(answer, rita, "reject", 1, reject_reason="wrong_number")
    decision.refresh_from_db()
    assert decision.reject_reason == "wrong_number"


@pytest.mark.parametrize(
    ("action", "reason", "note", "message"),
    [
        ("approve", "wrong_number", "", "goes with a rejection only"),
        ("reject", "made_up", "", "unknown reason"),
        ("reject", "other", "  ", "needs a note"),
        ("undo", "", "", "unknown action"),
    ],
)
def test_a_reason_that_does_not_fit_is_refused(answer, rita, action, reason, note, message):
    with pytest.raises(DecisionError, match=message):
        decide(answer, rita, action, 1, reject_reason=reason, note=note)
    assert not Decision.objects.exists()


def test_other_with_a_note_is_stored(answer, rita):
    decision = decide(answer, rita, "reject", 2, reject_reason="other", note="cites a memo")
    assert (decision.reject_reason, decision.note) == ("other", "cites a memo")


def test_undo_takes_back_the_newest_decision_and_the_one_before_holds_again(answer, rita):
    decide(answer, rita, "approve", 1)
    decide(answer, rita, "reject", 1, reject_reason="wrong_number")
    outcome = decision_undo(answer=answer, reviewer=rita)
    assert outcome.undone.action == "reject"
    undo = outcome.decision
    assert (undo.action, undo.sentence_index, undo.reject_reason) == ("undo", 1, "")
    assert undo.sentence_start == outcome.undone.sentence_start
    assert undo.undoes == outcome.undone  # named, so metrics can leave both out
    answer.refresh_from_db()
    assert (answer.decided_count, answer.review_status) == (1, "needs_review")
    # Undo again: the approval goes too, nothing is in force.
    decision_undo(answer=answer, reviewer=rita)
    answer.refresh_from_db()
    assert answer.decided_count == 0
    with pytest.raises(DecisionError, match="no decision in force"):
        decision_undo(answer=answer, reviewer=rita)
    assert Decision.objects.filter(action="undo").count() == 2


def test_undo_reopens_a_completed_answer(answer, rita):
    decide(answer, rita, "approve", 1)
    decide(answer, rita, "reject", 2, reject_reason="not_in_evidence")
    answer.refresh_from_db()
    assert answer.review_status == "rejected" and answer.review_completed_at is not None
    outcome = decision_undo(answer=answer, reviewer=rita)
    assert outcome.undone.sentence_index == 2
    answer.refresh_from_db()
    assert answer.review_status == "needs_review" and answer.review_completed_at is None


def test_undo_takes_back_a_whole_answer_decision(answer, rita):
    decide(answer, rita, "approve", 1)
    decide(answer, rita, "reject", None, note="no", reject_reason="fabricated_citation")
    outcome = decision_undo(answer=answer, reviewer=rita)
    assert outcome.undone.sentence_index is None and outcome.decision.sentence_start is None
    answer.refresh_from_db()
    assert answer.review_status == "needs_review"


def test_a_decision_somebody_overruled_is_not_undone_an_older_one_in_force_is(answer, rita, otto):
    decide(answer, rita, "approve", 2)
    decide(answer, rita, "reject", 1, reject_reason="wrong_number")
    decide(answer, otto, "approve", 1)  # otto overrules rita on sentence 1
    outcome = decision_undo(answer=answer, reviewer=rita)
    assert (outcome.undone.sentence_index, outcome.undone.action) == (2, "approve")
    answer.refresh_from_db()
    # otto's approval of sentence 1 stands; sentence 2 is open again.
    assert (answer.decided_count, answer.review_status) == (1, "needs_review")


def test_nothing_to_undo_for_another_reviewer(answer, rita, otto):
    decide(answer, rita, "approve", 1)
    with pytest.raises(DecisionError):
        decision_undo(answer=answer, reviewer=otto)
    assert not Decision.objects.filter(action="undo").exists()


def test_an_undo_that_completes_the_review_tells_the_generator(rita):
    client = ApiClientFactory(webhook_url="https://example.com/hook")
    answer = make_answer(client=client, text=TEXT)
    decide(answer, rita, "approve", None, note="fine")
    decide(answer, rita, "reject", 1, reject_reason="wrong_source")
    before = WebhookDelivery.objects.count()
    decision_undo(answer=answer, reviewer=rita)  # the whole-answer approval holds again
    answer.refresh_from_db()
    assert answer.review_status == "approved"
    assert WebhookDelivery.objects.count() == before + 1


def test_the_same_choice_again_records_nothing_and_undo_takes_back_the_decision(answer, rita):
    first = decide(answer, rita, "approve", 1)
    again = decide(answer, rita, "approve", 1)
    assert again.pk == first.pk
    assert Decision.objects.filter(answer=answer).count() == 1
    decision_undo(answer=answer, reviewer=rita)
    answer.refresh_from_db()
    assert answer.decided_count == 0


def test_a_changed_reason_a_note_or_another_reviewer_is_recorded(answer, rita, otto):
    decide(answer, rita, "reject", 1, reject_reason="wrong_number")
    decide(answer, rita, "reject", 1, reject_reason="wrong_source")
    decide(answer, rita, "reject", 1, reject_reason="wrong_source", note="passage [2] fits")
    decide(answer, otto, "reject", 1, reject_reason="wrong_source")
    assert Decision.objects.filter(answer=answer).count() == 4


def test_the_database_refuses_an_undo_that_names_nothing_and_a_decision_that_undoes(answer, rita):
    approval = decide(answer, rita, "approve", 1)
    fields = {
        "answer": answer,
        "verification": approval.verification,
        "reviewer": rita,
        "sentence_index": 1,
        "sentence_start": approval.sentence_start,
        "sentence_text": approval.sentence_text,
    }
    for action, undoes in (("undo", None), ("approve", approval)):
        with pytest.raises(IntegrityError), transaction.atomic():
            Decision.objects.create(action=action, undoes=undoes, **fields)
