"""A long answer's page renders one part of its sentences (the text and the flagged cards among
them) and loads the rest a part at a time: htmx fragments, or plain links without JavaScript.
Issue 23: a 9,000-sentence answer took 10.9 s and 27 MB rendered whole."""

import re

import pytest
from django.urls import reverse

from citations.services import answer_revise
from citations.web.presenters import parts
from tests.factories import make_answer
from tests.html import element
from tests.web.conftest import HX, login
from tests.web.test_queries import DETAIL_QUERIES, answer_with, seen

pytestmark = pytest.mark.django_db

# answer_with(n): n blocks of 3 sentences: verified, unsupported, uncited.
BLOCKS = 5  # 15 sentences: parts of 4 are 0-3, 4-7, 8-11, 12-14
EVIDENCE = [{"text": "Employees are entitled to 30 days of paid annual leave per year."}]


@pytest.fixture(autouse=True)
def small_parts(monkeypatch):
    monkeypatch.setattr(parts, "PART", 4)


def sentences_in(html: str) -> list[int]:
    return sorted({int(n) for n in re.findall(r'<span class="s [^"]*" data-s="(\d+)"', html)})


def cards_in(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<li class="card [^"]*" id="card-(\d+)"', html)]


def test_the_page_renders_the_first_part_and_links_to_the_next(client, reviewer):
    answer = answer_with(BLOCKS)
    login(client, reviewer)
    url = reverse("citations:answer_detail", args=[answer.pk])
    html = client.get(url).content.decode()
    assert sentences_in(html) == [0, 1, 2, 3]
    assert cards_in(html) == [1, 2]
    assert 'Flagged sentences <span class="count">10</span>' in html  # all of them counted
    more = element(html, id="text-more")
    assert f'href="{url}?upto=8#s-4"' in more  # without JavaScript: the page, one part more
    assert f'hx-get="{url}?from=4"' in more and 'hx-trigger="click, revealed"' in more
    assert "Show sentences 5 to 8 of 15" in more
    assert f'hx-get="{url}?from=4"' in element(html, id="cards-more")


def test_a_part_is_a_fragment_with_its_text_cards_and_the_next_link(client, reviewer):
    answer = answer_with(BLOCKS)
    login(client, reviewer)
    url = reverse("citations:answer_detail", args=[answer.pk])
    html = client.get(url, {"from": 4}, **HX).content.decode()
    assert "<html" not in html and 'id="review"' not in html
    assert sentences_in(html) == [4, 5, 6, 7]
    assert 'id="s-4"' in html  # the plain link's anchor
    cards = re.search(r'<ol hx-swap-oob="beforebegin:#cards-more">(.*?)</ol>', html, re.S)[1]
    assert cards_in(cards) == [4, 5, 7]
    assert f'hx-get="{url}?from=8"' in element(html, id="text-more")
    assert 'hx-swap-oob="outerHTML"' in element(html, id="cards-more")
    last = client.get(url, {"from": 12}, **HX).content.decode()
    assert sentences_in(last) == [12, 13, 14]
    assert 'id="text-more"' not in last
    assert '<li id="cards-more" hidden hx-swap-oob="outerHTML"></li>' in last


def test_without_javascript_the_link_shows_the_page_up_to_the_next_part(client, reviewer):
    answer = answer_with(BLOCKS)
    login(client, reviewer)
    url = reverse("citations:answer_detail", args=[answer.pk])
    html = client.get(url, {"upto": 8}).content.decode()
    assert sentences_in(html) == list(range(8))
    assert f'href="{url}?upto=12#s-8"' in element(html, id="text-more")
    assert sentences_in(client.get(url, {"from": 4}).content.decode()) == [0, 1, 2, 3]


def test_the_current_sentence_is_always_rendered(client, reviewer):
    answer = answer_with(BLOCKS)
    login(client, reviewer)
    url = reverse("citations:answer_detail", args=[answer.pk])
    html = client.get(url, {"s": 10}).content.decode()
    assert sentences_in(html) == list(range(12))
    assert 'id="card-10"' in html and 'aria-current="true"' in element(html, id="card-10")


def test_a_decision_rerenders_what_the_reader_had_loaded(client, reviewer):
    answer = answer_with(BLOCKS)
    login(client, reviewer)
    decide = reverse("citations:answer_decide", args=[answer.pk])
    approval = {"action": "approve", "sentence": 1, "seen": "", "upto": 12}
    html = client.post(decide, approval, **HX).content.decode()
    assert sentences_in(html) == list(range(12))
    assert cards_in(html) == [1, 2, 4, 5, 7, 8, 10, 11]
    assert seen(answer, 1)


@pytest.mark.parametrize("blocks", [2, 40])
def test_a_part_costs_the_same_queries_whatever_the_answers_length(
    client, reviewer, django_assert_num_queries, blocks
):
    answer = answer_with(blocks, decisions=blocks)
    login(client, reviewer)
    url = reverse("citations:answer_detail", args=[answer.pk])
    client.get(url)  # warm the session
    with django_assert_num_queries(DETAIL_QUERIES):
        assert client.get(url, {"from": 4}, **HX).status_code == 200
    with django_assert_num_queries(DETAIL_QUERIES):
        page = client.get(url)
    assert len(sentences_in(page.content.decode())) == 4


def diff_texts(html: str) -> list[str]:
    return re.findall(r'<(?:del|ins|span) class="diff-text">([^<]*)</', html)


@pytest.fixture
def revised(editor):
    lines = [f"Leave is {n} days [1]." for n in range(1, 11)]
    original = make_answer(text="\n".join(lines), evidence=EVIDENCE)
    lines[1] = "Leave is 30 days [1]."
    lines[8] = "Leave is 31 days [1]."
    return answer_revise(answer=original, text="\n".join(lines), revised_by=editor)


def test_a_long_diff_loads_after_the_page_a_part_at_a_time(client, reviewer, revised):
    login(client, reviewer)
    url = reverse("citations:answer_detail", args=[revised.pk])
    html = client.get(url).content.decode()
    # A long answer's page leaves the diff out (the previous report is a second one to read):
    # htmx loads its first part at once; without JavaScript the link shows it.
    assert diff_texts(html) == []
    more = element(html, id="diff-more")
    assert f'hx-get="{url}?diff_from=0"' in more and 'hx-trigger="load, click"' in more
    assert f'href="{url}?diff_upto=0#diff"' in more
    first = client.get(url, {"diff_from": 0}, **HX).content.decode()
    # 12 lines (two removed, two added): the first four, the counts, a link to the next four.
    assert diff_texts(first) == [
        "Leave is 1 days [1].",
        "Leave is 2 days [1].",
        "Leave is 30 days [1].",
        "Leave is 3 days [1].",
    ]
    assert "2 removed" in element(first, id="diff-counts")
    assert 'hx-swap-oob="true"' in element(first, id="diff-counts")
    assert f'hx-get="{url}?diff_from=4"' in element(first, id="diff-more")
    part = client.get(url, {"diff_from": 8}, **HX).content.decode()
    assert "<html" not in part and 'id="review"' not in part and "diff-counts" not in part
    assert diff_texts(part) == [
        "Leave is 8 days [1].",
        "Leave is 9 days [1].",
        "Leave is 31 days [1].",
        "Leave is 10 days [1].",
    ]
    assert 'id="diff-more"' not in part
    plain = client.get(url, {"diff_upto": 0}).content.decode()
    assert len(diff_texts(plain)) == 4 and "2 removed" in plain
    assert f'href="{url}?diff_upto=8#diff"' in element(plain, id="diff-more")
    assert len(diff_texts(client.get(url, {"diff_upto": 12}).content.decode())) == 12
