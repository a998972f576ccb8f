"""The review loop on the server: one current sentence, decide and advance, reasons, undo, the
outcome when the last flagged sentence is decided."""

import pytest
from django.urls import reverse

from citations.models import Decision
from citations.services import decision_record
from tests.html import element
from tests.web.conftest import HX, login

pytestmark = pytest.mark.django_db

# numeric_answer: s0 verified, s1 unsupported (200 percent), s2 uncited.


def decide_url(answer):
    return reverse("citations:answer_decide", args=[answer.pk])


def detail_url(answer):
    return reverse("citations:answer_detail", args=[answer.pk])


def test_the_page_starts_on_the_first_undecided_flagged_sentence(client, reviewer, numeric_answer):
    login(client, reviewer)
    decision_record(answer=numeric_answer, reviewer=reviewer, action="approve", sentence_index=1)
    html = client.get(detail_url(numeric_answer)).content.decode()
    assert 'data-cursor="2"' in html
    assert 'class="ev" data-selected="2"' in html
    assert 'aria-current="true"' in element(html, id="card-2")
    assert 'aria-current="true"' not in element(html, id="card-1")


def test_any_sentence_can_be_current_and_the_panel_follows(client, reviewer, numeric_answer):
    login(client, reviewer)
    html = client.get(detail_url(numeric_answer), {"s": 0}).content.decode()
    assert 'data-cursor="0"' in html and 'class="ev" data-selected="0"' in html
    assert 'aria-current="true"' not in html  # a verified sentence has no card to mark
    # Out of range: back to the first undecided flagged sentence.
    html = client.get(detail_url(numeric_answer), {"s": 99}).content.decode()
    assert 'data-cursor="1"' in html


def test_a_decision_moves_the_cursor_to_the_next_undecided_one_wrapping(
    client, reviewer, numeric_answer
):
    login(client, reviewer)
    response = client.post(
        decide_url(numeric_answer),
        {"action": "reject", "sentence": 2, "reject_reason": "not_in_evidence"},
        **HX,
    )
    html = response.content.decode()
    assert 'data-cursor="1"' in html  # sentence 1 is above: the loop wraps
    assert 'class="ev" data-selected="1"' in html
    assert 'id="outcome"' not in html


def test_the_last_decision_shows_the_outcome_and_the_next_answer_button(
    client, reviewer, numeric_answer
):
    login(client, reviewer)
    client.post(decide_url(numeric_answer), {"action": "approve", "sentence": 1}, **HX)
    html = client.post(
        decide_url(numeric_answer), {"action": "approve", "sentence": 2}, **HX
    ).content.decode()
    outcome = element(html, id="outcome")
    assert "The answer is approved." in outcome
    assert "Every flagged sentence is decided." in outcome
    assert reverse("citations:answer_next") in outcome and "data-next-form" in outcome
    assert 'data-cursor="2"' in html  # stays on the sentence just decided
    # Without JavaScript: the redirect lands on the outcome.
    response = client.post(decide_url(numeric_answer), {"action": "approve", "sentence": 1})
    assert response["Location"].endswith("?s=1#outcome")


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"action": "reject", "sentence": 1}, "Choose why you reject it"),
        ({"action": "reject"}, "Choose why you reject it"),
        ({"action": "reject", "sentence": 1, "reject_reason": "bored"}, "not one of the"),
        ({"action": "reject", "sentence": 1, "reject_reason": "other"}, "“Other” needs a note"),
        ({"action": "approve", "sentence": 1, "reject_reason": "wrong_number"}, "rejection only"),
    ],
)
def test_a_rejection_without_a_fitting_reason_is_refused(
    client, reviewer, numeric_answer, data, error
):
    login(client, reviewer)
    response = client.post(decide_url(numeric_answer), {**data, "note": " "}, **HX)
    assert response.status_code == 422
    assert error in response.content.decode()
    assert not Decision.objects.exists()


def test_a_refused_form_is_shown_again_with_what_was_typed(client, reviewer, numeric_answer):
    login(client, reviewer)
    data = {"action": "reject", "sentence": 2, "reject_reason": "other", "note": ""}
    for extra in ({}, HX):  # a plain post gets the whole page back, htmx the review
        html = client.post(decide_url(numeric_answer), data, **extra).content.decode()
        card = element(html, id="card-2")
        assert "is-choosing" in card
        assert 'value="other" data-key="5" checked' in card
        assert 'role="alert">Say what is wrong: “Other” needs a note.</p>' in card
        assert 'aria-describedby="error-2"' in card
    assert "<html" in client.post(decide_url(numeric_answer), data).content.decode()
    data = {"action": "reject", "sentence": 2, "reject_reason": "other", "note": "a memo"}
    assert client.post(decide_url(numeric_answer), data, **HX).status_code == 200
    assert Decision.objects.get().reject_reason == "other"


def test_the_reason_shows_in_the_card_and_the_history(client, reviewer, numeric_answer):
    login(client, reviewer)
    html = client.post(
        decide_url(numeric_answer),
        {"action": "reject", "sentence": 1, "reject_reason": "wrong_number"},
        **HX,
    ).content.decode()
    card = element(html, id="card-1")
    assert "Rejected (wrong number) by rita" in card
    assert '<span class="h-reason">Wrong number</span>' in card
    assert "You rejected sentence 2." in html


def test_undo_takes_back_the_last_decision_and_the_history_shows_it(
    client, reviewer, numeric_answer
):
    login(client, reviewer)
    assert b"data-undo-form" not in client.get(detail_url(numeric_answer)).content
    client.post(decide_url(numeric_answer), {"action": "approve", "sentence": 1}, **HX)
    html = client.post(
        decide_url(numeric_answer),
        {"action": "reject", "sentence": 2, "reject_reason": "wrong_source"},
        **HX,
    ).content.decode()
    undo = element(html, **{"data-undo-form": ""})
    assert "Undo: Rejected (wrong source) on sentence 3" in undo
    assert 'name="action" value="undo"' in undo

    response = client.post(decide_url(numeric_answer), {"action": "undo"}, **HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Undone: your “Rejected (wrong source)” on sentence 3. 1 flagged sentence left." in html
    card = element(html, id="card-2")
    assert "Not decided" in card
    assert '<span class="h-action h-undo">Undone</span>' in card
    assert '<span class="tag tag-undone">taken back</span>' in card
    assert 'data-cursor="2"' in html  # back on the sentence undone
    assert "Undo: Approved on sentence 2" in html  # the next undo, one further back
    numeric_answer.refresh_from_db()
    assert numeric_answer.review_status == "needs_review"
    assert [d.action for d in Decision.objects.order_by("id")] == ["approve", "reject", "undo"]


def test_undo_without_javascript_and_with_nothing_to_undo(client, reviewer, numeric_answer):
    login(client, reviewer)
    response = client.post(decide_url(numeric_answer), {"action": "undo"}, **HX)
    assert response.status_code == 422
    assert b"no decision in force on this answer to undo" in response.content
    client.post(decide_url(numeric_answer), {"action": "approve", "sentence": 2})
    response = client.post(decide_url(numeric_answer), {"action": "undo"})
    assert response.status_code == 302
    assert response["Location"].endswith("?s=2#card-2")
    assert Decision.objects.filter(action="undo").count() == 1


def test_undo_of_the_whole_answer_decision(client, reviewer, numeric_answer):
    login(client, reviewer)
    data = {"action": "reject", "note": "no", "reject_reason": "fabricated_citation"}
    client.post(decide_url(numeric_answer), data, **HX)
    html = client.post(decide_url(numeric_answer), {"action": "undo"}, **HX).content.decode()
    assert "Undone: your “Rejected (fabricated citation)” on the answer." in html
    whole = element(html, id="whole-answer")
    assert '<span class="h-reason">Fabricated citation</span>' in whole
    assert "taken back" in whole


def test_a_reader_who_cannot_decide_sees_no_undo_or_reasons(client, reviewer, legal_answer):
    login(client, reviewer)
    html = client.get(detail_url(legal_answer)).content.decode()
    assert "data-undo-form" not in html and 'name="reject_reason"' not in html
    assert client.post(decide_url(legal_answer), {"action": "undo"}).status_code == 403


def test_the_keys_are_listed_on_the_page(client, reviewer, numeric_answer):
    login(client, reviewer)
    html = client.get(detail_url(numeric_answer)).content.decode()
    legend = element(html, **{"class": "keys-legend"})
    for key in ("j", "k", "a", "r", "1", "5", "u", "e", "n", "?"):
        assert f"<kbd>{key}</kbd>" in legend


def test_a_reader_who_cannot_decide_is_not_offered_the_decision_keys(
    client, reviewer, legal_answer
):
    login(client, reviewer)
    html = client.get(detail_url(legal_answer)).content.decode()
    legend = element(html, **{"class": "keys-legend"})
    for key in ("a", "r", "u"):
        assert f"<kbd>{key}</kbd>" not in legend
    for key in ("j", "k", "e", "n", "?"):
        assert f"<kbd>{key}</kbd>" in legend
