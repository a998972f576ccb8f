"""Comments through the test client: who may post, htmx and plain posts, errors, escaping,
the threads on the answer page and in the evidence panel, and constant query counts."""

import pytest
from django.test import Client
from django.urls import reverse

from citations.models import Comment
from citations.services import comment_add
from tests.factories import UserFactory
from tests.html import element
from tests.web.conftest import HX, login
from tests.web.test_queries import DETAIL_QUERIES

pytestmark = pytest.mark.django_db

HOSTILE = '<script>alert("x")</script> <img src=x onerror=alert(1)> \u202eevil\u202c & done'
ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;"


def post_url(answer):
    return reverse("citations:answer_comment", args=[answer.pk])


def detail_url(answer):
    return reverse("citations:answer_detail", args=[answer.pk])


def test_login_a_role_and_post_are_required(client, nobody, reviewer, numeric_answer):
    url = post_url(numeric_answer)
    assert client.post(url, {"body": "hi"}).status_code == 302
    login(client, nobody)
    assert client.post(url, {"body": "hi"}).status_code == 403
    login(client, reviewer)
    assert client.get(url).status_code == 405
    assert (
        client.post(reverse("citations:answer_comment", args=[999999]), {"body": "x"}).status_code
        == 404
    )
    assert not Comment.objects.exists()


def test_csrf_is_checked(reviewer, numeric_answer):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(reviewer)
    assert strict.post(post_url(numeric_answer), {"body": "hi"}).status_code == 403
    assert not Comment.objects.exists()


def test_a_plain_post_redirects_back_to_the_thread(client, reviewer, numeric_answer):
    login(client, reviewer)
    response = client.post(post_url(numeric_answer), {"body": "Looks off to me."})
    assert response.status_code == 302
    assert response["Location"] == detail_url(numeric_answer) + "#comments-answer"
    response = client.post(post_url(numeric_answer), {"body": "Why 200?", "sentence": "1"})
    assert response["Location"] == detail_url(numeric_answer) + "?s=1#comments-s1"
    html = client.get(response["Location"]).content.decode()
    assert "Comment posted." in html
    answer_thread = element(html, id="comments-answer")
    assert "Looks off to me." in answer_thread and "Why 200?" not in answer_thread
    sentence_thread = element(html, id="comments-s1")
    assert "Why 200?" in sentence_thread and "rita" in sentence_thread
    assert "Discussion of sentence 2" in sentence_thread


def test_an_htmx_post_swaps_the_thread_and_announces_it(client, reviewer, numeric_answer):
    login(client, reviewer)
    response = client.post(post_url(numeric_answer), {"body": "First", "sentence": "2"}, **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="thread" id="comments-s2"')
    assert "<html" not in html
    assert '<div id="live" hx-swap-oob="innerHTML">Comment posted.</div>' in html
    assert 'name="sentence" value="2"' in html
    comment = Comment.objects.get()
    assert (comment.sentence_index, comment.author) == (2, reviewer)


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"body": "   "}, "the comment is empty"),
        ({"body": "x" * 2001}, "at most 2000 characters"),
        ({"body": "hello", "sentence": "7"}, "The answer has no sentence 8: it has 3."),
    ],
)
def test_refused_comments_say_why(client, reviewer, numeric_answer, data, error):
    login(client, reviewer)
    response = client.post(post_url(numeric_answer), data, **HX)
    assert response.status_code == 422
    html = response.content.decode()
    assert error in html
    assert 'aria-invalid="true"' in html
    plain = client.post(post_url(numeric_answer), data, follow=True).content.decode()
    assert "Comment not posted:" in plain and error in plain
    assert not Comment.objects.exists()


def test_a_refused_sentence_comment_comes_back_in_its_own_thread(client, reviewer, numeric_answer):
    login(client, reviewer)
    response = client.post(post_url(numeric_answer), {"body": " ", "sentence": "1"}, **HX)
    assert response.status_code == 422
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="thread" id="comments-s1"')
    assert 'id="comments-s1-error" role="alert">Write something before posting' in html
    plain = client.post(post_url(numeric_answer), {"body": "", "sentence": "1"})
    assert plain["Location"].endswith("?s=1#comments-s1")


def test_a_reviewer_may_discuss_a_legal_answer_they_may_not_decide(client, reviewer, legal_answer):
    login(client, reviewer)
    html = client.get(detail_url(legal_answer)).content.decode()
    assert "Legal answers are decided by editors." in html
    assert 'id="comments-answer"' in html
    response = client.post(post_url(legal_answer), {"body": "Editor, please look."}, **HX)
    assert response.status_code == 200
    assert Comment.objects.get().body == "Editor, please look."


def test_hostile_text_is_escaped_and_isolated(client, reviewer, numeric_answer):
    author = UserFactory(username="\u202eatir<b>", groups=["reviewer"])
    comment_add(answer=numeric_answer, author=author, body=HOSTILE)
    comment_add(answer=numeric_answer, author=author, body=HOSTILE, sentence_index=1)
    login(client, reviewer)
    for html in (
        client.get(detail_url(numeric_answer), {"s": 1}).content.decode(),
        client.get(
            reverse("citations:answer_evidence", args=[numeric_answer.pk]), {"s": 1}, **HX
        ).content.decode(),
    ):
        assert "<script>alert" not in html and "<img src=x" not in html
        assert ESCAPED in html
        # An RTL override stays inside its own element: it cannot turn the page around it.
        assert f'<p class="comment-body" dir="auto">{ESCAPED}' in html
        assert '<bdi class="comment-author">\u202eatir&lt;b&gt;</bdi>' in html


def test_the_sentence_thread_is_in_the_evidence_panel(client, reviewer, numeric_answer):
    comment_add(answer=numeric_answer, author=reviewer, body="About the overtime", sentence_index=1)
    login(client, reviewer)
    url = reverse("citations:answer_evidence", args=[numeric_answer.pk])
    html = client.get(url, {"s": 1}, **HX).content.decode()
    assert "About the overtime" in element(html, id="comments-s1")
    other = client.get(url, {"s": 0}, **HX).content.decode()
    assert "About the overtime" not in other
    assert 'id="comments-s0"' in other and 'name="sentence" value="0"' in other


def test_a_flagged_card_links_to_its_sentence_thread(client, reviewer, numeric_answer):
    login(client, reviewer)
    card = element(client.get(detail_url(numeric_answer)).content.decode(), id="card-1")
    assert "link-comments" not in card  # nobody commented yet
    comment_add(answer=numeric_answer, author=reviewer, body="a", sentence_index=1)
    comment_add(answer=numeric_answer, author=reviewer, body="b", sentence_index=1)
    card = element(client.get(detail_url(numeric_answer)).content.decode(), id="card-1")
    link = element(card, class_="link-comments")
    assert f'href="{detail_url(numeric_answer)}?s=1#comments-s1"' in link
    assert "2 comments in the discussion of sentence 2" in link


def test_an_htmx_comment_updates_its_cards_count_out_of_band(client, reviewer, numeric_answer):
    # The card said nothing (or the old count) until a reload after a comment was posted.
    login(client, reviewer)
    comment_add(answer=numeric_answer, author=reviewer, body="a", sentence_index=1)
    html = client.post(post_url(numeric_answer), {"body": "b", "sentence": "1"}, **HX)
    link = element(html.content.decode(), id="card-1-comments")
    assert 'hx-swap-oob="true"' in link
    assert "2 comments in the discussion of sentence 2" in link
    # A verified sentence has no card to update (an out-of-band swap without a target errs).
    html = client.post(post_url(numeric_answer), {"body": "c", "sentence": "0"}, **HX)
    assert 'hx-swap-oob="true"' not in html.content.decode()
    html = client.post(post_url(numeric_answer), {"body": "d"}, **HX).content.decode()
    assert 'hx-swap-oob="true"' not in html


def test_a_comment_on_a_changed_sentence_joins_the_answer_thread(client, reviewer, numeric_answer):
    comment = comment_add(answer=numeric_answer, author=reviewer, body="Old", sentence_index=1)
    Comment.objects.filter(pk=comment.pk).update(sentence_text="Overtime pays 300 percent [2].")
    login(client, reviewer)
    thread = element(client.get(detail_url(numeric_answer)).content.decode(), id="comments-answer")
    assert "Old" in thread
    assert "On an earlier sentence:" in thread and "Overtime pays 300 percent [2]." in thread


# Session, user, permissions (2), the answer row; savepoint, the newest verification (to name
# the sentence), insert, release; then the thread: verification, comments (+ authors).
POST_QUERIES = 11


@pytest.mark.parametrize("comments", [0, 1, 25])
def test_query_counts_do_not_grow_with_comments(
    client, reviewer, numeric_answer, django_assert_num_queries, comments
):
    authors = [UserFactory(groups=["reviewer"]) for _ in range(3)]
    for n in range(comments):
        comment_add(
            answer=numeric_answer,
            author=authors[n % 3],
            body=f"comment {n}",
            sentence_index=None if n % 2 else n % 3,
        )
    login(client, reviewer)
    url = detail_url(numeric_answer)
    client.get(url)
    with django_assert_num_queries(DETAIL_QUERIES):
        html = client.get(url, {"s": 1}).content.decode()
    assert html.count('class="comment"') == comments // 2 + sum(
        1 for n in range(comments) if n % 2 == 0 and n % 3 == 1
    )
    with django_assert_num_queries(POST_QUERIES):
        client.post(post_url(numeric_answer), {"body": "more", "sentence": "1"}, **HX)
