"""Query counts stay constant in the number of sentences, citations, decisions and rows."""

import pytest
from django.urls import reverse

from citations.services import answer_claim, decision_record
from tests.factories import ApiClientFactory, UserFactory, make_answer
from tests.web.conftest import HX, login
from tests.web.test_queue_queries import SEARCH_READ_QUERIES

pytestmark = pytest.mark.django_db

EVIDENCE = [
    {"text": "Employees are entitled to 30 days of paid annual leave per year.", "title": "A"},
    {"text": "Overtime is paid at 150 percent of the regular hourly wage.", "title": "B"},
    {"text": "Notice periods are 30 days for permanent contracts.", "title": "C"},
]
BLOCK = (
    "Employees get 30 days of paid annual leave [1]. Overtime pays 200 percent [2, 3]. "
    "The manager must approve every request in writing before the leave starts.\n"
)

# "permissions" is Django's permission check: the user's own, then their groups' (two queries,
# cached on the user for the request).
# Measured: session, user, permissions (2), answer, evidence, decisions (+ reviewers),
# comments (+ authors), latest verification (opening claims nothing: the page POSTs the claim).
DETAIL_QUERIES = 9
# Session, user, permissions (2), clients for the filter, tab counts, one page of rows, the
# reviewer's own claims.
QUEUE_QUERIES = 8
# The whole queue page adds its head: decisions of the user's others replaced, the day's progress.
QUEUE_PAGE_QUERIES = QUEUE_QUERIES + 2
# Session, user, permissions (2), answer, evidence, decisions, comments, verification.
EVIDENCE_QUERIES = 9
# Session, user, permissions (2), the answer row; in decision_record: savepoint, locked answer,
# verification, decisions, insert, the metrics' rollups (decisions per day, the reviewer's and
# the sentence's spans: one insert-or-add each), summary update, release; the claim update;
# then the page again: answer, evidence, decisions (+ reviewers), comments (+ authors),
# verification.
DECIDE_QUERIES = 22


def answer_with(blocks: int, decisions: int = 0):
    answer = make_answer(text=BLOCK * blocks, evidence=EVIDENCE)
    reviewers = [UserFactory(groups=["reviewer"]) for _ in range(3)]
    for n in range(decisions):
        decision_record(
            answer=answer,
            reviewer=reviewers[n % 3],
            action="approve" if n % 2 else "reject",
            note=f"note {n}",
            sentence_index=1 + 3 * (n % blocks),
        )
    return answer


def seen(answer, index: int) -> int:
    """The decision in force on sentence `index`, as the page's form carries it."""
    return answer.decisions.filter(sentence_index=index).latest("created_at", "id").pk


@pytest.mark.parametrize(("blocks", "decisions"), [(1, 0), (2, 1), (40, 30)])
def test_answer_page(client, reviewer, django_assert_num_queries, blocks, decisions):
    answer = answer_with(blocks, decisions)
    assert len(answer.verifications.latest().report["sentences"]) == 3 * blocks
    login(client, reviewer)
    url = reverse("citations:answer_detail", args=[answer.pk])
    client.get(url)  # warm the session
    with django_assert_num_queries(DETAIL_QUERIES):
        response = client.get(url)
    assert response.status_code == 200
    assert response.content.count(b'class="card ') == 2 * blocks


@pytest.mark.parametrize("blocks", [1, 40])
def test_evidence_fragment(client, reviewer, django_assert_num_queries, blocks):
    answer = answer_with(blocks, decisions=blocks)
    login(client, reviewer)
    url = reverse("citations:answer_evidence", args=[answer.pk])
    client.get(url, {"s": 1}, **HX)
    with django_assert_num_queries(EVIDENCE_QUERIES):
        assert client.get(url, {"s": 1}, **HX).status_code == 200


@pytest.mark.parametrize("blocks", [1, 40])
def test_decision(client, reviewer, django_assert_num_queries, blocks):
    answer = answer_with(blocks, decisions=blocks)
    login(client, reviewer)
    client.get(reverse("citations:answer_detail", args=[answer.pk]))
    url = reverse("citations:answer_decide", args=[answer.pk])
    approval = {"action": "approve", "sentence": 1, "seen": seen(answer, 1)}
    with django_assert_num_queries(DECIDE_QUERIES):
        response = client.post(url, approval, **HX)
    assert response.status_code == 200


@pytest.mark.parametrize("rows", [1, 3, 30])
def test_queue_page(client, reviewer, django_assert_num_queries, rows):
    clients = [ApiClientFactory() for _ in range(3)]
    others = [UserFactory(groups=["reviewer"]) for _ in range(2)]
    for n in range(rows):
        answer = make_answer(client=clients[n % 3], text=BLOCK, evidence=EVIDENCE)
        answer_claim(answer=answer, user=others[n % 2])
    login(client, reviewer)
    url = reverse("citations:answer_list")
    client.get(url)
    # A search's tabs are not counted (selectors.queue.queue_counted): one query fewer; on
    # PostgreSQL its page is read in two steps (selectors.keyset_search).
    with django_assert_num_queries(QUEUE_PAGE_QUERIES - 1 + SEARCH_READ_QUERIES):
        response = client.get(url, {"status": "all", "q": "leave"})
    assert response.content.count(b'class="row-title"') == min(rows, 25)
    with django_assert_num_queries(QUEUE_QUERIES):
        client.get(url, **HX)


# Session, user, permissions (2), the answer's summary row, the conditional claim UPDATE.
CLAIM_QUERIES = 6


@pytest.mark.parametrize("blocks", [1, 40])
def test_claim(client, reviewer, django_assert_num_queries, blocks):
    answer = answer_with(blocks, decisions=blocks)
    login(client, reviewer)
    client.get(reverse("citations:answer_list"))  # warm the session
    url = reverse("citations:answer_claim", args=[answer.pk])
    with django_assert_num_queries(CLAIM_QUERIES):
        assert client.post(url, **HX).status_code == 200


# A decision's POST as above, less the name of the reviewer whose decision was overruled
# (DECIDE_QUERIES decides over another reviewer, so its page names them): an undo finds its
# target in the decisions already loaded.
UNDO_QUERIES = DECIDE_QUERIES - 1


@pytest.mark.parametrize("blocks", [1, 40])
def test_rejection_with_a_reason_and_undo(client, reviewer, django_assert_num_queries, blocks):
    answer = answer_with(blocks, decisions=blocks)
    login(client, reviewer)
    client.get(reverse("citations:answer_detail", args=[answer.pk]))
    url = reverse("citations:answer_decide", args=[answer.pk])
    rejection = {"action": "reject", "sentence": 1, "reject_reason": "wrong_number"}
    rejection["seen"] = seen(answer, 1)
    with django_assert_num_queries(DECIDE_QUERIES):
        assert client.post(url, rejection, **HX).status_code == 200
    with django_assert_num_queries(UNDO_QUERIES):
        assert client.post(url, {"action": "undo"}, **HX).status_code == 200
