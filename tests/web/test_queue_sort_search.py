"""The queue's sorts (a validated parameter), time waiting, and text search on both databases
(full-text on PostgreSQL, on the GIN index of the stored words; the same rule as a regular
expression on SQLite)."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test import override_settings
from django.utils import timezone

from citations.models import Answer
from citations.selectors.queue import queue_search, search_words
from citations.web.presenters.queue_rows import waited
from tests.factories import ApiClientFactory, make_answer
from tests.web.conftest import login
from tests.web.test_queue import QUEUE, UNCITED, UNSUPPORTED, titles

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(db):
    now = timezone.now()
    made = {
        "worst, newest": (UNSUPPORTED, "Zeta", 1),
        "mild, oldest": (UNCITED, "Alpha", 30),
        "worst, middle": (UNSUPPORTED, "Mid", 5),
    }
    for question, (text, client_name, hours) in made.items():
        answer = make_answer(
            client=ApiClientFactory(name=client_name), text=text, question=question
        )
        Answer.objects.filter(pk=answer.pk).update(created_at=now - timedelta(hours=hours))


def test_severity_is_the_default_then_age_and_client(client, reviewer, three):
    login(client, reviewer)
    default = client.get(QUEUE)
    assert titles(default) == ["worst, middle", "worst, newest", "mild, oldest"]
    assert 'aria-current="true">Severity</a>' in default.content.decode()
    assert titles(client.get(QUEUE, {"sort": "severity"})) == titles(default)
    by_age = client.get(QUEUE, {"sort": "age"})
    assert titles(by_age) == ["mild, oldest", "worst, middle", "worst, newest"]
    assert 'aria-current="true">Waiting longest</a>' in by_age.content.decode()
    assert titles(client.get(QUEUE, {"sort": "client"})) == [
        "mild, oldest",  # Alpha
        "worst, middle",  # Mid
        "worst, newest",  # Zeta
    ]


@pytest.mark.parametrize("bad", ["bogus", "-severity", "client;drop", "", "x" * 500])
def test_a_bad_sort_shows_the_default(client, reviewer, three, bad):
    login(client, reviewer)
    response = client.get(QUEUE, {"sort": bad})
    assert response.status_code == 200
    assert titles(response) == ["worst, middle", "worst, newest", "mild, oldest"]


def test_the_sort_and_scope_survive_tabs_and_search(client, reviewer, three):
    login(client, reviewer)
    html = client.get(QUEUE, {"sort": "age", "scope": "all"}).content.decode()
    assert 'href="?sort=age&amp;scope=all&amp;status=approved"' in html
    assert '<input type="hidden" name="sort" value="age" form="filters">' in html
    assert '<input type="hidden" name="scope" value="all" form="filters">' in html


def test_each_row_says_how_long_it_has_waited(client, reviewer, three):
    login(client, reviewer)
    html = client.get(QUEUE).content.decode()
    assert ">waiting 30 h</time>" in html
    assert ">waiting 5 h</time>" in html
    assert '<time class="waited meta-sep" datetime="20' in html


def test_a_rows_time_reads_in_the_sites_time_zone(client, reviewer):
    # The view formats it (presenters.queue_rows.queue_row), as the `date` filter did: local time.
    answer = make_answer(text=UNSUPPORTED, question="timed")
    late = datetime(2026, 3, 1, 23, 30, tzinfo=UTC)
    Answer.objects.filter(pk=answer.pk).update(created_at=late)
    login(client, reviewer)
    with override_settings(TIME_ZONE="Europe/Berlin"):
        html = client.get(QUEUE).content.decode()
    local = 'datetime="2026-03-02T00:30:00+01:00" title="Submitted 2026-03-02 00:30"'
    assert f'<time class="waited meta-sep" {local}>' in html


def test_waited_reads_in_its_largest_unit():
    now = timezone.now()
    assert waited(now - timedelta(seconds=20), now) == "under a minute"
    assert waited(now - timedelta(minutes=7, seconds=5), now) == "7 min"
    assert waited(now - timedelta(hours=3, minutes=59), now) == "3 h"
    assert waited(now - timedelta(hours=47), now) == "47 h"
    assert waited(now - timedelta(days=2, hours=23), now) == "2 d"
    assert waited(now + timedelta(minutes=1), now) == "under a minute"  # clock skew


def test_search_words_are_letters_and_digits_only():
    assert search_words("Art. 5(1)(a) GDPR's") == ["Art", "5", "1", "a", "GDPR", "s"]
    assert search_words("leave:* & !days | <-> ''") == ["leave", "days"]
    assert search_words("") == []


def test_search_matches_every_word_prefixes_and_ignores_operators(client, reviewer):
    make_answer(text=UNSUPPORTED, question="How many leave days in Spain?")
    make_answer(text=UNCITED, question="Who approves written requests?")
    login(client, reviewer)
    assert titles(client.get(QUEUE, {"q": "spain leave"})) == ["How many leave days in Spain?"]
    # A word still being typed matches: a word is a prefix (on both databases).
    assert titles(client.get(QUEUE, {"q": "approv"})) == ["Who approves written requests?"]
    # Both the question and the answer's text are searched.
    assert len(titles(client.get(QUEUE, {"q": "Managers approve"}))) == 1
    assert titles(client.get(QUEUE, {"q": "spain approves"})) == []
    # tsquery syntax is not interpreted: it is only punctuation around the words.
    for nasty in ["leave & | !", "'", ":*", "(((", "\\", "days:* | x"]:
        assert client.get(QUEUE, {"q": nasty}).status_code == 200
    assert len(titles(client.get(QUEUE, {"q": "!!!"}))) == 2  # no words: no filter


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the GIN index is PostgreSQL's")
def test_the_search_uses_the_gin_index_of_the_stored_words():
    make_answer(text=UNSUPPORTED, question="indexed")
    query = queue_search(Answer.objects.all(), "leave days").values("pk").order_by()
    sql, params = query.query.sql_with_params()
    with connection.cursor() as cursor:
        # A test table is tiny: take the sequential scan off the table so the planner shows
        # whether the index can serve the expression at all (the point of this test).
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("EXPLAIN " + sql, params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "Bitmap Index Scan on answer_search_document" in plan, plan
    assert list(query) == [{"pk": Answer.objects.get(question="indexed").pk}]
