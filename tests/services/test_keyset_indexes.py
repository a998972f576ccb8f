"""Migration 0017's indexes serve the keyset pages they were made for, on PostgreSQL: a deep
page of the queue (each tab and "all", severity and age) and of the API's list is one range of
its index (`Index Cond` on the row comparison), not a walk or a sort of every answer."""

import pytest
from django.db import connection

from citations.models import Answer
from citations.selectors import answer_client_list
from citations.selectors.keyset import Keyset
from citations.selectors.keyset_pages import keyset_page
from citations.selectors.queue import queue_sorted, review_queue_page_rows
from tests.factories import make_answer

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the indexes are PostgreSQL's"),
]


def plan_of(queryset) -> str:
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        # A test table is tiny: take the other ways off, so the plan shows whether the index
        # can serve the page at all (the point of this test).
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_bitmapscan = off")
        cursor.execute("SET LOCAL enable_sort = off")
        cursor.execute("EXPLAIN " + sql, params)
        return "\n".join(row[0] for row in cursor.fetchall())


def deep_page(rows):
    keyset = Keyset(rows)
    key, backward = keyset.read_cursor(keyset_page(rows, size=1).next)
    return keyset.page(rows, key, backward=backward)[:26]


@pytest.mark.parametrize(
    "sort, status, index",
    [
        ("severity", "needs_review", "answer_keyset_severity"),
        ("severity", None, "answer_keyset_severity_all"),
        ("age", "needs_review", "answer_keyset_age"),
        ("age", None, "answer_keyset_age_all"),
    ],
)
def test_a_deep_queue_page_is_a_range_of_its_index(sort, status, index):
    for _ in range(2):
        make_answer(text="Employees get 45 days of paid annual leave [1].")
    rows = review_queue_page_rows(queue_sorted(Answer.objects.current(), sort=sort), status=status)
    plan = plan_of(deep_page(rows))
    assert f"Index Scan using {index} " in plan, plan
    assert "Index Cond: " in plan and "ROW(" in plan.split("Index Cond: ")[1], plan
    assert "Sort Key" not in plan, plan


@pytest.mark.parametrize(
    "status, index", [("needs_review", "answer_keyset_client"), (None, "answer_keyset_client_all")]
)
def test_a_deep_page_of_the_client_sort_is_a_range_of_one_clients_index(status, index):
    first = make_answer(text="Employees get 45 days of paid annual leave [1].")
    make_answer(client=first.client, text="Employees get 45 days of paid annual leave [1].")
    rows = review_queue_page_rows(
        queue_sorted(Answer.objects.current(), sort="severity"), status=status
    )
    # On a tiny table the planner may as well filter the severity indexes by client, or the
    # other client index by tab: dropped (in the test's transaction), the client index must
    # serve the page on its own.
    (sibling,) = {"answer_keyset_client", "answer_keyset_client_all"} - {index}
    with connection.cursor() as cursor:
        cursor.execute(f"DROP INDEX answer_keyset_severity, answer_keyset_severity_all, {sibling}")
    # What GroupedKeyset reads for the client sort: one client's answers after a key.
    plan = plan_of(deep_page(rows.filter(client_id=first.client_id)))
    assert f"Index Scan using {index} " in plan, plan
    assert "Sort Key" not in plan, plan


def test_a_deep_page_of_the_api_list_is_a_range_of_its_index():
    first = make_answer()
    make_answer(client=first.client)
    rows = answer_client_list(client=first.client).filter(is_current=True)
    plan = plan_of(deep_page(rows))
    assert "Index Scan Backward using answer_keyset_client_created " in plan, plan
    assert "Sort Key" not in plan, plan
