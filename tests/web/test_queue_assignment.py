"""The queue's scopes (decidable by me, assigned to me, all), assignment and bulk actions."""

import pytest
from django.urls import reverse

from citations.models import Answer
from citations.services import answer_claim
from citations.services.assignment import answer_assign
from tests.factories import make_answer
from tests.web.conftest import HX, LABOUR_LAW, LEGAL_TEXT, login
from tests.web.test_queue import QUEUE, UNSUPPORTED, titles

pytestmark = pytest.mark.django_db


@pytest.fixture
def mixed(db):
    return {
        "plain": make_answer(text=UNSUPPORTED, question="plain one"),
        "legal": make_answer(text=LEGAL_TEXT, evidence=LABOUR_LAW, question="legal one"),
    }


def test_a_reviewers_default_list_holds_only_what_they_may_decide(client, reviewer, mixed):
    login(client, reviewer)
    response = client.get(QUEUE)
    assert titles(response) == ["plain one"]
    html = response.content.decode()
    assert 'Needs review <span class="count">1</span>' in html
    assert 'aria-current="page">Decidable by me</a>' in html
    # The rest is one click away.
    assert sorted(titles(client.get(QUEUE, {"scope": "all"}))) == ["legal one", "plain one"]


def test_an_editors_default_list_holds_legal_answers_too(client, editor, mixed):
    login(client, editor)
    assert sorted(titles(client.get(QUEUE))) == ["legal one", "plain one"]


def test_assigned_to_me_tab_and_the_assignee_on_the_row(client, reviewer, editor, mixed):
    answer_assign(answers=[mixed["plain"]], assignee=reviewer, by=editor)
    other = make_answer(text=UNSUPPORTED, question="not mine")
    login(client, reviewer)
    mine = client.get(QUEUE, {"scope": "mine"})
    assert titles(mine) == ["plain one"]
    assert b"Assigned to you" in mine.content
    assert other.pk
    login(client, editor)
    html = client.get(QUEUE).content.decode()
    assert "Assigned to rita" in html
    assert b"Nothing assigned to you" in client.get(QUEUE, {"scope": "mine"}).content


def bulk(client, action, ids, **extra):
    data = {"action": action, "ids": [a.pk for a in ids], "back": "status=needs_review", **extra}
    return client.post(QUEUE, data, **extra.pop("headers", {}))


def test_an_editor_assigns_selected_answers_without_javascript(client, editor, reviewer, mixed):
    login(client, editor)
    html = client.get(QUEUE).content.decode()
    assert '<option value="' + str(reviewer.pk) + '">rita</option>' in html
    response = bulk(client, "assign", [mixed["plain"]], assignee=reviewer.pk)
    assert response.status_code == 302
    assert response["Location"] == QUEUE + "?status=needs_review"
    assert Answer.objects.get(pk=mixed["plain"].pk).assigned_to == reviewer
    assert b"Assigned 1 answer to rita." in client.get(response["Location"]).content


def test_assigning_a_legal_answer_to_a_reviewer_says_why_and_changes_nothing(
    client, editor, reviewer, mixed
):
    login(client, editor)
    response = client.post(
        QUEUE,
        {
            "action": "assign",
            "ids": [mixed["plain"].pk, mixed["legal"].pk],
            "assignee": reviewer.pk,
        },
        **HX,
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="queue"')
    assert f"rita may not decide legal answers: {mixed['legal'].pk}" in html
    # The ticks stay, to untick the refused one and try again.
    for answer in mixed.values():
        assert (
            f'value="{answer.pk}" aria-label="Select answer {answer.pk}" data-pick checked>' in html
        )
    assert not Answer.objects.filter(assigned_to__isnull=False).exists()


def test_a_reviewer_cannot_assign(client, reviewer, other_reviewer, mixed):
    login(client, reviewer)
    html = client.get(QUEUE).content.decode()
    assert 'value="assign"' not in html and 'name="assignee"' not in html
    for action in ("assign", "unassign"):
        response = client.post(
            QUEUE,
            {"action": action, "ids": [mixed["plain"].pk], "assignee": other_reviewer.pk},
        )
        assert response.status_code == 403
    assert Answer.objects.get(pk=mixed["plain"].pk).assigned_to is None


def test_bulk_actions_need_a_csrf_token_and_a_role(reviewer, nobody, mixed):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(reviewer)
    response = strict.post(QUEUE, {"action": "release", "ids": [mixed["plain"].pk]})
    assert response.status_code == 403
    plain = Client()
    plain.force_login(nobody)
    assert plain.post(QUEUE, {"action": "release", "ids": [mixed["plain"].pk]}).status_code == 403


def test_release_selected_claims_htmx(client, reviewer, other_reviewer, mixed):
    extra = make_answer(text=UNSUPPORTED, question="otto's")
    answer_claim(answer=mixed["plain"], user=reviewer)
    answer_claim(answer=extra, user=other_reviewer)
    login(client, reviewer)
    response = client.post(
        QUEUE, {"action": "release", "ids": [mixed["plain"].pk, extra.pk], "back": ""}, **HX
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Released 1 claim. 1 held by somebody else stayed: only staff release" in html
    assert Answer.objects.get(pk=mixed["plain"].pk).claimed_by is None
    assert Answer.objects.get(pk=extra.pk).claimed_by == other_reviewer


def test_export_selected_goes_to_the_export_with_the_ids(client, reviewer, mixed):
    login(client, reviewer)
    ids = [mixed["plain"], mixed["legal"]]
    response = client.post(QUEUE, {"action": "export_jsonl", "ids": [a.pk for a in ids]})
    export = reverse("citations:queue_export", args=["jsonl"])
    ids_param = "%2C".join(str(a.pk) for a in sorted(ids, key=lambda a: a.pk))
    assert response["Location"] == f"{export}?status=all&scope=all&ids={ids_param}"
    body = b"".join(client.get(response["Location"]).streaming_content).decode()
    assert body.count("\n") == 2  # exactly the ticked ones, the legal one too


def test_a_bulk_action_without_ticked_answers_says_so(client, editor):
    login(client, editor)
    response = client.post(QUEUE, {"action": "release"}, follow=True)
    assert b"Tick at least one answer first." in response.content


def test_next_answer_offers_mine_first_and_never_somebody_elses(
    client, reviewer, other_reviewer, editor
):
    worst = make_answer(text=UNSUPPORTED, question="worst, for otto")
    mine = make_answer(text=UNSUPPORTED, question="mine")
    free = make_answer(text=UNSUPPORTED, question="free")
    answer_assign(answers=[worst], assignee=other_reviewer, by=editor)
    answer_assign(answers=[mine], assignee=reviewer, by=editor)
    login(client, reviewer)
    response = client.post(reverse("citations:answer_next"))
    assert response["Location"] == reverse("citations:answer_detail", args=[mine.pk])
    response = client.post(reverse("citations:answer_next"), {"after": mine.pk})
    assert response["Location"] == reverse("citations:answer_detail", args=[free.pk])
