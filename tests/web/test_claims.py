"""Claims: taken by a POST (never by opening the page), released when the review completes, on
"next answer" and on logout; a reviewer's own claims listed and released from the queue."""

import pytest
from django.db import IntegrityError
from django.test import Client
from django.urls import reverse

from citations.models import Answer
from citations.services import answer_claim, decision_record
from tests.factories import make_answer
from tests.web.conftest import HX, login

pytestmark = pytest.mark.django_db

QUEUE = reverse("citations:answer_list")
UNSUPPORTED = "Employees get 45 days of paid annual leave [1]."


def claim_url(answer):
    return reverse("citations:answer_claim", args=[answer.pk])


def detail_url(answer):
    return reverse("citations:answer_detail", args=[answer.pk])


def claimer(answer):
    answer.refresh_from_db()
    return answer.claimed_by


def test_opening_the_page_claims_nothing_and_offers_to_start(client, reviewer, numeric_answer):
    login(client, reviewer)
    page = client.get(detail_url(numeric_answer)).content.decode()
    client.get(detail_url(numeric_answer), **HX)
    assert claimer(numeric_answer) is None
    # htmx posts the claim when the page opens; without JavaScript the button does.
    assert f'action="{claim_url(numeric_answer)}"' in page
    assert f'hx-post="{claim_url(numeric_answer)}"' in page
    assert 'hx-trigger="load, submit"' in page
    assert "Start reviewing</button>" in page


def test_a_plain_post_claims_and_returns_to_the_page(client, reviewer, numeric_answer):
    login(client, reviewer)
    response = client.post(claim_url(numeric_answer))
    assert response.status_code == 302 and response["Location"] == detail_url(numeric_answer)
    assert claimer(numeric_answer) == reviewer
    page = client.get(detail_url(numeric_answer)).content.decode()
    assert "claim-mine" in page and "Start reviewing" not in page


def test_an_htmx_post_claims_and_swaps_the_claim_slot(client, reviewer, numeric_answer):
    login(client, reviewer)
    html = client.post(claim_url(numeric_answer), **HX).content.decode()
    assert html.lstrip().startswith('<div class="claim-slot" id="claim">')
    assert "You are reviewing this answer" in html and "<html" not in html
    assert claimer(numeric_answer) == reviewer


def test_claiming_needs_the_csrf_token(reviewer, numeric_answer):
    client = login(Client(enforce_csrf_checks=True), reviewer)
    assert client.post(claim_url(numeric_answer), **HX).status_code == 403
    assert claimer(numeric_answer) is None
    page = client.get(detail_url(numeric_answer))
    token = str(page.context["csrf_token"])
    assert client.post(claim_url(numeric_answer), HTTP_X_CSRFTOKEN=token, **HX).status_code == 200
    assert claimer(numeric_answer) == reviewer


def test_claiming_is_a_post_only(client, reviewer, numeric_answer):
    login(client, reviewer)
    assert client.get(claim_url(numeric_answer)).status_code == 405
    assert claimer(numeric_answer) is None


def test_a_reviewer_cannot_claim_a_legal_answer(client, reviewer, editor, legal_answer):
    login(client, reviewer)
    assert b"Start reviewing" not in client.get(detail_url(legal_answer)).content
    assert client.post(claim_url(legal_answer)).status_code == 403
    assert claimer(legal_answer) is None
    login(client, editor)
    assert client.post(claim_url(legal_answer)).status_code == 302
    assert claimer(legal_answer) == editor


def test_finishing_an_answer_releases_its_claim(client, reviewer, numeric_answer):
    login(client, reviewer)
    client.post(claim_url(numeric_answer))
    decide = reverse("citations:answer_decide", args=[numeric_answer.pk])
    client.post(decide, {"action": "approve", "sentence": 1}, **HX)
    assert claimer(numeric_answer) == reviewer  # one flagged sentence left: still reviewing
    rejection = {"action": "reject", "sentence": 2, "reject_reason": "not_in_evidence"}
    html = client.post(decide, rejection, **HX).content.decode()
    # The page's claim slot is swapped too (out of band): the claim is gone.
    slot = html[html.index('<div class="claim-slot" id="claim" hx-swap-oob="true">') :]
    assert "You are reviewing" not in slot[: slot.index("</div>")]
    numeric_answer.refresh_from_db()
    assert numeric_answer.review_status == "rejected"
    assert numeric_answer.claimed_by is None and numeric_answer.claimed_at is None
    # Nothing left to review on it: neither the page nor the service claims it again.
    assert b"Start reviewing" not in client.get(detail_url(numeric_answer)).content
    assert answer_claim(answer=numeric_answer, user=reviewer) is False


def test_no_claim_survives_on_a_completed_answer_in_the_database(reviewer, numeric_answer):
    decision_record(answer=numeric_answer, reviewer=reviewer, action="approve")
    with pytest.raises(IntegrityError):
        Answer.objects.filter(pk=numeric_answer.pk).update(claimed_by=reviewer)


def test_logging_out_releases_every_claim(client, reviewer, other_reviewer):
    mine = [make_answer(text=UNSUPPORTED) for _ in range(2)]
    theirs = make_answer(text=UNSUPPORTED)
    for answer in mine:
        answer_claim(answer=answer, user=reviewer)
    answer_claim(answer=theirs, user=other_reviewer)
    login(client, reviewer)
    client.post(reverse("logout"))
    assert [claimer(a) for a in mine] == [None, None]
    assert claimer(theirs) == other_reviewer


def test_a_reviewer_sees_and_releases_their_own_claims(client, reviewer, other_reviewer):
    mine = make_answer(text=UNSUPPORTED, question="mine to review")
    theirs = make_answer(text=UNSUPPORTED, question="theirs to review")
    answer_claim(answer=mine, user=reviewer)
    answer_claim(answer=theirs, user=other_reviewer)
    login(client, reviewer)
    html = client.get(QUEUE).content.decode()
    claims = html[html.index('id="my-claims"') : html.index("</details>", html.index("my-claims"))]
    assert 'My claims <span class="count">1</span>' in claims
    assert "mine to review" in claims and "theirs to review" not in claims
    response = client.post(reverse("citations:claims_release"), follow=True)
    assert b"Released 1 answer." in response.content
    assert b'id="my-claims"' not in response.content
    assert claimer(mine) is None and claimer(theirs) == other_reviewer


def test_next_answer_never_returns_to_one_left_in_this_session(client, reviewer):
    first, second, third = (make_answer(text=UNSUPPORTED) for _ in range(3))
    login(client, reviewer)
    nxt = reverse("citations:answer_next")
    seen = []
    after = None
    for _ in range(3):
        response = client.post(nxt, {"after": after} if after else {})
        after = int(response["Location"].rstrip("/").rsplit("/", 1)[1])
        seen.append(after)
    # Before, skipping the top answer offered the second, then the top one again.
    assert seen == [first.pk, second.pk, third.pk]
    response = client.post(nxt, {"after": after}, follow=True)
    # All three were skipped: the queue says so, and offers them again (test_queue_honesty).
    assert b"Nothing left to review" not in response.content
    assert b"<strong>3 skipped</strong>" in response.content
    assert [claimer(a) for a in (first, second, third)] == [None, None, None]
