"""A contradiction on the answer page: the sentence's words marked in the answer, the passage's
in the cited passage, and a "Contradicts" row quoting both, everything escaped."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_answer
from tests.web.conftest import HX, login
from tests.web.test_rendering import assert_no_raw_markup

pytestmark = pytest.mark.django_db

TEXT = "The <Eiffel> Tower was not completed for the World's Fair [1]."
EVIDENCE = [{"text": "The <Eiffel> Tower was completed in 1889 for the World's Fair."}]


@pytest.fixture
def answer(db):
    return make_answer(text=TEXT, evidence=EVIDENCE)


def test_the_answer_marks_the_contradicting_words(client, reviewer, answer):
    login(client, reviewer)
    html = client.get(reverse("citations:answer_detail", args=[answer.pk])).content.decode()
    assert_no_raw_markup(html)
    answer_text = re.search(r'id="answer-text"[^>]*>(.*?)</article>', html, re.S).group(1)
    assert '<mark class="contra">was not completed</mark>' in answer_text
    assert "&lt;Eiffel&gt;" in answer_text


def test_the_panel_marks_the_passage_and_quotes_both_sides(client, reviewer, answer):
    login(client, reviewer)
    url = reverse("citations:answer_evidence", args=[answer.pk])
    html = client.get(url, {"s": 0}, **HX).content.decode()
    assert_no_raw_markup(html)
    words = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "Contradicts the sentence says was not completed ; passage [1] says was completed" in (
        words
    )
    passage = re.search(r'<div class="passage-text">(.*?)</div>', html, re.S).group(1)
    assert re.search(r'<mark class="contra">was <b class="term">completed</b></mark>', passage)
    assert "<Eiffel>" not in passage and "&lt;" in passage
    assert "supports the sentence" not in html
    assert "Numbers differ" not in html  # a quoted contradiction is no number conflict
