"""Pages of a searched queue (`selectors.keyset_search`): whatever the words (in every answer,
in one in ten, in the last two of the order, in none) and whichever way a page is found (the
bounded walk of the order or the GIN index's matches), the next and previous links give every
match once, in the sort's order, as a plain filter and sort would. On PostgreSQL: the walk
reads the order's index and the stored words, the matches come from the stored words' GIN
index, and a trigger keeps the stored words filled."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from benchmarks.seeding import answers_seed
from citations.models import Answer
from citations.selectors import keyset_search
from citations.selectors.queue import queue_search, queue_sorted, review_queue_page
from tests.factories import ApiClientFactory, make_answer
from tests.services.test_keyset_pages import expected_order, walk

pytestmark = pytest.mark.django_db

ROWS = 30
ON_POSTGRESQL = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the stored words are PostgreSQL's"
)
# Small enough that 30 answers need both ways.
WALK_ROWS = 4


@pytest.fixture
def answers(db, monkeypatch):
    monkeypatch.setattr(keyset_search, "WALK_ROWS", WALK_ROWS)
    template = {
        "text": "Employees get 30 days of paid annual leave [1].",
        "evidence": [{"text": "Employees are entitled to 30 days of paid annual leave."}],
    }
    answers_seed(client=ApiClientFactory(name="acme"), templates=[template], count=ROWS)
    for i, answer in enumerate(Answer.objects.order_by("id")):
        # Case 7 and 70 in one in ten; "zebra" in the two oldest, last of the severity order.
        words = "zebra crossing" if i < 2 else "road"
        Answer.objects.filter(pk=answer.pk).update(
            question=f"Leave rules ({words}, case {i % 10 * 10 if i % 20 else 7})?",
            severity=i % 3,
            min_support=None if i % 4 == 0 else (i * 7 % 10) / 10,
        )


def pages(text: str, sort: str, size: int):
    found = queue_sorted(queue_search(Answer.objects.current(), text), sort=sort)

    def read(cursor):
        return review_queue_page(found, status=None, sort=sort, cursor=cursor, size=size)

    return found, walk(read)


@pytest.mark.parametrize("sort", ["severity", "age", "client"])
@pytest.mark.parametrize("text", ["leave", "case 7", "zebra", "leave zebra", "nothing"])
@pytest.mark.parametrize("size", [1, 3, 25])
def test_a_searched_queue_pages_every_match_once_in_order(answers, text, sort, size):
    found, (forward, backward) = pages(text, sort, size)

    expected = expected_order(found)
    assert [pk for page in forward for pk in page] == expected
    assert all(len(page) == size for page in forward[:-1])
    assert backward == forward[-2::-1]


def test_numbers_match_whole_and_words_as_prefixes(answers):
    assert len(pages("case 7", "age", 25)[1][0][0]) == 2  # not "case 70"
    assert len(pages("zebr cross", "age", 25)[1][0][0]) == 2


def queries_of(text: str, sort: str = "severity") -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        pages(text, sort, 3)
    return [query["sql"] for query in queries.captured_queries]


def plan_of(sql: str) -> str:
    with connection.cursor() as cursor:
        # A test table is tiny: with its statistics, and the sequential scan off the table,
        # the plan shows which index serves the query (the point of these tests).
        cursor.execute("ANALYZE citations_answer")
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("EXPLAIN " + sql)
        return "\n".join(row[0] for row in cursor.fetchall())


@ON_POSTGRESQL
def test_a_common_word_walks_the_orders_index_and_reads_the_stored_words(answers):
    queries = queries_of("leave")
    walks = [sql for sql in queries if "AS walk (pk, hit)" in sql]
    assert walks and not any("ANY(ARRAY(" in sql for sql in queries), queries
    # The walk is bounded by the rows it reads, not by the matches: the search is only read.
    assert walks[0].count("search_document @@") == 1, walks[0]
    plan = plan_of(walks[0])
    assert "Index Scan using answer_keyset_severity_all " in plan, plan
    assert "Sort" not in plan and "to_tsvector" not in plan, plan


@ON_POSTGRESQL
@pytest.mark.parametrize("text", ["zebra", "leave zebra", "nothing"])
def test_a_rare_word_takes_its_matches_from_the_gin_index(answers, text):
    queries = queries_of(text)
    (matches, *_) = [sql for sql in queries if "ANY(ARRAY(" in sql]
    # On a tiny table an index of the tab serves as well: dropped (in the test's
    # transaction), the GIN index must find the matches and the primary key read them.
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT string_agg(indexrelid::regclass::text, ', ') FROM pg_index "
            "WHERE indrelid = 'citations_answer'::regclass AND NOT EXISTS "
            "(SELECT FROM pg_constraint WHERE conindid = indexrelid) "
            "AND indexrelid::regclass::text <> 'answer_search_document'"
        )
        cursor.execute("DROP INDEX " + cursor.fetchone()[0])
    plan = plan_of(matches)
    assert "Bitmap Index Scan on answer_search_document" in plan, plan
    assert "Index Cond: (id = ANY ($0))" in plan, plan
    assert "to_tsvector" not in plan, plan


@ON_POSTGRESQL
def test_the_stored_words_follow_the_question_and_the_text(db):
    answer = make_answer(question="Parental leave?")

    def stored():
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT search_document::text FROM citations_answer WHERE id = %s", [answer.pk]
            )
            return cursor.fetchone()[0]

    assert "'parental'" in stored() and "'overtime'" in stored()
    Answer.objects.filter(pk=answer.pk).update(question="Zebra crossings?")
    assert "'zebra'" in stored() and "'parental'" not in stored()


@ON_POSTGRESQL
def test_the_migration_fills_the_stored_words_of_existing_answers(db):
    from importlib import import_module

    migration = import_module("citations.migrations.0019_answer_search_document")
    answer = make_answer(question="Parental leave?")
    with connection.cursor() as cursor:
        cursor.execute("UPDATE citations_answer SET search_document = NULL")
        migration.fill(cursor)
    assert list(queue_search(Answer.objects.all(), "parental")) == [answer]


def test_the_gin_index_reads_the_rarer_words_unless_every_word_is_common(monkeypatch):
    shares = {"leave": 1.0, "leaves": 0.2, "case": 0.9, "15": 0.02, "150": 0.005}
    monkeypatch.setattr(keyset_search, "term_shares", lambda: shares)

    def rare(*terms):
        return keyset_search.rare_part(keyset_search.SearchMatch(list(terms))).terms

    assert rare("leave:*", "4321") == ["4321"]  # not among the common words: rare
    assert rare("case:*", "150", "zebra:*") == ["150", "zebra:*"]
    assert rare("Lea:*", "15") == ["Lea:*", "15"]  # both common: together they may be rare
    assert rare("15", "1:*") == ["15", "1:*"]  # "1:*" sums 15 and 150: 2.5 %


@ON_POSTGRESQL
def test_the_words_shares_come_from_the_stored_words_statistics(answers):
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE citations_answer")
    shares = keyset_search.term_shares()
    assert shares["leave"] == 1.0 and shares["zebra"] == pytest.approx(2 / ROWS)
