"""The queue's keyset pages: next, previous and first links carrying a cursor (plain hrefs and
htmx), a damaged or foreign cursor answered with the first page and a message, tab counts
capped (none under a search), a deep page costing what the first does, and numbers searched
whole."""

import re
from html import unescape

import pytest

from citations.selectors import queue as queue_selectors
from tests.factories import make_answer
from tests.web.conftest import HX, login
from tests.web.test_queue import QUEUE, UNCITED, UNSUPPORTED, titles

pytestmark = pytest.mark.django_db


def link(response, rel: str) -> str:
    found = re.search(rf'href="([^"]*)"[^>]*rel="{rel}"', response.content.decode())
    return unescape(found.group(1)) if found else ""


@pytest.fixture
def fifty_three(db):
    # Two severities and one question per answer, so the pages cross a tie on the sort key.
    for n in range(53):
        make_answer(text=UNSUPPORTED if n % 2 else UNCITED, question=f"Question {n:02d}")


def test_next_and_previous_walk_every_answer_once_in_order(client, reviewer, fifty_three):
    login(client, reviewer)
    first = client.get(QUEUE, {"q": "Question", "sort": "age"})
    assert not link(first, "prev")
    pages, response = [titles(first)], first
    while url := link(response, "next"):
        assert "q=Question" in url and "sort=age" in url and "cursor=" in url
        response = client.get(QUEUE + url)
        pages.append(titles(response))
    assert [len(page) for page in pages] == [25, 25, 3]
    assert [t for page in pages for t in page] == [f"Question {n:02d}" for n in range(53)]
    # Back again, with htmx this time: the fragment's links go on from where it is.
    middle = client.get(QUEUE + link(response, "prev"), **HX)
    assert titles(middle) == pages[1]
    assert titles(client.get(QUEUE + link(middle, "prev"), **HX)) == pages[0]
    assert 'hx-get="?q=Question&amp;sort=age&amp;status=needs_review"' in middle.content.decode()


def test_the_queue_remembers_its_page_for_the_way_back(client, reviewer, fifty_three):
    login(client, reviewer)
    second = client.get(QUEUE + link(client.get(QUEUE), "next"))
    here = second.context["here"]
    assert "cursor=" in here
    assert titles(client.get(QUEUE + "?" + here)) == titles(second)


@pytest.mark.parametrize("cursor", ["garbage", "eyJvIjoxfQ:1abc:forged", "x" * 5000])
def test_a_damaged_cursor_shows_the_first_page_with_a_message(
    client, reviewer, fifty_three, cursor
):
    login(client, reviewer)
    response = client.get(QUEUE, {"cursor": cursor})
    assert response.status_code == 200
    assert "That page link is damaged" in response.content.decode()
    assert titles(response) == titles(client.get(QUEUE))


def test_a_cursor_of_another_sort_starts_that_sort_over(client, reviewer, fifty_three):
    login(client, reviewer)
    by_age = link(client.get(QUEUE, {"sort": "age"}), "next")
    cursor = by_age.split("cursor=")[1]
    response = client.get(QUEUE, {"sort": "severity", "cursor": cursor})
    assert "That page link is damaged or was made for another sort" in response.content.decode()
    assert titles(response) == titles(client.get(QUEUE, {"sort": "severity"}))


def test_tab_counts_stop_at_the_cap(client, reviewer, fifty_three, monkeypatch):
    login(client, reviewer)
    monkeypatch.setattr(queue_selectors, "COUNT_CAP", 40)
    html = client.get(QUEUE).content.decode()
    assert 'Needs review <span class="count">40+</span>' in html
    assert 'Clean <span class="count">0</span>' in html
    assert "40+ answers" in html


def test_a_search_pages_without_counting(client, reviewer, fifty_three):
    login(client, reviewer)
    response = client.get(QUEUE, {"q": "Question"})
    html = response.content.decode()
    assert len(titles(response)) == 25
    assert 'Needs review <span class="count">' not in html
    assert 'All <span class="count">' not in html
    assert " answers</span>" not in html


def test_counts_read_at_most_the_cap(fifty_three):
    counts = queue_selectors.queue_counts(cap=20)
    assert counts["needs_review"] == counts["all"] == 21
    assert counts["clean"] == 0
    assert queue_selectors.queue_counts()["all"] == 53


def test_a_deep_page_costs_what_the_first_does(
    client, reviewer, fifty_three, django_assert_num_queries
):
    login(client, reviewer)
    client.get(QUEUE, **HX)
    with django_assert_num_queries(8):
        response = client.get(QUEUE, **HX)
    third = link(client.get(QUEUE + link(response, "next"), **HX), "next")
    with django_assert_num_queries(8):
        assert len(titles(client.get(QUEUE + third, **HX))) == 3


def test_numbers_match_whole_words_match_as_prefixes(client, reviewer):
    for question in ["Leave rules (case 15)", "Leave rules (case 150)", "Leave (case 1.15)"]:
        make_answer(text=UNSUPPORTED, question=question)
    login(client, reviewer)
    assert titles(client.get(QUEUE, {"q": "case 15"})) == ["Leave rules (case 15)"]
    assert titles(client.get(QUEUE, {"q": "case 150"})) == ["Leave rules (case 150)"]
    assert len(titles(client.get(QUEUE, {"q": "lea cas"}))) == 3
    assert titles(client.get(QUEUE, {"q": "5"})) == []  # in none whole: 15, 150, 1.15, 45
