"""Assignment and the queue's bulk claim release: who may assign, to whom, all or nothing."""

import pytest
from django.core.exceptions import PermissionDenied

from citations.models import Answer
from citations.roles import may_assign
from citations.services import answer_claim, decision_record
from citations.services.assignment import (
    AssignmentError,
    answer_assign,
    claims_release_selected,
)
from tests.factories import UserFactory, make_answer
from tests.web.conftest import LABOUR_LAW, LEGAL_TEXT

pytestmark = pytest.mark.django_db

UNSUPPORTED = "Employees get 45 days of paid annual leave [1]."


@pytest.fixture
def people(db):
    return {
        "rita": UserFactory(username="rita", groups=["reviewer"]),
        "otto": UserFactory(username="otto", groups=["reviewer"]),
        "edna": UserFactory(username="edna", groups=["editor"]),
        "stan": UserFactory(username="stan", is_staff=True, is_superuser=True),
        "nora": UserFactory(username="nora"),
    }


def assigned(answer):
    answer.refresh_from_db()
    return answer.assigned_to and answer.assigned_to.username


def test_only_editors_and_staff_assign(people):
    assert may_assign(people["edna"]) and may_assign(people["stan"])
    assert not may_assign(people["rita"]) and not may_assign(people["nora"])
    answer = make_answer(text=UNSUPPORTED)
    with pytest.raises(PermissionDenied):
        answer_assign(answers=[answer], assignee=people["otto"], by=people["rita"])
    assert assigned(answer) is None


def test_an_editor_assigns_to_a_reviewer_and_unassigns(people):
    first, second = make_answer(text=UNSUPPORTED), make_answer(text=UNSUPPORTED)
    assert (
        answer_assign(answers=[first, second.pk], assignee=people["rita"], by=people["edna"]) == 2
    )
    assert assigned(first) == assigned(second) == "rita"
    first.refresh_from_db()
    assert first.assigned_at is not None
    assert answer_assign(answers=[first], assignee=None, by=people["edna"]) == 1
    first.refresh_from_db()
    assert first.assigned_to is None and first.assigned_at is None
    assert assigned(second) == "rita"


def test_a_reviewer_is_never_assigned_a_legal_answer_and_nothing_changes(people):
    plain = make_answer(text=UNSUPPORTED)
    legal = make_answer(text=LEGAL_TEXT, evidence=LABOUR_LAW)
    assert legal.is_legal
    with pytest.raises(AssignmentError) as error:
        answer_assign(answers=[plain, legal], assignee=people["rita"], by=people["stan"])
    assert str(error.value) == (
        f"Nothing was assigned: rita may not decide legal answers: {legal.pk}."
    )
    assert assigned(plain) is None and assigned(legal) is None  # all or nothing
    # An editor may decide it, so it may go to them.
    answer_assign(answers=[legal], assignee=people["edna"], by=people["stan"])
    assert assigned(legal) == "edna"


def test_clear_errors_for_what_cannot_be_assigned(people):
    done = make_answer(text=UNSUPPORTED)
    decision_record(answer=done, reviewer=people["rita"], action="reject", sentence_index=0)
    with pytest.raises(AssignmentError, match=f"review already over: {done.pk}"):
        answer_assign(answers=[done], assignee=people["otto"], by=people["edna"])
    with pytest.raises(AssignmentError, match="no such answers: 999999"):
        answer_assign(answers=[999999], assignee=people["otto"], by=people["edna"])
    open_one = make_answer(text=UNSUPPORTED)
    with pytest.raises(AssignmentError, match="nora may not decide answers"):
        answer_assign(answers=[open_one], assignee=people["nora"], by=people["edna"])
    people["otto"].is_active = False
    people["otto"].save()
    with pytest.raises(AssignmentError, match="otto's account is disabled"):
        answer_assign(answers=[open_one], assignee=people["otto"], by=people["edna"])
    with pytest.raises(AssignmentError, match="Tick at least one answer"):
        answer_assign(answers=[], assignee=people["rita"], by=people["edna"])


def test_releasing_selected_claims_frees_only_ones_own_unless_staff(people):
    mine, theirs = make_answer(text=UNSUPPORTED), make_answer(text=UNSUPPORTED)
    answer_claim(answer=mine, user=people["rita"])
    answer_claim(answer=theirs, user=people["otto"])
    result = claims_release_selected(answers=[mine, theirs], by=people["rita"])
    assert (result.released, result.kept) == (1, 1)
    assert Answer.objects.get(pk=mine.pk).claimed_by is None
    assert Answer.objects.get(pk=theirs.pk).claimed_by == people["otto"]
    result = claims_release_selected(answers=[mine, theirs], by=people["stan"])
    assert (result.released, result.kept) == (1, 0)
    assert Answer.objects.get(pk=theirs.pk).claimed_by is None
