"""Racing identical requests yield one answer; query counts do not grow with the input."""

import threading

import pytest
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from citations import services
from citations.models import Answer, Verification
from citations.services import token_issue
from tests.factories import UserFactory, make_answer

from .payloads import ANSWERS, EVIDENCE, GDPR_17, GDPR_TEXT, TEXT, body, detail_path


def _in_memory_sqlite() -> bool:
    return connection.vendor == "sqlite" and connection.is_in_memory_db()


@pytest.mark.django_db(transaction=True)
def test_two_identical_requests_racing_in_threads_store_one_answer():
    if _in_memory_sqlite():
        pytest.skip(
            "in-memory SQLite (shared cache) raises 'table is locked' instead of waiting; "
            "needs a file or PostgreSQL test database"
        )
    _, key = token_issue(client_name="racer")
    payload = body(external_id="race-1")
    barrier = threading.Barrier(2)
    results: list = []

    def post():
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        try:
            barrier.wait(timeout=5)
            response = api.post(ANSWERS, payload, format="json")
            results.append((response.status_code, response.json()))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(status for status, _ in results) == [200, 201]
    assert results[0][1]["id"] == results[1][1]["id"]
    assert Answer.objects.count() == 1
    assert Verification.objects.count() == 1


@pytest.mark.django_db
def test_a_request_that_loses_the_race_returns_the_winners_answer(api, monkeypatch):
    """Deterministic race on any database: the competitor commits between the loser's
    existence check and its insert, so the loser hits the unique constraint."""
    _, key = token_issue(client_name="pipeline")
    competitor = APIClient()
    competitor.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    payload = body(external_id="race-2")
    original = services.run_engine
    competitor_responses = []
    started = []

    def engine_while_competitor_commits(**kwargs):
        if not started:
            started.append(True)
            competitor_responses.append(competitor.post(ANSWERS, payload, format="json"))
        return original(**kwargs)

    monkeypatch.setattr(services.answers, "run_engine", engine_while_competitor_commits)
    loser = api.post(ANSWERS, payload, format="json")

    [winner] = competitor_responses
    assert winner.status_code == 201
    assert loser.status_code == 200
    assert loser.json() == winner.json()
    assert Answer.objects.count() == 1
    assert Verification.objects.count() == 1


@pytest.mark.django_db
def test_losing_the_race_with_a_different_body_is_a_conflict(api, monkeypatch):
    _, key = token_issue(client_name="pipeline")
    competitor = APIClient()
    competitor.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    original = services.run_engine
    fired = []
    started = []

    def engine_while_competitor_commits(**kwargs):
        if not started:
            started.append(True)
            fired.append(
                competitor.post(ANSWERS, body(external_id="race-3", question="?"), format="json")
            )
        return original(**kwargs)

    monkeypatch.setattr(services.answers, "run_engine", engine_while_competitor_commits)
    response = api.post(ANSWERS, body(external_id="race-3"), format="json")

    assert fired[0].status_code == 201
    assert response.status_code == 409
    assert Answer.objects.count() == 1


def _sentences(count: int) -> str:
    return " ".join(
        f"Employees get 30 days of paid annual leave [{1 + i % 2}]." for i in range(count)
    )


def _passages(count: int) -> list[dict]:
    return [
        {"text": f"Passage {i}: employees get 30 days of paid annual leave."} for i in range(count)
    ]


def _create_queries(api, payload) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = api.post(ANSWERS, payload, format="json")
    assert response.status_code == 201, response.json()
    return len(ctx.captured_queries)


# auth (the token and the address's failed guesses in one query); the throttle's count;
# savepoint, answer, evidence (one bulk insert), verification, the metrics' day (one
# insert-or-add), release. The 201 body is built from the rows just written: no read-back.
CREATE_QUERIES = 8


@pytest.mark.django_db
def test_creating_costs_the_same_for_2_or_40_passages(api, django_assert_num_queries):
    api.get(ANSWERS)  # the first request of a token records last_used_at
    small = _create_queries(api, body(evidence=_passages(2)))
    large = _create_queries(api, body(evidence=_passages(40)))

    assert small == large
    with django_assert_num_queries(CREATE_QUERIES):
        api.post(ANSWERS, body(evidence=_passages(40)), format="json")


@pytest.mark.django_db
def test_creating_costs_the_same_for_2_or_200_sentences(api, django_assert_num_queries):
    api.get(ANSWERS)
    small = _create_queries(api, body(text=_sentences(2)))
    large = _create_queries(api, body(text=_sentences(200)))

    assert small == large
    with django_assert_num_queries(CREATE_QUERIES):
        api.post(ANSWERS, body(text=_sentences(200)), format="json")


@pytest.mark.django_db
def test_a_submission_runs_every_statement_once_not_as_executemany(api):
    """Each rollup table gets one row of a typical submission: psycopg's executemany (pipeline
    mode) cost more CPU than the single statement (services.rollups._write)."""
    api.get(ANSWERS)
    payload = body(evidence=_passages(2), text=_sentences(3) + " A claim [7].")
    with CaptureQueriesContext(connection) as ctx:
        assert api.post(ANSWERS, payload, format="json").status_code == 201

    assert [q["sql"] for q in ctx.captured_queries if " times: " in q["sql"][:20]] == []


@pytest.mark.django_db
def test_with_redis_the_throttle_costs_a_post_no_query(
    api, settings, test_redis, django_assert_num_queries
):
    """REDIS_URL set: the client's count is an INCR in Redis, not an insert-or-update."""
    settings.REDIS_URL = test_redis
    api.get(ANSWERS)
    with django_assert_num_queries(CREATE_QUERIES - 1):
        assert api.post(ANSWERS, body(), format="json").status_code == 201


@pytest.mark.django_db
def test_unresolved_citations_are_counted_from_the_rows_written(api, django_assert_num_queries):
    """Two more inserts (the unresolved citations, the metrics' citation day) and no read."""
    api.get(ANSWERS)
    payload = body(evidence=_passages(2), text=_sentences(3) + " A claim [7]. Another [9].")
    with django_assert_num_queries(CREATE_QUERIES + 2):
        assert api.post(ANSWERS, payload, format="json").status_code == 201


@pytest.mark.django_db
def test_the_created_answer_returned_by_the_service_reads_later_changes(client_api):
    """The service's answer carries no rows loaded for the response: a decision made on it
    afterwards is seen (a seeded, empty decisions cache once hid it)."""
    client, _ = client_api
    reviewer = UserFactory(username="rita", groups=["reviewer"])
    answer, created = services.answer_create(client=client, text=TEXT, evidence=EVIDENCE)
    services.decision_record(answer=answer, reviewer=reviewer, action="return", note="redo")

    assert created
    assert answer.decisions.count() == 1
    assert [d.action for d in answer.decisions.all()] == ["return"]


@pytest.mark.django_db
def test_a_new_answer_is_answered_as_its_detail_reads_it(api):
    """The 201 body is built from the rows just written; it says what a GET says."""
    payload = body(evidence=_passages(3), text=_sentences(4) + " A claim [7].")
    created = api.post(ANSWERS, payload, format="json")
    assert created.status_code == 201

    assert created.json() == api.get(detail_path(created.json()["id"])).json()


@pytest.mark.django_db
def test_a_new_legal_answer_with_metadata_is_answered_as_its_detail_reads_it(api):
    """Every field the stored rows carry (legal units, aliases, metadata, external id, the
    stored report's nested values) comes out of the 201 as a GET reads it back."""
    payload = body(
        text=GDPR_TEXT + " Unused leave carries over [Labour Law, Article 33].",
        evidence=[GDPR_17, {"text": "Plain passage.", "id": "p-2", "url": "https://e.test/2"}],
        external_id="legal-1",
        question="Erasure?",
        citation_style="legal",
        metadata={"model": "m-7", "nested": {"b": [1, 2.5, None], "a": "x"}, "z": True},
    )
    created = api.post(ANSWERS, payload, format="json")
    assert created.status_code == 201, created.json()

    assert created.json() == api.get(detail_path(created.json()["id"])).json()


@pytest.mark.django_db
def test_an_idempotent_replay_is_cheap(api, django_assert_num_queries):
    api.post(ANSWERS, body(external_id="k"), format="json")
    # auth with the guess count, throttle count, existing-answer lookup, then the read back
    # (answer + 3 prefetches)
    with django_assert_num_queries(7):
        assert api.post(ANSWERS, body(external_id="k"), format="json").status_code == 200


@pytest.mark.django_db
def test_listing_costs_the_same_for_page_size_5_or_50(client_api, django_assert_num_queries):
    client, api = client_api
    for _ in range(50):
        make_answer(client=client)
    api.get(ANSWERS)

    # auth with the guess count, throttle count, the page (no count: pages follow by cursor)
    with django_assert_num_queries(3):
        small = api.get(ANSWERS, {"page_size": 5})
    with django_assert_num_queries(3):
        deeper = api.get(small.json()["next"])
    with django_assert_num_queries(3):
        large = api.get(ANSWERS, {"page_size": 50})

    assert len(small.json()["results"]) == len(deeper.json()["results"]) == 5
    assert len(large.json()["results"]) == 50


@pytest.mark.django_db
def test_listing_does_not_load_reports_text_or_the_client(client_api):
    client, api = client_api
    make_answer(client=client)
    api.get(ANSWERS)

    with CaptureQueriesContext(connection) as ctx:
        api.get(ANSWERS)

    page_sql = ctx.captured_queries[-1]["sql"]
    sql = " ".join(q["sql"] for q in ctx.captured_queries)
    assert "citations_verification" not in sql
    assert '"citations_answer"."text"' not in sql
    assert "citations_apiclient" not in page_sql  # the caller: no join, no client per item


@pytest.mark.django_db
def test_detail_costs_a_fixed_number_of_queries(client_api, django_assert_num_queries):
    client, api = client_api
    answer = make_answer(client=client, evidence=_passages(40), text=_sentences(100))
    api.get(ANSWERS)

    # auth with the guess count, throttle count, answer, evidence, decisions, newest verification
    with django_assert_num_queries(6):
        assert api.get(detail_path(answer.pk)).status_code == 200


@pytest.mark.django_db
def test_reading_an_answer_joins_neither_client_nor_claimer(client_api, django_assert_num_queries):
    client, api = client_api
    answer = make_answer(client=client)
    api.get(detail_path(answer.pk))

    # auth with the guess count, throttle count, the answer, its decisions, verification, evidence
    with django_assert_num_queries(6) as ctx:
        assert api.get(detail_path(answer.pk)).status_code == 200

    answer_sql = ctx.captured_queries[2]["sql"]
    assert '"citations_answer"' in answer_sql
    assert "citations_apiclient" not in answer_sql
    assert "auth_user" not in answer_sql


@pytest.mark.django_db
def test_reading_a_decided_answer_loads_no_reviewer(client_api, django_assert_num_queries):
    """The resource shows each decision but not who made it: no join on the users."""
    client, api = client_api
    answer = make_answer(client=client, text="Employees get 30 days of leave [1]. Fly [9].")
    services.decision_record(
        answer=answer, reviewer=UserFactory(), action="reject", sentence_index=1
    )
    api.get(detail_path(answer.pk))

    with django_assert_num_queries(6) as ctx:
        response = api.get(detail_path(answer.pk))

    assert len(response.json()["review"]["decisions"]) == 1
    assert not any("auth_user" in query["sql"] for query in ctx.captured_queries)
