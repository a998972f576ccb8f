"""Decisions that would overrule an editor's return, and the generator hearing of an undo that
reopens a finished review (issue 22)."""

import pytest

from citations.models import Answer, WebhookDelivery
from citations.services import DecisionError, decision_record, decision_undo
from tests.factories import ApiClientFactory, UserFactory, make_answer

pytestmark = pytest.mark.django_db

FLAGGED_TEXT = "Employees get 45 days of paid annual leave [1]."


@pytest.fixture
def answer():
    client = ApiClientFactory(name="hooked", webhook_url="https://hooks.example.com/in")
    return make_answer(client=client, text=FLAGGED_TEXT)


@pytest.fixture
def rita():
    return UserFactory(username="rita", groups=["reviewer"])


@pytest.fixture
def edna():
    return UserFactory(username="edna", groups=["editor"])


def status(answer) -> str:
    return Answer.objects.get(pk=answer.pk).review_status


def events(answer) -> list[tuple[str, str]]:
    deliveries = WebhookDelivery.objects.filter(answer=answer).order_by("created_at", "id")
    return [(d.event, d.payload["answer"]["status"]) for d in deliveries]


def test_undo_that_reopens_a_completed_review_tells_the_generator(answer, rita):
    decision_record(answer=answer, reviewer=rita, action="approve", sentence_index=0)
    assert status(answer) == "approved"
    decision_undo(answer=answer, reviewer=rita)
    assert status(answer) == "needs_review"
    assert events(answer) == [
        ("answer.review_completed", "approved"),
        ("answer.reopened", "needs_review"),
    ]


def test_an_undo_that_leaves_the_review_open_sends_nothing(rita):
    client = ApiClientFactory(name="hooked", webhook_url="https://hooks.example.com/in")
    answer = make_answer(  # two flagged sentences: one decided and undone leaves it open
        client=client,
        text="Employees get 45 days of paid annual leave [1]. Overtime pays 300 percent [2].",
    )
    decision_record(answer=answer, reviewer=rita, action="approve", sentence_index=0)
    decision_undo(answer=answer, reviewer=rita)
    assert events(answer) == []


def test_a_reviewer_cannot_reopen_an_answer_an_editor_sent_back(answer, rita, edna):
    decision_record(answer=answer, reviewer=edna, action="return", note="cite the law")
    assert status(answer) == "returned"
    for kwargs in ({"sentence_index": 0}, {}):
        with pytest.raises(DecisionError, match="sent it back to its generator"):
            decision_record(answer=answer, reviewer=rita, action="approve", **kwargs)
    assert status(answer) == "returned"
    assert answer.decisions.count() == 1


def test_an_editor_may_decide_past_a_return(answer, edna):
    editor2 = UserFactory(username="eddie", groups=["editor"])
    decision_record(answer=answer, reviewer=edna, action="return", note="cite the law")
    decision_record(answer=answer, reviewer=editor2, action="approve", sentence_index=0)
    assert status(answer) == "approved"
