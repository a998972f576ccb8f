"""Icons are inline SVG, never emoji a font may lack (issue 22: the comment icon rendered as an
empty box without an emoji font)."""

import re

import pytest
from django.urls import reverse

from citations.services import comment_add
from tests.html import element
from tests.web.conftest import login

pytestmark = pytest.mark.django_db

# Emoji and pictographs (the planes a system without an emoji font draws as boxes), and the
# dingbat and arrow glyphs the dashboard used as icons.
PICTOGRAPHS = re.compile("[\U0001f000-\U0001faff\u2700-\u27bf\u21a9\u21b6\u27f3]")


def test_the_comment_link_draws_an_svg_bubble(client, reviewer, numeric_answer):
    comment_add(answer=numeric_answer, author=reviewer, body="Check this", sentence_index=1)
    login(client, reviewer)
    html = client.get(reverse("citations:answer_detail", args=[numeric_answer.pk])).content
    link = element(html.decode(), id="card-1-comments")
    assert '<svg class="icon icon-comment"' in link and 'aria-hidden="true"' in link
    assert "💬" not in link


def test_the_queue_and_the_review_use_no_pictograph_glyphs(client, reviewer, numeric_answer):
    login(client, reviewer)
    queue = client.get(reverse("citations:answer_list")).content.decode()
    assert PICTOGRAPHS.findall(element(queue, id="queue")) == []
    page = client.get(reverse("citations:answer_detail", args=[numeric_answer.pk]))
    review = element(page.content.decode(), id="review")
    # The highlighted answer text keeps its sentence marks (rendering.sentences); the rest of
    # the review (counts, cards, buttons, undo) draws icons.
    outside_text = review.replace(element(review, id="answer-text"), "")
    outside_text = outside_text.replace(element(review, **{"aria-label": "Legend"}), "")
    assert PICTOGRAPHS.findall(outside_text) == []
    assert outside_text.count('<svg class="icon') >= 5
