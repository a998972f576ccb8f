"""Revisions over HTTP: a client corrects its answer, reads the lineage with sentence diffs,
and only ever sees its own answers; superseded revisions stay readable but leave the list."""

import json
import threading

import pytest
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from citations.models import Answer, Decision, Evidence, Verification
from citations.services import answer_revise, decision_record, token_issue
from tests.factories import FIXED, WRONG, UserFactory, make_answer

from .payloads import ANSWERS, EVIDENCE, body, detail_path, revisions_path
from .test_bad_input import BAD_BODIES, post_json

pytestmark = pytest.mark.django_db

UNCITED = "Managers may also grant extra days of leave at their discretion."  # uncited
OVERTIME = "Overtime is paid at 150 percent [2]."  # verified
ANOTHER = "Another claim sentence with no citation at all here."  # uncited


def submit(api, text: str, **extra) -> dict:
    response = api.post(ANSWERS, body(text=text, **extra), format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def revise(api, answer_id: int, **data):
    return api.post(revisions_path(answer_id), data, format="json")


def test_a_client_revision_is_a_new_current_answer_and_the_original_stays(api):
    original = submit(
        api, f"{WRONG} {UNCITED}", question="How long?", metadata={"run": 3}, external_id="q-1"
    )
    assert (original["revision"], original["is_current"]) == (1, True)
    assert (original["original_id"], original["previous_id"]) == (None, None)
    assert original["current_revision_id"] == original["id"]
    assert original["revised_by"] is None and original["revision_note"] == ""
    assert original["revisions_url"] == f"http://testserver{revisions_path(original['id'])}"

    response = revise(api, original["id"], text=f"{FIXED} {UNCITED}", note="45 was wrong")

    assert response.status_code == 201
    new = response.json()
    assert new["id"] != original["id"]
    assert new["url"] == f"http://testserver{detail_path(new['id'])}"
    assert (new["revision"], new["is_current"]) == (2, True)
    assert new["original_id"] == new["previous_id"] == original["id"]
    assert new["current_revision_id"] == new["id"]
    assert (new["revised_by"], new["revision_note"]) == ("client", "45 was wrong")
    assert new["text"] == f"{FIXED} {UNCITED}"
    # verified on save; question, style and metadata carry over; same evidence when omitted
    assert new["verification"] == Verification.objects.get(answer_id=new["id"]).report
    assert new["counts"] == {"verified": 1, "unsupported": 0, "uncited": 1, "neutral": 0}
    assert (new["question"], new["metadata"]) == ("How long?", {"run": 3})
    assert new["citation_style"] == original["citation_style"]
    assert [e["text"] for e in new["evidence"]] == [e["text"] for e in original["evidence"]]
    assert [e["title"] for e in new["evidence"]] == ["Leave", "Overtime"]

    again = api.get(detail_path(original["id"]))
    assert again.status_code == 200
    old = again.json()
    assert old["text"] == f"{WRONG} {UNCITED}"
    assert old["verification"] == original["verification"]
    assert old["is_current"] is False
    assert old["current_revision_id"] == new["id"]
    assert old["external_id"] == "q-1"


def test_new_evidence_replaces_the_old_and_null_keeps_it(api):
    original = submit(api, WRONG)
    evidence = [{"text": "Employees get 45 days of paid leave.", "title": "New rule"}]

    second = revise(api, original["id"], text=WRONG, evidence=evidence).json()
    third = revise(api, second["id"], text=WRONG, evidence=None).json()

    assert second["passed"] is True
    assert [(e["text"], e["title"]) for e in second["evidence"]] == [
        (evidence[0]["text"], "New rule")
    ]
    assert third["evidence"] == second["evidence"]
    assert third["revision"] == 3
    assert (third["original_id"], third["previous_id"]) == (original["id"], second["id"])
    assert Evidence.objects.filter(answer_id=original["id"]).count() == len(EVIDENCE)


def test_the_lineage_is_the_same_from_every_revision_with_sentence_diffs(api):
    first = submit(api, f"{WRONG} {UNCITED}")
    second = revise(api, first["id"], text=f"{FIXED} {UNCITED}").json()
    third = revise(api, second["id"], text=f"{FIXED} {UNCITED} {OVERTIME}").json()

    histories = [api.get(revisions_path(a["id"])) for a in (first, second, third)]

    assert all(h.status_code == 200 for h in histories)
    data = histories[0].json()
    assert histories[1].json() == histories[2].json() == data
    assert (data["original_id"], data["current_revision_id"], data["count"]) == (
        first["id"],
        third["id"],
        3,
    )
    revisions = data["revisions"]
    assert [r["id"] for r in revisions] == [first["id"], second["id"], third["id"]]
    assert [r["revision"] for r in revisions] == [1, 2, 3]
    assert [r["is_current"] for r in revisions] == [False, False, True]
    assert [r["revised_by"] for r in revisions] == [None, "client", "client"]
    assert revisions[2]["url"] == third["url"]
    assert revisions[0]["status"] == "needs_review" and revisions[0]["passed"] is False
    assert revisions[1]["counts"] == second["counts"]
    assert revisions[2]["created_at"] == third["created_at"]
    assert revisions[0]["diff"] is None
    assert revisions[1]["diff"] == [
        {"kind": "removed", "text": WRONG, "status_before": "unsupported", "status_after": None},
        {"kind": "added", "text": FIXED, "status_before": None, "status_after": "verified"},
        {"kind": "same", "text": UNCITED, "status_before": "uncited", "status_after": "uncited"},
    ]
    assert revisions[2]["diff"] == [
        {"kind": "same", "text": FIXED, "status_before": "verified", "status_after": "verified"},
        {"kind": "same", "text": UNCITED, "status_before": "uncited", "status_after": "uncited"},
        {"kind": "added", "text": OVERTIME, "status_before": None, "status_after": "verified"},
    ]


def test_decisions_on_unchanged_sentences_carry_over_into_the_review(client_api):
    client, api = client_api
    original = make_answer(client=client, text=f"{WRONG} {UNCITED}")
    rita = UserFactory(username="rita-the-reviewer", groups=["reviewer"])
    decision_record(answer=original, reviewer=rita, action="reject", sentence_index=0)
    kept = decision_record(
        answer=original, reviewer=rita, action="approve", note="fine", sentence_index=1
    ).decision

    response = revise(api, original.pk, text=f"{FIXED} {ANOTHER} {UNCITED}")

    assert response.status_code == 201
    data = response.json()
    [carried] = data["review"]["decisions"]
    assert carried["carried_from"] == kept.pk
    assert carried["sentence_text"] == UNCITED
    assert (carried["action"], carried["note"]) == ("approve", "fine")
    assert data["verification"]["sentences"][carried["sentence_index"]]["text"] == UNCITED
    assert (data["review"]["flagged"], data["review"]["decided"]) == (2, 1)
    assert data["status"] == "needs_review"
    decisions_of_original = api.get(detail_path(original.pk)).json()["review"]["decisions"]
    assert [d["carried_from"] for d in decisions_of_original] == [None, None]
    assert "rita" not in response.content.decode()


def test_a_dashboard_revision_says_reviewer_without_naming_them(client_api):
    client, api = client_api
    original = make_answer(client=client, text=WRONG)
    editor = UserFactory(username="erin-the-editor", groups=["editor"])
    revision = answer_revise(answer=original, text=FIXED, revised_by=editor, note="fixed")

    detail = api.get(detail_path(revision.pk))
    history = api.get(revisions_path(original.pk))

    assert detail.json()["revised_by"] == "reviewer"
    assert history.json()["revisions"][1]["revised_by"] == "reviewer"
    for response in (detail, history):
        assert "erin" not in response.content.decode()


# --- only the current revision can be revised ------------------------------------------------


def test_revising_a_superseded_revision_is_409_naming_the_current_one(api):
    first = submit(api, WRONG)
    second = revise(api, first["id"], text=FIXED).json()
    third = revise(api, second["id"], text=f"{FIXED} {OVERTIME}").json()

    for stale in (first, second):
        response = revise(api, stale["id"], text="Another try [1].")
        assert response.status_code == 409
        error = response.json()
        assert (error["status"], error["code"]) == (409, "not_current")
        assert str(third["id"]) in error["detail"]
        assert error["current_revision"] == {
            "id": third["id"],
            "url": f"http://testserver{detail_path(third['id'])}",
        }
    assert Answer.objects.count() == 3


def test_a_retried_revision_is_a_409_not_a_second_revision(api):
    first = submit(api, WRONG)
    assert revise(api, first["id"], text=FIXED).status_code == 201

    retry = revise(api, first["id"], text=FIXED)

    assert retry.status_code == 409
    assert Answer.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_two_revisions_racing_in_threads_make_one(settings):
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.skip("in-memory SQLite cannot make concurrent writers wait")
    token, key = token_issue(client_name="racer")
    original = make_answer(client=token.client, text=WRONG)
    barrier = threading.Barrier(2)
    results: list = []

    def post(text):
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        try:
            barrier.wait(timeout=5)
            response = revise(api, original.pk, text=text)
            results.append((response.status_code, response.json()))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(t,)) for t in (FIXED, f"{FIXED} {OVERTIME}")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(code for code, _ in results) == [201, 409]
    winner = next(data for code, data in results if code == 201)
    loser = next(data for code, data in results if code == 409)
    assert loser["current_revision"]["id"] == winner["id"]
    assert list(Answer.objects.filter(is_current=True).values_list("pk", flat=True)) == [
        winner["id"]
    ]


# --- isolation and bad input ----------------------------------------------------------------


def test_another_clients_answer_is_404_for_history_and_revision(api_client_factory):
    _, mine = api_client_factory("mine")
    other_client, _ = api_client_factory("other")
    theirs = make_answer(client=other_client, text=WRONG)

    for response in (
        mine.get(revisions_path(theirs.pk)),
        mine.post(revisions_path(theirs.pk), {"text": FIXED}, format="json"),
        mine.post(revisions_path(theirs.pk), {"text": None}, format="json"),  # bad body too
    ):
        assert response.status_code == 404
        assert response.json()["code"] == "not_found"
    assert Answer.objects.count() == 1
    assert Answer.objects.get().is_current


@pytest.mark.parametrize("bad_id", ["0", "999999", "abc", "-1", "1.5", "9" * 30, "%C2%B2"])
def test_missing_or_malformed_ids_are_json_404(api, bad_id):
    for response in (
        api.get(f"{ANSWERS}{bad_id}/revisions/"),
        api.post(f"{ANSWERS}{bad_id}/revisions/", {"text": FIXED}, format="json"),
    ):
        assert response.status_code == 404
        assert response.json()["status"] == 404


def _revision_cases():
    """The create endpoint's bad bodies that apply to a revision (text and evidence), plus the
    revision's own field."""
    cases = []
    for data, fields in BAD_BODIES:
        roots = {field.split("[")[0].split(".")[0] for field in fields}
        if not fields or not roots <= {"text", "evidence"} or not roots <= set(data):
            continue
        if "evidence" in data and data["evidence"] is None:
            continue  # null evidence means "unchanged" for a revision
        cases.append(({k: data[k] for k in ("text", "evidence") if k in data}, fields))
    cases += [
        ({}, {"text"}),
        ({"text": FIXED, "note": "x" * 2001}, {"note"}),
        ({"text": FIXED, "note": "a\u0000"}, {"note"}),
        ({"text": FIXED, "note": ["x"]}, {"note"}),
        ({"text": None, "evidence": "x", "note": {}}, {"text", "evidence", "note"}),
    ]
    return cases


REVISION_CASES = _revision_cases()


def test_the_create_endpoints_bad_bodies_are_reused():
    assert len(REVISION_CASES) > 25


@pytest.mark.parametrize(("data", "fields"), REVISION_CASES)
def test_bad_revision_bodies_name_each_bad_field_and_store_nothing(client_api, data, fields):
    client, api = client_api
    original = make_answer(client=client, text=WRONG)

    response = post_json(api, revisions_path(original.pk), data)

    assert response.status_code == 400, response.json()
    error = response.json()
    assert (error["status"], error["code"]) == (400, "invalid")
    assert set(error["errors"]) == fields
    assert all(error["errors"][field] for field in fields)
    assert Answer.objects.count() == 1
    assert Answer.objects.get().is_current


def test_unparseable_and_oversized_revision_bodies(client_api, settings):
    client, api = client_api
    original = make_answer(client=client, text=WRONG)
    path = revisions_path(original.pk)

    for raw in (b"{not json", b"\xff{}", b"[]", b"null"):
        response = api.generic("POST", path, raw, content_type="application/json")
        assert response.status_code == 400
        assert response.json()["status"] == 400
    assert api.post(path, {"text": FIXED}).status_code == 400  # multipart is not JSON

    settings.CITATIONS_MAX_TEXT_CHARS = 20
    too_long = api.post(path, {"text": FIXED}, format="json")
    assert too_long.status_code == 400
    assert "20 characters" in too_long.json()["errors"]["text"][0]

    settings.CITATIONS_MAX_BODY_BYTES = 100
    large = api.generic("POST", path, json.dumps({"text": FIXED * 5}), "application/json")
    assert large.status_code == 413
    assert large.json()["code"] == "request_too_large"
    assert Answer.objects.count() == 1


# --- the list shows current answers unless asked -------------------------------------------


def test_the_list_shows_current_answers_by_default(api):
    first = submit(api, WRONG)
    second = revise(api, first["id"], text=FIXED).json()
    third = revise(api, second["id"], text=f"{FIXED} {OVERTIME}").json()
    lone = submit(api, FIXED)

    def ids(**params):
        response = api.get(ANSWERS, params)
        assert response.status_code == 200, response.json()
        return [item["id"] for item in response.json()["results"]]

    assert ids() == ids(current="true") == [lone["id"], third["id"]]
    assert ids(current="false") == [second["id"], first["id"]]
    assert ids(current="false", passed="false") == [first["id"]]
    item = api.get(ANSWERS, {"current": "false"}).json()["results"][1]
    assert (item["is_current"], item["current_revision_id"], item["revision"]) == (
        False,
        third["id"],
        1,
    )
    assert api.get(ANSWERS, {"current": "maybe"}).json()["errors"] == {
        "current": ["Must be a valid boolean."]
    }


def test_external_id_finds_the_current_revision_of_that_answer(api):
    first = submit(api, WRONG, external_id="run-7")
    second = revise(api, first["id"], text=FIXED).json()
    submit(api, WRONG, external_id="run-8")

    current = api.get(ANSWERS, {"external_id": "run-7"}).json()["results"]
    superseded = api.get(ANSWERS, {"external_id": "run-7", "current": "false"}).json()["results"]

    assert [a["id"] for a in current] == [second["id"]]
    assert [a["id"] for a in superseded] == [first["id"]]
    # the same body again under the id still returns the stored original, now superseded
    replay = api.post(ANSWERS, body(text=WRONG, external_id="run-7"), format="json")
    assert replay.status_code == 200
    assert (replay.json()["id"], replay.json()["current_revision_id"]) == (
        first["id"],
        second["id"],
    )


def test_another_clients_revisions_never_show_in_the_list(api_client_factory):
    _, mine = api_client_factory("mine")
    other_client, _ = api_client_factory("other")
    theirs = make_answer(client=other_client, text=WRONG)
    answer_revise(answer=theirs, text=FIXED)

    for current in ("true", "false"):
        assert mine.get(ANSWERS, {"current": current}).json()["results"] == []


# --- query counts -----------------------------------------------------------------------------


def _lineage(client, revisions: int) -> Answer:
    answer = make_answer(client=client, text=WRONG)
    reviewer = UserFactory(username="lineage-reviewer", groups=["reviewer"])
    decision_record(answer=answer, reviewer=reviewer, action="reject", sentence_index=0)
    for number in range(revisions - 1):
        answer = answer_revise(answer=answer, text=f"{WRONG} Claim number {number} here.")
    return answer


def test_the_history_costs_the_same_for_2_or_12_revisions(client_api, django_assert_num_queries):
    client, api = client_api
    short, long = _lineage(client, 2), _lineage(client, 12)
    assert Decision.objects.filter(answer__original=long.original).count() == 11
    api.get(ANSWERS)  # the first request of a token records last_used_at

    # auth with the guess count; throttle count; the lineage (the answer's own row found by
    # subquery); newest verifications
    with django_assert_num_queries(4):
        small = api.get(revisions_path(short.pk))
    with django_assert_num_queries(4):
        large = api.get(revisions_path(long.original_id))

    assert small.json()["count"] == 2
    assert large.json()["count"] == 12
    assert all(r["diff"] for r in large.json()["revisions"][1:])


# auth with the guess count; the throttle count; the answer (404 check); in the service's
# transaction: savepoint, the locked row, its evidence, its client; a savepoint around the
# writes (a lost race rolls back to it): mark the previous not current and uncount it from the
# metrics, insert answer, evidence (bulk), verification, count it in the metrics, the previous
# decisions in force (verification, decisions),
# insert carried decisions (bulk), release it; refresh the review summary (decisions, update),
# release; then the read back: answer, evidence, decisions, newest verification.
REVISE_QUERIES = 24


def _wrong_sentences(count: int) -> str:
    return " ".join(f"Employees get {45 + i} days of paid annual leave [1]." for i in range(count))


def test_a_revision_costs_a_fixed_number_of_queries(client_api):
    """Whatever the number of sentences, passages and carried decisions (bulk inserts)."""
    client, api = client_api
    reviewer = UserFactory(groups=["reviewer"])
    # Two sentences, one decided: both revisions stay waiting for review, so neither moves a
    # metrics count when its summary is refreshed (one that completes does: one more write).
    few = make_answer(client=client, text=_wrong_sentences(2))
    many = make_answer(
        client=client,
        text=_wrong_sentences(60),
        evidence=[{"text": f"Passage {i}: 30 days of paid annual leave."} for i in range(40)],
    )
    decision_record(answer=few, reviewer=reviewer, action="approve", sentence_index=0)
    for index in range(0, 60, 7):
        decision_record(answer=many, reviewer=reviewer, action="approve", sentence_index=index)
    api.get(ANSWERS)
    captured = {}

    def cost(answer, text, evidence=None):
        data = {"text": text} if evidence is None else {"text": text, "evidence": evidence}
        with CaptureQueriesContext(connection) as ctx:
            response = revise(api, answer.pk, **data)
        assert response.status_code == 201, response.json()
        captured[answer.pk] = [q["sql"] for q in ctx.captured_queries]
        return Answer.objects.get(pk=response.json()["id"]), len(ctx.captured_queries)

    few2, few_cost = cost(few, _wrong_sentences(2))
    many2, many_cost = cost(many, _wrong_sentences(60))
    assert (few2.decisions.count(), many2.decisions.count()) == (1, 9)
    assert few_cost == many_cost, "\n".join(captured[many.pk])
    _, few_cost_new_evidence = cost(few2, _wrong_sentences(2), EVIDENCE)
    _, many_cost_new_evidence = cost(
        many2, _wrong_sentences(60), [{"text": f"Passage {i}"} for i in range(40)]
    )
    assert few_cost_new_evidence == many_cost_new_evidence
    assert few_cost == REVISE_QUERIES


def test_list_and_detail_still_cost_the_same_with_revision_fields(
    client_api, django_assert_num_queries
):
    client, api = client_api
    for _ in range(5):
        _lineage(client, 3)
    api.get(ANSWERS)
    superseded = Answer.objects.filter(is_current=False).first()

    # auth with the guess count, throttle count, page (a keyset page counts nothing;
    # current_revision_id is a subquery of the page's SQL)
    with django_assert_num_queries(3):
        response = api.get(ANSWERS, {"current": "false", "page_size": 50})
    assert len(response.json()["results"]) == 10
    assert all(r["current_revision_id"] != r["id"] for r in response.json()["results"])
    # auth with the guess count, throttle count, answer, evidence, decisions, newest verification
    with django_assert_num_queries(6):
        assert api.get(detail_path(superseded.pk)).status_code == 200
