"""The evidence panel's support score, number conflicts, carried terms, the suggested passage
one click away, and malformed citations: rendered, escaped, and at a constant query count."""

import re

import pytest
from django.urls import reverse

from citations.web.presenters.evidence_panel import SOME_SUPPORT, STRONG_SUPPORT
from tests.api.payloads import SUPPORT_TEXT, engine_scores, suggested_support
from tests.factories import make_answer
from tests.web.conftest import HX, login
from tests.web.test_queries import EVIDENCE_QUERIES
from tests.web.test_rendering import SCRIPT, assert_no_raw_markup

pytestmark = pytest.mark.django_db

EVIDENCE = [
    {"text": "Employees are entitled to 30 days of paid annual leave per year.", "title": "Leave"},
    {"text": "Overtime is paid at 150 percent of the regular hourly wage.", "title": SCRIPT},
]


# The engine's own figures for these sentences (its tests pin how they behave).
SCORES = engine_scores(SUPPORT_TEXT, EVIDENCE)
SUGGESTED = suggested_support(SUPPORT_TEXT, 2, EVIDENCE)


@pytest.fixture
def answer(db):
    return make_answer(text=SUPPORT_TEXT, evidence=EVIDENCE)


def panel(client, answer, **params) -> str:
    url = reverse("citations:answer_evidence", args=[answer.pk])
    response = client.get(url, params, **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert_no_raw_markup(html)
    return html


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_a_verified_sentence_shows_its_score_and_a_supporting_citation(client, reviewer, answer):
    login(client, reviewer)
    html = panel(client, answer, s=0)
    assert 'class="support support-verified"' in html
    band = "strong support" if SCORES[0] >= STRONG_SUPPORT else "enough support"
    assert f"Support {SCORES[0]:.3f} {band}" in text_of(html)
    assert f'value="{SCORES[0]:.3f}"' in html  # the meter
    assert "supports the sentence" in html
    assert "Suggested citation" not in html


def test_a_wrong_number_names_both_numbers_and_never_reads_as_support(client, reviewer, answer):
    login(client, reviewer)
    html = panel(client, answer, s=1)
    words = text_of(html)
    assert f"Support {SCORES[1]:.3f} the words match, but a number differs" in words
    assert "Numbers differ the sentence says 99 days ; passage [1] says 30 days" in words
    assert "supports the sentence" not in html
    assert "states another number, does not support the sentence" in html
    assert 'class="ev-cit-label ev-unsupported"' in html
    assert re.findall(r'<span class="term-carried">([^<]*)</span>', html) == [
        "annual",
        "leave",
        "days",
    ]
    # Beside the citation: what it carries, and the number it states instead.
    assert (
        "passage [1] carries &#x27;annual&#x27;, &#x27;leave&#x27; and &#x27;days&#x27; but says "
        '<b class="num-instead">30 days</b>, not <b class="num-said">99 days</b>'
    ) in html
    # The passage shows that number marked, inside its best span.
    passage = re.search(r'<div class="passage-text">(.*?)</div>', html, re.S).group(1)
    assert '<mark class="num-conflict">30 <b class="term">days</b></mark>' in passage
    assert passage.index('<mark class="best">') < passage.index("num-conflict")


def test_the_suggested_passage_opens_with_one_click(client, reviewer, answer):
    login(client, reviewer)
    html = panel(client, answer, s=2)
    assert f"Support {SCORES[2]:.3f} little support" in text_of(html)
    detail = reverse("citations:answer_detail", args=[answer.pk])
    evidence = reverse("citations:answer_evidence", args=[answer.pk])
    link = re.search(r'<a class="btn btn-suggest"[^>]*>', html).group(0)
    assert f'href="{detail}?s=2&amp;p=2#evidence"' in link
    assert f'hx-get="{evidence}?s=2&amp;p=2"' in link and 'hx-target="#evidence-body"' in link
    assert f"Open passage [2] support {SUGGESTED:.3f}" in text_of(html)
    assert 'id="suggested-2"' not in html

    opened = panel(client, answer, s=2, p=2)
    passage = re.search(r'<article class="passage passage-suggested".*?</article>', opened, re.S)
    assert "&lt;script&gt;" in passage.group(0)  # the passage title, escaped
    assert '<b class="term">Overtime</b>' in passage.group(0)
    # Without htmx the same link opens the page with the passage shown.
    page = client.get(detail, {"s": 2, "p": 2}).content.decode()
    assert 'id="suggested-2"' in page
    assert_no_raw_markup(page)


def test_a_malformed_citation_renders_with_its_label_and_icon(client, reviewer, answer):
    login(client, reviewer)
    page = client.get(reverse("citations:answer_detail", args=[answer.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    chip = re.search(r'<a class="chip chip-malformed"[^>]*>.*?</a>', html).group(0)
    assert '<span class="chip-warn" aria-hidden="true">!</span>[1,]' in chip
    assert "malformed: not a citation that can be read" in chip
    fragment = panel(client, answer, s=3)
    assert "Support no score: no citation can be checked" in text_of(fragment)
    assert "malformed: not a citation that can be read" in fragment
    assert "This bracket cannot be read as a citation" in fragment
    assert "Open passage [1]" in fragment


@pytest.mark.parametrize("copies", [1, 30])
def test_the_panel_costs_the_same_queries_however_long_the_answer(
    client, reviewer, django_assert_num_queries, copies
):
    answer = make_answer(text=" ".join([SUPPORT_TEXT] * copies), evidence=EVIDENCE)
    login(client, reviewer)
    url = reverse("citations:answer_evidence", args=[answer.pk])
    client.get(url, {"s": 2}, **HX)
    with django_assert_num_queries(EVIDENCE_QUERIES):
        assert client.get(url, {"s": 4 * copies - 2, "p": 2}, **HX).status_code == 200


def test_a_score_above_the_cut_beside_unsupported_says_what_decided(client, reviewer):
    """A veto decides whatever the score: the panel says which, beside the score."""
    text = (
        "The Eiffel Tower was not completed for the World's Fair [1]. "
        "The Eiffel Tower was completed in 1889 for the World's Fair [1][9]."
    )
    evidence = [{"text": "The Eiffel Tower was completed in 1889 for the World's Fair."}]
    scores = engine_scores(text, evidence)
    assert min(scores) >= SOME_SUPPORT  # the words match: the score alone would read as support
    answer = make_answer(text=text, evidence=evidence)
    login(client, reviewer)
    words = text_of(panel(client, answer, s=0))
    assert f"Support {scores[0]:.3f} the words match, but the passage says otherwise" in words
    words = text_of(panel(client, answer, s=1))
    assert f"Support {scores[1]:.3f} the words match, but a citation cannot be checked" in words


def test_the_summary_comes_first_and_the_full_reason_under_a_toggle(client, reviewer, answer):
    login(client, reviewer)
    html = panel(client, answer, s=1)
    summary = "Why: Passage [1] says 30 days, not 99 days"
    full = re.search(r'<details class="reason-full">(.*?)</details>', html, re.S)
    assert summary in text_of(html) and full is not None
    assert text_of(html).index(summary) < text_of(html).index("Full reason")
    assert "the sentence says 99 days; passage [1] says 30 days" in full.group(1)
    page = client.get(reverse("citations:answer_detail", args=[answer.pk])).content.decode()
    assert_no_raw_markup(page)
    card = re.search(r'id="card-1".*?</details>', page, re.S).group(0)
    assert '<p class="reason reason-summary">Passage [1] says 30 days, not 99 days</p>' in card
    assert "Full reason" in card
