"""The answer page: escaping of every untrusted string, structure, highlighting, CSP."""

import re

import pytest
from django.urls import reverse

from citations.services import decision_record
from citations.web.rendering.highlight import render_blocks, split_lines
from citations.web.rendering.passage import mark_passage
from tests.factories import ApiClientFactory, make_answer
from tests.web.conftest import HX, login

pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"


@pytest.fixture
def hostile(db, reviewer):
    answer = make_answer(
        client=ApiClientFactory(name=f"Evil {SCRIPT}"),
        question=f"Question {IMG}",
        text=(
            f"Employees get 30 days of paid annual leave [1]. {SCRIPT} is not a citation and "
            f"neither is {IMG} in this sentence [2]."
        ),
        evidence=[
            {"text": f"Employees get 30 days of paid annual leave. {IMG}", "title": SCRIPT},
            {
                "text": "Overtime is paid at 150 percent.",
                "title": "ok",
                "url": "javascript:alert(1)",
            },
        ],
    )
    decision_record(answer=answer, reviewer=reviewer, action="reject", sentence_index=1, note=IMG)
    return answer


def assert_no_raw_markup(html: str):
    assert SCRIPT not in html
    assert IMG not in html
    assert "<img" not in html
    assert "javascript:" not in html
    # Every script tag is ours: it has a src from this site and the CSP nonce.
    for tag in re.findall(r"<script[^>]*>", html):
        assert 'src="/static/' in tag and "nonce=" in tag, tag
    # No tag carries an inline style or an event handler (CSP forbids them; escaped text
    # such as "&lt;img onerror=...&gt;" is not a tag).
    for tag in re.findall(r"<[a-zA-Z][^>]*>", html):
        assert not re.search(r"\s(style|on[a-z]+)\s*=", tag), tag


def test_hostile_strings_are_shown_as_text_everywhere(client, reviewer, hostile):
    login(client, reviewer)
    for url in (
        reverse("citations:answer_list") + "?status=all",
        reverse("citations:answer_detail", args=[hostile.pk]) + "?s=1",
    ):
        html = client.get(url).content.decode()
        assert_no_raw_markup(html)
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    detail = client.get(reverse("citations:answer_detail", args=[hostile.pk]) + "?s=0").content
    html = detail.decode()
    assert "Question &lt;img src=x onerror=alert(1)&gt;" in html  # question
    assert "Evil &lt;script&gt;" in html  # client name
    assert "&lt;img src=x onerror=alert(1)&gt;</q>" in html  # reviewer's note
    # The evidence panel (passage text and title) over htmx as well.
    for s in (0, 1):
        fragment = client.get(
            reverse("citations:answer_evidence", args=[hostile.pk]), {"s": s}, **HX
        ).content.decode()
        assert_no_raw_markup(fragment)
    fragment = client.get(
        reverse("citations:answer_evidence", args=[hostile.pk]), {"s": 0}, **HX
    ).content.decode()
    assert "&lt;img src=x onerror=alert(1)&gt;" in fragment


def test_csp_header_with_a_nonce_on_every_page(client, reviewer, hostile):
    login(client, reviewer)
    response = client.get(reverse("citations:answer_detail", args=[hostile.pk]))
    policy = response["Content-Security-Policy"]
    assert "script-src 'self' 'nonce-" in policy
    assert "style-src 'self'" in policy and "unsafe-inline" not in policy
    nonce = re.search(r"'nonce-([^']+)'", policy).group(1)
    html = response.content.decode()
    assert html.count(f'nonce="{nonce}"') == len(re.findall(r"<script", html)) >= 2
    assert '<meta name="htmx-config"' in html and '"allowEval": false' in html
    assert '"includeIndicatorStyles": false' in html
    login_page = client.get(reverse("login"))
    assert "Content-Security-Policy" in login_page


def test_structure_paragraphs_lines_lists_and_headings_survive():
    text = "# Title\n\nFirst line one.\nSecond line.\n\n- item one\n- item two\n\n3. third\n"
    sentences = []
    for line in split_lines(text):
        if line.kind != "blank":
            sentences.append(
                {
                    "index": len(sentences),
                    "start": line.start,
                    "end": line.end,
                    "status": "neutral",
                    "citations": [],
                }
            )
    from citations.web.rendering.highlight import SentenceMarkup

    html = render_blocks(
        text,
        sentences,
        lambda s: SentenceMarkup(css="s", marker="", after="", chip=lambda n, c: ""),
    )
    assert '<h3 class="ans-h"><span class="s" data-s="0" id="s-0">Title</span></h3>' in html
    assert "First line one.</span><br><span" in html
    assert html.count("<li>") == 2 and '<ul class="ans-list">' in html
    assert '<ol class="ans-list"><li value="3">' in html
    assert "# Title" not in html and "- item" not in html


def test_a_sentence_over_a_line_break_has_one_id_and_one_marker():
    text = "A sentence that\ncontinues here."
    sentence = {"index": 0, "start": 0, "end": len(text), "status": "uncited", "citations": []}
    from citations.web.rendering.highlight import SentenceMarkup

    html = render_blocks(
        text,
        [sentence],
        lambda s: SentenceMarkup(css="s", marker="{M}", after="{END}", chip=lambda n, c: ""),
    )
    assert html.count('id="s-0"') == 1
    assert html.count("{M}") == 1 and html.count("{END}") == 1
    assert html.index("{M}") < html.index("<br>") < html.index("{END}")
    # The marker stays on one line with the first word.
    assert '<span class="glue">{M}A</span> sentence' in html


def test_chips_keep_the_punctuation_after_them_and_text_stays_escaped():
    from citations.web.rendering.highlight import SentenceMarkup

    text = "Pay is <b>30</b> days [1]. Next."
    citation = {"start": 22, "end": 25, "status": "verified", "raw": "[1]"}
    sentences = [
        {"index": 0, "start": 0, "end": 26, "status": "verified", "citations": [citation]},
        {"index": 1, "start": 27, "end": 32, "status": "neutral", "citations": []},
    ]
    html = render_blocks(
        text,
        sentences,
        lambda s: SentenceMarkup(css="s", marker="", after="", chip=lambda n, c: "<i>chip</i>"),
    )
    assert "&lt;b&gt;30&lt;/b&gt;" in html
    assert '<span class="glue"><i>chip</i>.</span>' in html
    assert "[1]" not in html


def test_passage_marks_best_span_and_terms_escaped():
    html = mark_passage("Leave <b>is</b> 30 days of leave.", [(13, 33)], ["leave", "days"])
    assert "&lt;b&gt;" in html
    assert '<mark class="best">' in html
    assert html.count('<b class="term">') == 3
    assert html.index('<mark class="best">') < html.index('<b class="term">days')


def test_answer_page_shows_statuses_labels_legend_and_chips(client, reviewer, numeric_answer):
    login(client, reviewer)
    html = client.get(reverse("citations:answer_detail", args=[numeric_answer.pk])).content
    html = html.decode()
    assert 'class="s s-verified"' in html
    assert 'class="s s-unsupported is-flagged"' in html
    assert 'class="s s-uncited is-flagged"' in html
    assert 'aria-label="Sentence 2, unsupported: show evidence"' in html
    assert 'class="legend"' in html
    assert 'class="chip chip-verified"' in html
    # The engine's reason in plain words: what the passage says instead (engine 2.0).
    assert "the sentence says 200 percent; passage [2] says 150 percent" in html
    # Evidence panel starts on the first flagged sentence, every passage numbered.
    assert 'data-selected="1"' in html
    assert '<span class="pos">[1]</span>' in html and '<span class="pos">[2]</span>' in html


def test_unresolved_citations_are_marked(client, editor, legal_answer):
    login(client, editor)
    html = client.get(reverse("citations:answer_detail", args=[legal_answer.pk])).content
    html = html.decode()
    assert 'class="chip chip-unresolved chip-legal"' in html
    assert 'title="Labour Law · Article 33 — unresolved, article not in evidence"' in html
    assert "are in the evidence, not 33" in html  # engine 2.1: the level and what is nearest


def test_evidence_fragment_and_no_js_fallback(client, reviewer, numeric_answer):
    login(client, reviewer)
    url = reverse("citations:answer_evidence", args=[numeric_answer.pk])
    fragment = client.get(url, {"s": 0, "c": 0}, **HX)
    html = fragment.content.decode()
    assert fragment.status_code == 200
    assert "<html" not in html and html.lstrip().startswith('<div class="ev"')
    assert '<mark class="best">' in html
    assert '<b class="term">' in html
    assert 'class="ev-cit is-selected"' in html
    # Without JavaScript the link lands on the full page with the panel open.
    response = client.get(url, {"s": 0, "c": 0})
    assert response.status_code == 302
    detail = reverse("citations:answer_detail", args=[numeric_answer.pk])
    assert response["Location"] == f"{detail}?s=0&c=0#evidence"
    page = client.get(response["Location"].split("#")[0]).content.decode()
    assert 'data-selected="0"' in page
    assert client.get(url, {"s": 99}, **HX).status_code == 404


def test_uncited_sentence_panel_says_it_cites_nothing(client, reviewer, numeric_answer):
    login(client, reviewer)
    url = reverse("citations:answer_evidence", args=[numeric_answer.pk])
    html = client.get(url, {"s": 2}, **HX).content.decode()
    assert "This sentence cites no passage." in html
    assert "should cite one of the passages below" in html


def test_a_passage_titled_like_its_source_names_it_once(client, reviewer):
    evidence = [
        {
            "text": "Every employee is entitled to 30 days of paid annual leave.",
            "title": "Labour Law, Article 40",
            "law": "Labour Law",
            "article": "40",
        },
        {"text": "Leave pay is due in advance.", "title": "Leave pay", "law": "Labour Law"},
    ]
    answer = make_answer(
        text="Employees get 30 days of paid annual leave [Labour Law, Article 40].",
        evidence=evidence,
    )
    login(client, reviewer)
    html = client.get(reverse("citations:answer_detail", args=[answer.pk])).content.decode()
    assert "Labour Law, Article 40" in html
    assert 'Labour Law, Article 40 <span class="muted">· Labour Law, Article 40' not in html
    assert html.count("· Labour Law, Article 40") == 0
    assert 'Leave pay <span class="muted">· Labour Law</span>' in html
