"""Optimistic concurrency: a decision replaces only the decision its reviewer saw; overruling
somebody else's is confirmed and recorded, and the overruled person can be told (issue 22)."""

import pytest

from citations.models import Decision
from citations.selectors import overrules_of
from citations.services import DecisionConflict, decision_record, decision_undo
from tests.factories import UserFactory, make_answer
from tests.services.test_concurrency import run_together

TEXT = "Employees get 45 days of paid annual leave [1]."


@pytest.fixture
def people(db):
    return UserFactory(username="rita", groups=["reviewer"]), UserFactory(
        username="edna", groups=["editor"]
    )


@pytest.mark.django_db
def test_a_decision_over_one_its_reviewer_did_not_see_is_a_conflict(people):
    rita, edna = people
    answer = make_answer(text=TEXT)
    theirs = decision_record(answer=answer, reviewer=edna, action="approve", sentence_index=0)
    with pytest.raises(DecisionConflict) as caught:
        decision_record(
            answer=answer,
            reviewer=rita,
            action="reject",
            reject_reason="wrong_number",
            sentence_index=0,
            seen_decision_id=None,
            guard=True,
        )
    assert caught.value.current.pk == theirs.decision.pk
    assert Decision.objects.count() == 1  # nothing stored

    # Confirmed: the form now carries the decision it replaces.
    mine = decision_record(
        answer=answer,
        reviewer=rita,
        action="reject",
        reject_reason="wrong_number",
        sentence_index=0,
        seen_decision_id=theirs.decision.pk,
        guard=True,
    )
    assert mine.decision.overrules_id == theirs.decision.pk
    assert list(overrules_of(user=edna)) == [mine.decision]
    assert list(overrules_of(user=rita)) == []
    assert list(overrules_of(user=edna, after=mine.decision.pk)) == []
    decision_undo(answer=answer, reviewer=rita)  # taken back: no news for edna any more
    assert list(overrules_of(user=edna)) == []


@pytest.mark.django_db
def test_replacing_ones_own_decision_overrules_nobody(people):
    rita, _ = people
    answer = make_answer(text=TEXT)
    first = decision_record(answer=answer, reviewer=rita, action="approve", sentence_index=0)
    second = decision_record(
        answer=answer,
        reviewer=rita,
        action="reject",
        reject_reason="wrong_number",
        sentence_index=0,
        seen_decision_id=None,  # another tab: still hers, so no conflict
        guard=True,
    )
    assert second.decision.overrules_id is None and first.decision.pk != second.decision.pk


@pytest.mark.django_db(transaction=True)
def test_two_guarded_decisions_at_once_store_one_and_refuse_the_other(people):
    rita, edna = people
    answer = make_answer(text=TEXT)

    def decide(user, action):
        def call():
            try:
                return decision_record(
                    answer=answer, reviewer=user, action=action, sentence_index=0, guard=True
                )
            except DecisionConflict as conflict:
                return conflict

        return call

    results = run_together(decide(rita, "approve"), decide(edna, "approve"))
    assert sum(isinstance(r, DecisionConflict) for r in results) == 1
    assert Decision.objects.filter(answer=answer).count() == 1
