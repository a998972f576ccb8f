"""Keyset pages (`selectors.keyset.keyset_page`): in every order the queue and the API list
offer, with ties and NULLs on the order's columns, walking the next links yields every row
exactly once in order and the previous links walk the same pages back; a cursor this order did
not make is refused; a page is one query at any depth."""

from datetime import timedelta

import pytest
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.seeding import answers_seed
from citations.models import Answer
from citations.selectors.keyset import InvalidCursor, Keyset, order_terms
from citations.selectors.keyset_pages import keyset_page
from citations.selectors.queue import REVIEW_TAB_ORDER, SORT_ORDERS, review_queue_page
from tests.factories import ApiClientFactory

pytestmark = pytest.mark.django_db

ROWS = 24
TEMPLATE = {
    "question": "How long is annual leave?",
    "text": "Employees get 30 days of paid annual leave [1].",
    "evidence": [{"text": "Employees are entitled to 30 days of paid annual leave per year."}],
}
ORDERS = {
    **{f"queue {name}": order for name, order in SORT_ORDERS.items()},
    **{f"tab {name}": order for name, order in REVIEW_TAB_ORDER.items()},
    "api list": ("-created_at", "-id"),
}
NOW = timezone.now()
# Few distinct values per column, so that ties cross page bounds in every column.
ROW = st.fixed_dictionaries(
    {
        "severity": st.integers(0, 2),
        "min_support": st.sampled_from([None, 0.0, 0.25, 0.5]),
        "unsupported_count": st.integers(0, 1),
        "uncited_count": st.integers(0, 1),
        "created_at": st.sampled_from([NOW, NOW - timedelta(hours=1)]),
        "review_completed_at": st.sampled_from([None, NOW]),
        "client": st.integers(0, 1),
    }
)


@pytest.fixture
def answers(db):
    clients = [ApiClientFactory(name="beta"), ApiClientFactory(name="alpha")]
    answers_seed(client=clients[0], templates=[TEMPLATE], count=ROWS)
    return clients


def expected_order(queryset) -> list[int]:
    """The order the queryset declares, computed in Python (NULLs where the terms put them)."""
    rows = list(queryset)
    for term in reversed(order_terms(queryset)):
        path = term.name.split("__")

        def value(row, path=path):
            for part in path:
                row = row.pk if part == "pk" else getattr(row, part)
            return row

        present = [row for row in rows if value(row) is not None]
        missing = [row for row in rows if value(row) is None]
        present.sort(key=value, reverse=term.descending)
        rows = present + missing if term.nulls_last else missing + present
    return [row.pk for row in rows]


def walk(read) -> tuple[list[list[int]], list[list[int]]]:
    """Every page `read(cursor)` gives by the next links, then back from the last by the
    previous links."""
    forward, cursor = [], None
    while True:
        page = read(cursor)
        forward.append([row.pk for row in page.rows])
        if page.next is None:
            break
        cursor = page.next
    backward = []
    cursor = page.previous
    while cursor is not None:
        page = read(cursor)
        backward.append([row.pk for row in page.rows])
        cursor = page.previous
    return forward, backward


def spread(clients, rows) -> None:
    for answer, row in zip(Answer.objects.order_by("id"), rows, strict=True):
        values = {k: v for k, v in row.items() if k != "client"}
        Answer.objects.filter(pk=answer.pk).update(client=clients[row["client"]], **values)


EXAMPLES = settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@EXAMPLES
@given(rows=st.lists(ROW, min_size=ROWS, max_size=ROWS), size=st.integers(1, 7))
@pytest.mark.parametrize("order", ORDERS.values(), ids=ORDERS.keys())
def test_walking_the_pages_yields_every_row_once_in_order(answers, order, rows, size):
    spread(answers, rows)
    queryset = Answer.objects.order_by(*order)
    expected = expected_order(queryset)

    forward, backward = walk(lambda cursor: keyset_page(queryset, size=size, cursor=cursor))

    assert [pk for page in forward for pk in page] == expected
    assert all(len(page) == size for page in forward[:-1])
    # Back from the last page: the same pages, the first one whole.
    assert backward == forward[-2::-1]


@EXAMPLES
@given(rows=st.lists(ROW, min_size=ROWS, max_size=ROWS), size=st.integers(1, 7))
@pytest.mark.parametrize("status", [None, "clean"])
def test_the_client_sort_read_client_by_client_is_its_order(answers, status, rows, size):
    spread(answers, rows)
    Answer.objects.filter(pk__in=Answer.objects.order_by("id")[:5]).update(review_status="clean")
    tab = Answer.objects.filter(review_status=status) if status else Answer.objects.all()
    expected = expected_order(tab.order_by(*SORT_ORDERS["client"]))

    def read(cursor):
        return review_queue_page(tab, status=status, sort="client", cursor=cursor, size=size)

    forward, backward = walk(read)

    assert [pk for page in forward for pk in page] == expected
    assert all(len(page) == size for page in forward[:-1])
    assert backward == forward[-2::-1]


def test_a_cursor_this_order_did_not_make_is_refused(answers):
    severity = Answer.objects.order_by(*SORT_ORDERS["severity"])
    made = keyset_page(severity, size=5).next
    assert keyset_page(severity, size=5, cursor=made).rows
    age = Answer.objects.order_by(*SORT_ORDERS["age"])
    signed_elsewhere = Keyset(age).cursor((NOW, 1), backward=False)
    value, signature = made.rsplit(":", 1)
    for bad in [
        "garbage",
        "",
        made[:-2],
        f"{value}:{signature[::-1]}",  # forged: the signature does not match
        signed_elsewhere,  # a real cursor, of another order
        made * 20,  # too long to be one
    ]:
        with pytest.raises(InvalidCursor):
            Keyset(severity).read_cursor(bad)
    with pytest.raises(InvalidCursor):
        keyset_page(severity, size=5, cursor=signed_elsewhere)


def test_a_deep_page_is_one_query(answers, django_assert_num_queries):
    queryset = Answer.objects.order_by(*SORT_ORDERS["severity"])
    cursor = keyset_page(queryset, size=5).next
    for _ in range(3):
        with django_assert_num_queries(1):
            page = keyset_page(queryset, size=5, cursor=cursor)
        cursor = page.next
    assert cursor is not None
