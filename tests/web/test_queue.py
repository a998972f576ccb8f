"""The triage queue: tabs, order, filters, search, pagination, claims and "next answer"."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from citations.models import Answer
from citations.services import answer_claim, decision_record
from tests.factories import ApiClientFactory, make_answer
from tests.web.conftest import HX, LABOUR_LAW, LEGAL_TEXT, login

pytestmark = pytest.mark.django_db

CLEAN = "Employees get 30 days of paid annual leave [1]."
UNCITED = (
    "Employees get 30 days of paid annual leave [1]. "
    "Managers approve every request in writing before the leave starts."
)
UNSUPPORTED = "Employees get 45 days of paid annual leave [1]."
QUEUE = reverse("citations:answer_list")


def titles(response) -> list[str]:
    html = response.content.decode()
    out = []
    for chunk in html.split('class="row-title"')[1:]:
        out.append(chunk[chunk.index(">") + 1 : chunk.index("</a>")])
    return out


def test_needs_review_is_ordered_unsupported_then_uncited_then_oldest(client, reviewer):
    old_uncited = make_answer(text=UNCITED, question="old uncited")
    unsupported = make_answer(text=UNSUPPORTED, question="unsupported")
    new_uncited = make_answer(text=UNCITED, question="new uncited")
    make_answer(text=CLEAN, question="clean one")
    Answer.objects.filter(pk=old_uncited.pk).update(created_at=timezone.now() - timedelta(days=2))
    Answer.objects.filter(pk=new_uncited.pk).update(created_at=timezone.now() - timedelta(days=1))
    assert unsupported.review_status == "needs_review"
    login(client, reviewer)
    response = client.get(QUEUE)
    assert titles(response) == ["unsupported", "old uncited", "new uncited"]
    html = response.content.decode()
    assert 'Needs review <span class="count">3</span>' in html
    assert 'Clean <span class="count">1</span>' in html
    assert 'All <span class="count">4</span>' in html


def test_within_a_severity_the_weakest_support_comes_first(client, reviewer):
    """A citation that points past the list counts 0, and so does a wrong number, which
    refuses its sentence whatever its score; "low" only scores low. Equal, the
    oldest comes first."""
    make_answer(text=UNSUPPORTED, question="wrong number")
    make_answer(text="Managers approve every overtime request in writing [2].", question="low")
    make_answer(text="Employees get 30 days of paid annual leave [3].", question="points nowhere")
    make_answer(text=UNCITED, question="uncited")
    supports = dict(Answer.objects.values_list("question", "min_support"))
    assert supports["points nowhere"] == supports["wrong number"] == 0.0
    assert supports["low"] > 0.0
    assert supports["uncited"] is not None  # its cited sentence has a score
    login(client, reviewer)
    assert titles(client.get(QUEUE)) == [
        "wrong number",
        "points nowhere",
        "low",
        "uncited",
    ]


def test_tabs_show_their_answers(client, reviewer):
    approved = make_answer(text=UNSUPPORTED, question="approved one")
    rejected = make_answer(text=UNSUPPORTED, question="rejected one")
    decision_record(answer=approved, reviewer=reviewer, action="approve", sentence_index=0)
    decision_record(answer=rejected, reviewer=reviewer, action="reject", sentence_index=0)
    make_answer(text=CLEAN, question="clean one")
    login(client, reviewer)
    assert titles(client.get(QUEUE, {"status": "approved"})) == ["approved one"]
    assert titles(client.get(QUEUE, {"status": "rejected"})) == ["rejected one"]
    assert titles(client.get(QUEUE, {"status": "clean"})) == ["clean one"]
    assert len(titles(client.get(QUEUE, {"status": "all"}))) == 3
    assert titles(client.get(QUEUE, {"status": "needs_review"})) == []
    assert b"Nothing needs review" in client.get(QUEUE).content


def test_rows_show_client_badges_age_and_the_opening_without_a_question(client, reviewer):
    make_answer(client=ApiClientFactory(name="Payroll bot"), text=UNCITED, question="")
    login(client, reviewer)
    html = client.get(QUEUE).content.decode()
    assert "Employees get 30 days of paid annual leave [1]. Managers approve" in html
    assert "Payroll bot" in html
    assert '1 <span class="badge-word">verified</span>' in html
    assert '1 <span class="badge-word">uncited</span>' in html
    assert '0 <span class="badge-word">unsupported</span>' in html
    assert ">waiting under a minute</time>" in html
    assert '<time class="waited meta-sep" datetime="' in html


def test_filters_client_style_dates_and_search(client, editor):
    hr = ApiClientFactory(name="HR")
    make_answer(client=hr, text=UNSUPPORTED, question="How much leave in Spain?")
    make_answer(client=hr, text=UNCITED, question="Who approves requests?")
    legal = make_answer(text=LEGAL_TEXT, evidence=LABOUR_LAW, question="Legal carry over")
    old = make_answer(text=UNSUPPORTED, question="Very old question")
    Answer.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=40))
    login(client, editor)  # editors decide legal answers, so they are in their default list

    assert sorted(titles(client.get(QUEUE, {"client": hr.pk}))) == [
        "How much leave in Spain?",
        "Who approves requests?",
    ]
    assert titles(client.get(QUEUE, {"style": "legal"})) == ["Legal carry over"]
    assert "Legal carry over" not in titles(client.get(QUEUE, {"style": "numeric"}))
    assert titles(client.get(QUEUE, {"q": "spain"})) == ["How much leave in Spain?"]
    # Search covers the answer text too.
    assert titles(client.get(QUEUE, {"q": "carried over without limit"})) == ["Legal carry over"]
    since = (timezone.now() - timedelta(days=7)).date().isoformat()
    assert "Very old question" not in titles(client.get(QUEUE, {"created_from": since}))
    until = (timezone.now() - timedelta(days=30)).date().isoformat()
    assert titles(client.get(QUEUE, {"created_to": until})) == ["Very old question"]
    # Tab counts follow the filters.
    html = client.get(QUEUE, {"client": hr.pk}).content.decode()
    assert 'All <span class="count">2</span>' in html
    # Nonsense values are ignored rather than failing the page.
    response = client.get(QUEUE, {"client": "x", "created_from": "yesterday", "status": "zzz"})
    assert response.status_code == 200
    assert legal.pk


def test_pagination_keeps_the_filters(client, reviewer):
    for n in range(27):
        make_answer(text=UNSUPPORTED, question=f"Question {n:02d}")
    login(client, reviewer)
    first = client.get(QUEUE, {"q": "Question"})
    assert len(titles(first)) == 25
    assert first.context["next_url"].startswith("?q=Question&status=needs_review&cursor=")
    second = client.get(QUEUE + first.context["next_url"])
    assert len(titles(second)) == 2
    assert not second.context["next_url"]
    # An old page-numbered link shows the first page.
    assert titles(client.get(QUEUE, {"page": 99})) == titles(first)


def test_htmx_gets_only_the_queue_fragment(client, reviewer):
    make_answer(text=UNSUPPORTED, question="fragment")
    login(client, reviewer)
    response = client.get(QUEUE, {"status": "all"}, **HX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="queue"')
    assert "<html" not in html
    assert "fragment" in html
    # A history restore asks for the whole page again.
    full = client.get(QUEUE, HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert b"<html" in full.content


def test_starting_to_review_claims_an_answer_and_others_see_who(
    client, reviewer, other_reviewer, numeric_answer
):
    login(client, reviewer)
    client.post(reverse("citations:answer_claim", args=[numeric_answer.pk]))
    numeric_answer.refresh_from_db()
    assert numeric_answer.claimed_by == reviewer
    assert b"You are reviewing this" in client.get(QUEUE).content

    login(client, other_reviewer)
    assert b"Being reviewed by rita" in client.get(QUEUE).content
    page = client.get(reverse("citations:answer_detail", args=[numeric_answer.pk]))
    assert b"Being reviewed by <strong>rita</strong>" in page.content
    assert b"Start reviewing" not in page.content
    client.post(reverse("citations:answer_claim", args=[numeric_answer.pk]))
    numeric_answer.refresh_from_db()
    assert numeric_answer.claimed_by == reviewer  # the live claim is not taken over


def test_a_claim_lapses_after_30_minutes(client, reviewer, other_reviewer, numeric_answer):
    answer_claim(answer=numeric_answer, user=reviewer)
    Answer.objects.filter(pk=numeric_answer.pk).update(
        claimed_at=timezone.now() - timedelta(minutes=31)
    )
    login(client, other_reviewer)
    assert b"Being reviewed by" not in client.get(QUEUE).content
    client.post(reverse("citations:answer_claim", args=[numeric_answer.pk]))
    numeric_answer.refresh_from_db()
    assert numeric_answer.claimed_by == other_reviewer


def test_release_frees_the_answer(client, reviewer, numeric_answer):
    login(client, reviewer)
    client.post(reverse("citations:answer_claim", args=[numeric_answer.pk]))
    response = client.post(reverse("citations:answer_release", args=[numeric_answer.pk]))
    assert response.status_code == 302 and response["Location"] == QUEUE
    numeric_answer.refresh_from_db()
    assert numeric_answer.claimed_by is None


def test_next_answer_skips_claimed_ones_and_releases_the_current(client, reviewer, other_reviewer):
    first = make_answer(text=UNSUPPORTED, question="first")
    second = make_answer(text=UNSUPPORTED, question="second")
    third = make_answer(text=UNSUPPORTED, question="third")
    answer_claim(answer=second, user=other_reviewer)
    login(client, reviewer)
    response = client.post(reverse("citations:answer_next"))
    assert response["Location"] == reverse("citations:answer_detail", args=[first.pk])
    client.get(response["Location"])
    response = client.post(reverse("citations:answer_next"), {"after": first.pk})
    assert response["Location"] == reverse("citations:answer_detail", args=[third.pk])
    first.refresh_from_db()
    assert first.claimed_by is None  # released on the way


def test_next_answer_for_a_reviewer_skips_legal_answers(client, reviewer, editor):
    legal = make_answer(text=LEGAL_TEXT, evidence=LABOUR_LAW)
    numeric = make_answer(text=UNCITED)
    login(client, reviewer)
    response = client.post(reverse("citations:answer_next"))
    assert response["Location"] == reverse("citations:answer_detail", args=[numeric.pk])
    login(client, editor)
    response = client.post(reverse("citations:answer_next"))
    assert response["Location"] == reverse("citations:answer_detail", args=[legal.pk])


def test_next_answer_when_nothing_is_left(client, reviewer):
    login(client, reviewer)
    response = client.post(reverse("citations:answer_next"), follow=True)
    assert b"Nothing left to review" in response.content


def test_a_sent_back_answer_has_its_own_returned_tab(client, editor):
    sent_back = make_answer(text=UNSUPPORTED, question="sent back")
    rejected = make_answer(text=UNSUPPORTED, question="rejected")
    decision_record(answer=sent_back, reviewer=editor, action="return", note="cite it")
    decision_record(answer=rejected, reviewer=editor, action="reject")
    login(client, editor)
    returned_tab = client.get(QUEUE, {"status": "returned"})
    assert titles(returned_tab) == ["sent back"]
    assert b'<span class="tag tag-returned">Returned</span>' in returned_tab.content
    assert titles(client.get(QUEUE, {"status": "rejected"})) == ["rejected"]


def test_rows_and_claims_link_to_their_answers(client, reviewer):
    answer = make_answer(text=UNSUPPORTED, question="linked")
    answer_claim(answer=answer, user=reviewer)
    login(client, reviewer)
    html = client.get(QUEUE).content.decode()
    detail = reverse("citations:answer_detail", args=[answer.pk])
    release = reverse("citations:answer_release", args=[answer.pk])
    assert f'<a class="row-title" href="{detail}">linked</a>' in html
    assert f'<a href="{detail}">Answer {answer.pk}</a>' in html  # My claims
    assert f'<form method="post" action="{release}" class="inline">' in html


def test_a_row_reads_only_the_start_of_a_long_text(client, reviewer):
    """A row without a question is titled by its text's first 160 characters; the database
    sends those, not the whole text (a megabyte for a 9,000-sentence answer)."""
    sentence = "Employees get 45 days of paid annual leave éà [1]. "
    make_answer(text=sentence * 400, question="")
    login(client, reviewer)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(QUEUE, headers=HX)
    title = (sentence * 4)[:159] + "…"
    assert titles(response) == [title]
    column = connection.ops.quote_name("text")
    rows_reads = [q["sql"] for q in queries if "text_head" in q["sql"]]
    assert rows_reads, "no query read the rows' text heads"
    for sql in rows_reads:
        assert sql.count(f".{column}") == sql.count("SUBSTR"), sql
