"""comment_add: the body's rules, the sentence named as the newest verification has it."""

import pytest

from citations.models import Comment
from citations.services import CommentError, answer_reverify, comment_add
from tests.factories import UserFactory, make_answer

pytestmark = pytest.mark.django_db

TEXT = "Employees get 45 days of paid annual leave [1]. Overtime is paid at 150 percent [2]."


@pytest.fixture
def answer():
    return make_answer(text=TEXT)


@pytest.fixture
def rita():
    return UserFactory(username="rita", groups=["reviewer"])


def test_a_comment_on_the_whole_answer(answer, rita):
    comment = comment_add(answer=answer, author=rita, body="  Check the leave days.\r\n  ")
    assert comment.body == "Check the leave days."
    assert comment.sentence_index is None and comment.sentence_start is None
    assert comment.sentence_text == ""
    assert list(answer.comments.all()) == [comment]


def test_a_comment_on_a_sentence_names_it_by_start_and_text(answer, rita):
    comment = comment_add(answer=answer, author=rita, body="Line one\r\nline two", sentence_index=1)
    sentence = answer.verifications.latest().report["sentences"][1]
    assert (comment.sentence_index, comment.sentence_start) == (1, sentence["start"])
    assert comment.sentence_text == sentence["text"]
    assert comment.body == "Line one\nline two"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("", "cannot be empty"),
        (" \n\t ", "cannot be empty"),
        ("x" * 2001, "at most 2,000 characters; this one has 2,001"),
        ("nul \x00 here", "NUL"),
    ],
)
def test_bad_bodies_are_refused_with_a_clear_error(answer, rita, body, message):
    with pytest.raises(CommentError, match=message):
        comment_add(answer=answer, author=rita, body=body)
    assert not Comment.objects.exists()


def test_the_longest_body_is_accepted(answer, rita):
    assert len(comment_add(answer=answer, author=rita, body="y" * 2000).body) == 2000


@pytest.mark.parametrize("index", [2, 99])
def test_a_sentence_that_is_not_there_is_refused(answer, rita, index):
    with pytest.raises(CommentError, match=f"no sentence {index + 1}: it has 2"):
        comment_add(answer=answer, author=rita, body="Hello", sentence_index=index)
    assert not Comment.objects.exists()


def test_the_newest_verification_names_the_sentence(answer, rita):
    answer_reverify(answer=answer)
    newest = answer.verifications.latest().report["sentences"][0]
    comment = comment_add(answer=answer, author=rita, body="Hi", sentence_index=0)
    assert comment.sentence_start == newest["start"] and comment.sentence_text == newest["text"]


def test_hostile_text_is_stored_as_written(answer, rita):
    body = "<script>alert(1)</script> \u202egnp.exe"
    assert comment_add(answer=answer, author=rita, body=body).body == body
