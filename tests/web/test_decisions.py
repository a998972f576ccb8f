"""Every decision path, as a plain form post and as the htmx request that swaps the review."""

import pytest
from django.urls import reverse

from citations.models import Decision
from citations.services import decision_record
from tests.html import element
from tests.web.conftest import HX, login

pytestmark = pytest.mark.django_db


def decide_url(answer):
    return reverse("citations:answer_decide", args=[answer.pk])


def test_plain_post_records_and_redirects_to_the_sentence(client, reviewer, numeric_answer):
    login(client, reviewer)
    response = client.post(decide_url(numeric_answer), {"action": "approve", "sentence": 1})
    assert response.status_code == 302
    # The cursor moves on to the next flagged sentence nobody decided, and its evidence.
    assert response["Location"].endswith(f"/answers/{numeric_answer.pk}/?s=2#card-2")
    decision = Decision.objects.get()
    assert (decision.action, decision.sentence_index, decision.reviewer) == (
        "approve",
        1,
        reviewer,
    )
    page = client.get(response["Location"])
    assert b"You approved sentence 2." in page.content
    assert b"1 flagged sentence left." in page.content


def test_htmx_post_returns_only_the_review_fragment(client, reviewer, numeric_answer):
    login(client, reviewer)
    response = client.post(
        decide_url(numeric_answer),
        {"action": "reject", "sentence": 1, "note": "wrong %", "reject_reason": "wrong_number"},
        **HX,
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and "<body" not in html
    assert html.lstrip().startswith('<section id="review"')
    assert 'id="live" hx-swap-oob="innerHTML"' in html
    assert "You rejected sentence 2. 1 flagged sentence left." in html
    assert 'class="s-dec s-dec-reject">Rejected</span>' in html
    assert "wrong %" in html  # the history under the sentence shows the note
    assert 'id="evidence"' not in html  # the panel's frame is not re-sent, only its body:
    assert '<div id="evidence-body" hx-swap-oob="innerHTML">' in html
    assert 'data-selected="2"' in html  # with the next undecided flagged sentence
    assert 'data-cursor="2"' in html
    assert "Rejected (wrong number) by rita" in html


def test_all_flagged_approved_makes_the_answer_approved(client, reviewer, numeric_answer):
    login(client, reviewer)
    client.post(decide_url(numeric_answer), {"action": "approve", "sentence": 1}, **HX)
    response = client.post(decide_url(numeric_answer), {"action": "approve", "sentence": 2}, **HX)
    assert b"The answer is now approved." in response.content
    assert b'class="status status-approved"' in response.content
    numeric_answer.refresh_from_db()
    assert numeric_answer.review_status == "approved"


def test_one_rejected_sentence_makes_the_answer_rejected(client, reviewer, numeric_answer):
    login(client, reviewer)
    client.post(decide_url(numeric_answer), {"action": "approve", "sentence": 1})
    client.post(
        decide_url(numeric_answer),
        {"action": "reject", "sentence": 2, "reject_reason": "not_in_evidence"},
    )
    numeric_answer.refresh_from_db()
    assert numeric_answer.review_status == "rejected"


def test_a_decision_can_be_changed_and_the_history_keeps_both(client, reviewer, numeric_answer):
    login(client, reviewer)
    client.post(decide_url(numeric_answer), {"action": "approve", "sentence": 1})
    first = Decision.objects.get()
    response = client.post(
        decide_url(numeric_answer),
        {
            "action": "reject",
            "sentence": 1,
            "seen": first.pk,
            "note": "on second thought",
            "reject_reason": "other",
        },
        **HX,
    )
    html = response.content.decode()
    assert "While you were reading" not in html  # the reviewer saw their own decision
    card = element(html, id="card-1")
    assert card.count('class="history-item') == 2
    assert "in force" in card[card.index("Rejected</span>") :]
    assert "on second thought" in card
    assert Decision.objects.count() == 2


def test_whole_answer_approve_and_reject_with_a_note(client, reviewer, numeric_answer):
    login(client, reviewer)
    response = client.post(
        decide_url(numeric_answer), {"action": "approve", "note": "checked by phone"}, **HX
    )
    assert b"You approved the answer." in response.content
    numeric_answer.refresh_from_db()
    assert numeric_answer.review_status == "approved"
    decision = Decision.objects.get()
    assert decision.sentence_index is None and decision.note == "checked by phone"

    response = client.post(
        decide_url(numeric_answer),
        {"action": "reject", "seen": decision.pk, "reject_reason": "fabricated_citation"},
        follow=True,
    )
    assert b"You rejected the answer." in response.content
    numeric_answer.refresh_from_db()
    assert numeric_answer.review_status == "rejected"


def test_editor_sends_an_answer_back_with_a_note(client, editor, numeric_answer):
    login(client, editor)
    response = client.post(
        decide_url(numeric_answer), {"action": "return", "note": "cite the overtime rule"}, **HX
    )
    assert response.status_code == 200
    assert b"You sent the answer back to its generator. The answer is now returned." in (
        response.content
    )
    assert b'<span class="h-action h-return">Sent back</span>' in response.content
    decision = Decision.objects.get()
    assert (decision.action, decision.note, decision.sentence_index) == (
        "return",
        "cite the overtime rule",
        None,
    )
    numeric_answer.refresh_from_db()
    assert numeric_answer.review_status == "returned"


def test_sending_back_needs_a_note(client, editor, numeric_answer):
    login(client, editor)
    response = client.post(decide_url(numeric_answer), {"action": "return", "note": " "}, **HX)
    assert response.status_code == 422
    assert b"a note is required" in response.content
    assert b'<section id="review"' in response.content  # htmx swaps the error in place
    response = client.post(decide_url(numeric_answer), {"action": "return"}, follow=True)
    assert b"Decision not recorded" in response.content
    assert not Decision.objects.exists()


def test_a_sentence_cannot_be_sent_back(client, editor, numeric_answer):
    login(client, editor)
    response = client.post(
        decide_url(numeric_answer), {"action": "return", "sentence": 1, "note": "x"}, **HX
    )
    assert response.status_code == 422
    assert not Decision.objects.exists()


@pytest.mark.parametrize(
    "data",
    [
        {"action": "approve", "sentence": 0},  # verified: not flagged
        {"action": "approve", "sentence": 99},
        {"action": "delete", "sentence": 1},
        {"action": "approve", "sentence": "x"},
        {"sentence": 1},
    ],
)
def test_invalid_decisions_are_refused_and_nothing_is_stored(
    client, reviewer, numeric_answer, data
):
    login(client, reviewer)
    response = client.post(decide_url(numeric_answer), data, **HX)
    assert response.status_code == 422
    assert b"Decision not recorded" in response.content
    assert not Decision.objects.exists()


def test_a_note_longer_than_2000_characters_is_refused(client, reviewer, numeric_answer):
    login(client, reviewer)
    response = client.post(
        decide_url(numeric_answer), {"action": "approve", "sentence": 1, "note": "x" * 2001}, **HX
    )
    assert response.status_code == 422
    assert not Decision.objects.exists()


def test_unknown_answer_is_404(client, reviewer):
    login(client, reviewer)
    assert client.post("/answers/999999/decide/", {"action": "approve"}).status_code == 404
    assert client.get("/answers/999999/").status_code == 404


def test_the_second_reviewer_is_asked_before_replacing(
    client, reviewer, other_reviewer, numeric_answer
):
    """Both open the page (nothing decided); Otto rejects; Rita, not knowing, approves: her
    decision is not stored until she confirms (tests/web/test_overrule.py: the whole flow)."""
    login(client, reviewer)
    page = client.get(reverse("citations:answer_detail", args=[numeric_answer.pk]))
    assert b'name="seen" value=""' in page.content
    decision_record(
        answer=numeric_answer,
        reviewer=other_reviewer,
        action="reject",
        note="the rate is 150",
        sentence_index=1,
    )
    response = client.post(
        decide_url(numeric_answer), {"action": "approve", "sentence": 1, "seen": ""}, **HX
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert "otto rejected (other) this just now: replace?" not in html  # no reason was given
    assert "otto rejected this just now: replace?" in html
    assert "the rate is 150" in html
    assert [d.reviewer.username for d in Decision.objects.all()] == ["otto"]


def test_deciding_renews_the_claim(client, reviewer, numeric_answer):
    login(client, reviewer)
    client.post(decide_url(numeric_answer), {"action": "approve", "sentence": 1})
    numeric_answer.refresh_from_db()
    assert numeric_answer.claimed_by == reviewer
