"""The queue page's queries stay constant in its rows for every scope, tab, sort and search,
and for bulk actions."""

import pytest
from django.db import connection
from django.urls import reverse

from citations.services import answer_claim
from citations.services.assignment import answer_assign
from tests.factories import ApiClientFactory, UserFactory, make_answer
from tests.web.conftest import HX, login

pytestmark = pytest.mark.django_db

QUEUE = reverse("citations:answer_list")
TEXT = "Employees get 45 days of paid annual leave [1]. Overtime pays 200 percent [2]."
# Session, user, permissions (2: the user's own, then their groups'), clients for the filter,
# tab counts, one page of rows (client, claimer and assignee joined), the user's own claims.
REVIEWER_QUERIES = 8
# The same plus the people answers can be assigned to (editors and staff assign).
EDITOR_QUERIES = 9
# The whole page (not the list an htmx request swaps) adds its head: the decisions of the
# user's that others replaced, and the day's progress (one aggregate).
PAGE_HEAD_QUERIES = 2
# The client sort reads client by client (keyset_pages.GroupedKeyset): the clients in name
# order, then one query per client the page reaches (here all three: 1 row, or 30 in thirds)
# in place of the page's one.
CLIENT_SORT_QUERIES = 1 + 3 - 1
# A search on PostgreSQL reads a page's rows in two steps (selectors.keyset_search): the walk
# of the order that finds them (here each row matches, or the walk reads the whole list), then
# the rows found; one more query for each read that finds rows (the client sort: per client).
SEARCH_READ_QUERIES = 1 if connection.vendor == "postgresql" else 0

VARIANTS = [
    {},
    {"scope": "mine"},
    {"scope": "all", "status": "all"},
    {"sort": "age"},
    {"sort": "client", "status": "all"},
    {"sort": "bogus"},
    {"q": "leave overtime"},
    {"q": "leave", "scope": "all", "sort": "client"},
]


@pytest.fixture
def queue_of(db):
    def make(rows: int, assignee):
        clients = [ApiClientFactory() for _ in range(3)]
        others = [UserFactory(groups=["reviewer"]) for _ in range(2)]
        editor = UserFactory(username="assigner", groups=["editor"])
        answers = []
        for n in range(rows):
            answer = make_answer(client=clients[n % 3], text=TEXT)
            answer_claim(answer=answer, user=others[n % 2])
            answers.append(answer)
        answer_assign(answers=answers, assignee=assignee, by=editor)
        return answers

    return make


@pytest.mark.parametrize("rows", [1, 30])
@pytest.mark.parametrize(
    "params", VARIANTS, ids=lambda p: "&".join(f"{k}={v}" for k, v in p.items()) or "default"
)
def test_queue_page_for_a_reviewer(
    client, reviewer, queue_of, django_assert_num_queries, rows, params
):
    queue_of(rows, reviewer)
    login(client, reviewer)
    client.get(QUEUE)  # warm the session
    queries = REVIEWER_QUERIES + (CLIENT_SORT_QUERIES if params.get("sort") == "client" else 0)
    if "q" in params:  # a search is not counted (queue_counted), and read in two steps
        reads = min(rows, 3) if params.get("sort") == "client" else 1
        queries += reads * SEARCH_READ_QUERIES - 1
    with django_assert_num_queries(queries + PAGE_HEAD_QUERIES):
        response = client.get(QUEUE, params)
    assert response.status_code == 200
    if params.get("sort") != "bogus" or rows:
        assert response.content.count(b'class="row-title"') == min(rows, 25)
    with django_assert_num_queries(queries):
        client.get(QUEUE, params, **HX)


@pytest.mark.parametrize("rows", [1, 30])
@pytest.mark.parametrize("params", VARIANTS[:3], ids=["default", "mine", "all"])
def test_queue_page_for_an_editor(
    client, editor, queue_of, django_assert_num_queries, rows, params
):
    queue_of(rows, editor)
    login(client, editor)
    client.get(QUEUE)
    with django_assert_num_queries(EDITOR_QUERIES + PAGE_HEAD_QUERIES):
        response = client.get(QUEUE, params)
    assert response.content.count(b'class="row-title"') == min(rows, 25)


# Session, user, permissions (2), the chosen assignee (the form's choice); in answer_assign:
# savepoint, the locked rows, the assignee's permissions (2), the update, release; then the
# refreshed list (clients, counts, rows, assignees, claims).
ASSIGN_QUERIES = 16
# Session, user, permissions (2); savepoint, the count of others' claims, the update, release;
# then the refreshed list (clients, counts, rows, claims).
RELEASE_QUERIES = 12


@pytest.mark.parametrize("rows", [1, 30])
def test_bulk_assign(client, editor, reviewer, queue_of, django_assert_num_queries, rows):
    answers = queue_of(rows, None)
    login(client, editor)
    client.get(QUEUE)
    data = {"action": "assign", "assignee": reviewer.pk, "ids": [a.pk for a in answers]}
    with django_assert_num_queries(ASSIGN_QUERIES):
        assert client.post(QUEUE, data, **HX).status_code == 200


@pytest.mark.parametrize("rows", [1, 30])
def test_bulk_release(client, reviewer, queue_of, django_assert_num_queries, rows):
    answers = queue_of(rows, None)
    login(client, reviewer)
    client.get(QUEUE)
    data = {"action": "release", "ids": [a.pk for a in answers]}
    with django_assert_num_queries(RELEASE_QUERIES):
        assert client.post(QUEUE, data, **HX).status_code == 200
