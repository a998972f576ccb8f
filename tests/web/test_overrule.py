"""Deciding over somebody else's decision the page did not show: 409, a question naming who
and when, one click to replace; the overruled person hears of it on the queue (issue 22)."""

from datetime import timedelta

import pytest
from django.urls import reverse

from citations.models import Decision
from citations.selectors import overrules_of
from citations.services import decision_record
from tests.html import element
from tests.web.conftest import HX, login

pytestmark = pytest.mark.django_db


def decide_url(answer):
    return reverse("citations:answer_decide", args=[answer.pk])


def two_minutes_ago(decision):
    Decision.objects.filter(pk=decision.pk).update(
        created_at=decision.created_at - timedelta(minutes=2)
    )


@pytest.fixture
def edna_approved(numeric_answer, editor):
    outcome = decision_record(
        answer=numeric_answer, reviewer=editor, action="approve", sentence_index=1
    )
    two_minutes_ago(outcome.decision)
    return outcome.decision


REJECTION = {
    "action": "reject",
    "sentence": 1,
    "seen": "",
    "reject_reason": "wrong_number",
    "note": "the rate is 150",
}


def test_an_unseen_decision_by_somebody_else_is_a_409_asking_to_replace(
    client, reviewer, numeric_answer, edna_approved
):
    login(client, reviewer)
    response = client.post(decide_url(numeric_answer), REJECTION, **HX)
    assert response.status_code == 409
    html = response.content.decode()
    box = element(html, id="conflict-1")
    assert "edna approved this 2\u00a0minutes ago: replace?" in box
    assert f'name="seen" value="{edna_approved.pk}"' in box
    assert 'name="action" value="reject"' in box
    assert 'name="reject_reason" value="wrong_number"' in box
    assert 'value="the rate is 150"' in box
    assert Decision.objects.count() == 1

    # One click: the same decision, now naming the one it replaces.
    confirm = {**REJECTION, "seen": edna_approved.pk}
    response = client.post(decide_url(numeric_answer), confirm, **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "You replaced “Approved” by edna." in html
    card = element(html, id="card-1")
    assert card.count('class="history-item') == 2  # the history shows both
    mine = Decision.objects.latest("id")
    assert (mine.reviewer.username, mine.overrules_id) == ("rita", edna_approved.pk)


def test_without_javascript_the_409_is_the_whole_page(
    client, reviewer, numeric_answer, edna_approved
):
    login(client, reviewer)
    response = client.post(decide_url(numeric_answer), REJECTION)
    assert response.status_code == 409
    html = response.content.decode()
    assert "<html" in html and "edna approved this 2\u00a0minutes ago: replace?" in html


def test_a_whole_answer_decision_is_guarded_too(client, reviewer, editor, numeric_answer):
    decision_record(answer=numeric_answer, reviewer=editor, action="approve", note="fine")
    login(client, reviewer)
    rejection = {"action": "reject", "seen": "", "reject_reason": "wrong_source"}
    response = client.post(decide_url(numeric_answer), rejection, **HX)
    assert response.status_code == 409
    assert "edna approved this just now: replace?" in element(
        response.content.decode(), id="conflict-answer"
    )


def test_the_overruled_person_sees_it_on_their_next_queue_visit(
    client, reviewer, editor, numeric_answer, edna_approved
):
    login(client, reviewer)
    client.post(decide_url(numeric_answer), {**REJECTION, "seen": edna_approved.pk})
    login(client, editor)
    queue = reverse("citations:answer_list")
    html = client.get(queue).content.decode()
    note = element(html, id="overruled")
    assert "<strong>rita</strong> replaced your “Approved” on sentence 2" in note
    assert reverse("citations:answer_detail", args=[numeric_answer.pk]) in note
    # Told once.
    assert 'id="overruled"' not in client.get(queue).content.decode()


def test_overrules_older_than_the_lookback_or_after_the_last_shown_are_no_news(
    client, reviewer, editor, numeric_answer, edna_approved, django_assert_num_queries
):
    login(client, reviewer)
    client.post(decide_url(numeric_answer), {**REJECTION, "seen": edna_approved.pk})
    replacing = Decision.objects.latest("id")
    since = replacing.created_at
    with django_assert_num_queries(2):  # the ids, then the decisions with their names
        assert list(overrules_of(user=editor, since=since)) == [replacing]
    with django_assert_num_queries(1):  # the ids only, when there are none
        assert list(overrules_of(user=editor, since=since + timedelta(seconds=1))) == []
    assert list(overrules_of(user=editor, after=replacing.pk - 1)) == [replacing]
    assert list(overrules_of(user=editor, after=replacing.pk)) == []
    assert list(overrules_of(user=reviewer)) == []


def test_other_without_a_note_asks_for_a_required_note(client, reviewer, numeric_answer):
    login(client, reviewer)
    response = client.post(
        decide_url(numeric_answer),
        {"action": "reject", "sentence": 1, "reject_reason": "other"},
        **HX,
    )
    assert response.status_code == 422
    card = element(response.content.decode(), id="card-1")
    assert 'placeholder="Note (required)" aria-required="true"' in card
    fresh = client.get(reverse("citations:answer_detail", args=[numeric_answer.pk]))
    assert 'placeholder="Note (optional)"' in element(fresh.content.decode(), id="card-1")


def test_the_history_says_whose_decision_was_replaced_and_what_it_was(
    client, reviewer, editor, numeric_answer, edna_approved
):
    login(client, reviewer)
    client.post(decide_url(numeric_answer), {**REJECTION, "seen": edna_approved.pk})
    decision_record(answer=numeric_answer, reviewer=editor, action="approve", note="fine")
    whole = {"action": "reject", "seen": Decision.objects.latest("id").pk}
    client.post(decide_url(numeric_answer), {**whole, "reject_reason": "wrong_source"})
    html = client.get(reverse("citations:answer_detail", args=[numeric_answer.pk])).content
    card = element(html.decode(), id="card-1")
    items = card.split('class="history-item')[1:]
    assert "replaced" not in items[0]
    assert "replaced <strong>edna</strong>'s approval" in items[1]
    whole_history = element(html.decode(), id="whole-answer")
    assert "replaced <strong>edna</strong>'s approval" in whole_history
