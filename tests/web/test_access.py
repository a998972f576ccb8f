"""Who may open and do what: checked on the server for every request."""

import pytest
from django.urls import reverse

from citations.models import Decision
from tests.web.conftest import HX, login

pytestmark = pytest.mark.django_db


def dashboard_urls(answer):
    return [
        reverse("citations:answer_list"),
        reverse("citations:answer_detail", args=[answer.pk]),
        reverse("citations:answer_evidence", args=[answer.pk]) + "?s=1",
        reverse("citations:export_text", args=[answer.pk]) + "?mode=keep",
        reverse("citations:export_report", args=[answer.pk]),
        reverse("citations:queue_export", args=["csv"]) + "?status=all",
        reverse("citations:queue_export", args=["jsonl"]),
        reverse("citations:metrics"),
    ]


def decide(client, answer, **data):
    return client.post(reverse("citations:answer_decide", args=[answer.pk]), data)


def test_anonymous_users_are_sent_to_the_login_page(client, numeric_answer):
    for url in dashboard_urls(numeric_answer):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login") + "?next=")
    response = decide(client, numeric_answer, action="approve", sentence=1)
    assert response.status_code == 302
    assert reverse("login") in response["Location"]
    assert not Decision.objects.exists()


def test_a_user_without_a_role_gets_403_everywhere(client, nobody, numeric_answer):
    login(client, nobody)
    for url in dashboard_urls(numeric_answer):
        assert client.get(url).status_code == 403, url
    assert decide(client, numeric_answer, action="approve", sentence=1).status_code == 403
    assert client.post(reverse("citations:answer_next")).status_code == 403
    assert not Decision.objects.exists()
    page = client.get(reverse("citations:answer_list"))
    assert b"reviewer" in page.content  # the 403 page says which role is missing


@pytest.mark.parametrize("who", ["reviewer", "editor", "staff"])
def test_every_role_opens_every_dashboard_page(client, request, who, numeric_answer):
    login(client, request.getfixturevalue(who))
    for url in dashboard_urls(numeric_answer):
        assert client.get(url, **HX).status_code == 200, url


def test_reviewer_decides_non_legal_answers(client, reviewer, numeric_answer):
    login(client, reviewer)
    assert decide(client, numeric_answer, action="approve", sentence=1).status_code == 302
    assert Decision.objects.filter(answer=numeric_answer, reviewer=reviewer).count() == 1


def test_reviewer_may_read_but_not_decide_legal_answers(client, reviewer, legal_answer):
    login(client, reviewer)
    page = client.get(reverse("citations:answer_detail", args=[legal_answer.pk]))
    assert page.status_code == 200
    assert b"Legal answers are decided by editors" in page.content
    assert b'name="action" value="approve"' not in page.content
    assert decide(client, legal_answer, action="approve", sentence=1).status_code == 403
    assert decide(client, legal_answer, action="reject").status_code == 403
    assert not Decision.objects.exists()
    legal_answer.refresh_from_db()
    assert legal_answer.claimed_by is None  # reading is not claiming


def test_only_editors_and_staff_may_send_an_answer_back(
    client, reviewer, editor, staff, numeric_answer
):
    login(client, reviewer)
    page = client.get(reverse("citations:answer_detail", args=[numeric_answer.pk]))
    assert b'value="return"' not in page.content
    assert decide(client, numeric_answer, action="return", note="fix it").status_code == 403
    assert not Decision.objects.exists()

    for user in (editor, staff):
        login(client, user)
        page = client.get(reverse("citations:answer_detail", args=[numeric_answer.pk]))
        assert b'value="return"' in page.content
        # The second one replaces the first, which its page shows (the form's `seen`).
        seen = Decision.objects.filter(action="return").values_list("pk", flat=True).last()
        response = decide(client, numeric_answer, action="return", note="fix it", seen=seen or "")
        assert response.status_code == 302
    assert Decision.objects.filter(action="return").count() == 2


@pytest.mark.parametrize("who", ["editor", "staff"])
def test_editors_and_staff_decide_legal_answers(client, request, who, legal_answer):
    login(client, request.getfixturevalue(who))
    assert (
        decide(
            client, legal_answer, action="reject", sentence=1, reject_reason="not_in_evidence"
        ).status_code
        == 302
    )
    legal_answer.refresh_from_db()
    assert legal_answer.review_status == "rejected"


def test_state_changing_views_refuse_get(client, editor, numeric_answer):
    login(client, editor)
    for name in ("answer_decide", "answer_release"):
        assert client.get(reverse(f"citations:{name}", args=[numeric_answer.pk])).status_code == 405
    assert client.get(reverse("citations:answer_next")).status_code == 405


def test_decisions_need_a_csrf_token(reviewer, numeric_answer):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(reviewer)
    response = strict.post(
        reverse("citations:answer_decide", args=[numeric_answer.pk]),
        {"action": "approve", "sentence": 1},
    )
    assert response.status_code == 403
    assert not Decision.objects.exists()


def test_every_form_on_the_page_carries_a_csrf_token(client, editor, numeric_answer):
    login(client, editor)
    html = client.get(reverse("citations:answer_detail", args=[numeric_answer.pk])).content.decode()
    forms = html.count('method="post"')
    assert forms >= 5  # next, release, two sentence cards, whole answer (+ log out)
    assert html.count('name="csrfmiddlewaretoken"') == forms


def test_login_page_and_logout(client, reviewer):
    page = client.get(reverse("login"))
    assert page.status_code == 200
    assert b"Log in" in page.content
    response = client.post(
        reverse("login"), {"username": "rita", "password": "correct horse battery staple"}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("citations:answer_list")
    assert client.get(reverse("citations:answer_list")).status_code == 200
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("citations:answer_list")).status_code == 302


def test_wrong_password_shows_a_message(client, reviewer):
    page = client.post(reverse("login"), {"username": "rita", "password": "nope"})
    assert page.status_code == 200
    assert b"do not match" in page.content


def test_htmx_request_after_the_session_ended_redirects_the_whole_page(client, numeric_answer):
    detail = reverse("citations:answer_detail", args=[numeric_answer.pk])
    response = client.post(
        reverse("citations:answer_decide", args=[numeric_answer.pk]),
        {"action": "approve", "sentence": 1},
        HTTP_HX_REQUEST="true",
        HTTP_HX_CURRENT_URL=f"http://testserver{detail}",
    )
    assert response.status_code == 200
    assert response["HX-Redirect"].startswith(reverse("login") + "?next=")
    assert not Decision.objects.exists()
