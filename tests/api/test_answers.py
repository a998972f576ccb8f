"""The answer resource over HTTP: create, idempotency, list, detail, isolation, dry run."""

import json
from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from citations.models import Answer, Evidence, Verification
from tests.factories import make_answer

from .payloads import ANSWERS, EVIDENCE, TEXT, VERIFY, body, detail_path

pytestmark = pytest.mark.django_db

ANSWER_FIELDS = {
    "id", "url", "review_url", "external_id", "question", "text", "citation_style", "metadata",
    "created_at", "evidence", "status", "passed", "validation_rate", "counts", "review",
    "verification", "revision", "is_current", "original_id", "previous_id",
    "current_revision_id", "revisions_url", "revised_by", "revision_note",
}  # fmt: skip


def test_create_returns_the_full_answer_resource(client_api):
    client, api = client_api
    response = api.post(
        ANSWERS,
        body(question="How much leave?", metadata={"run": 7, "tags": ["a"]}, external_id="r-1"),
        format="json",
    )

    assert response.status_code == 201
    data = response.json()
    assert set(data) == ANSWER_FIELDS
    answer = Answer.objects.get()
    assert answer.client == client
    assert data["id"] == answer.pk
    assert data["url"] == f"http://testserver/api/v1/answers/{answer.pk}/"
    assert data["review_url"] == f"http://testserver/answers/{answer.pk}/"
    assert data["text"] == TEXT
    assert data["question"] == "How much leave?"
    assert data["external_id"] == "r-1"
    assert data["metadata"] == {"run": 7, "tags": ["a"]}
    assert data["citation_style"] == "auto"
    assert [e["position"] for e in data["evidence"]] == [1, 2]
    assert data["evidence"][0]["text"] == EVIDENCE[0]["text"]
    assert data["evidence"][0]["title"] == "Leave"
    assert data["verification"] == Verification.objects.get().report
    assert data["verification"]["counts"] == data["counts"]
    assert data["passed"] is data["verification"]["passed"]
    assert data["status"] == "clean"
    assert data["review"] == {"flagged": 0, "decided": 0, "completed_at": None, "decisions": []}


def test_flagged_answer_needs_review(api):
    text = "Employees get 30 days of paid annual leave [1]. Staff may work from the moon [3]."
    data = api.post(ANSWERS, body(text=text), format="json").json()

    assert data["passed"] is False
    assert data["status"] == "needs_review"
    assert data["review"]["flagged"] == data["counts"]["unsupported"] + data["counts"]["uncited"]
    assert data["verification"]["sentences"][1]["citations"][0]["status"] == "unresolved"


def test_text_and_evidence_are_kept_exactly_as_sent(api):
    text = "  Employees get 30 days of paid annual leave [1].\n"
    evidence = [{"text": "  Employees are entitled to 30 days of paid annual leave.  "}]
    data = api.post(ANSWERS, body(text=text, evidence=evidence), format="json").json()

    assert data["text"] == text
    assert data["evidence"][0]["text"] == evidence[0]["text"]
    sentence = data["verification"]["sentences"][0]
    assert text[sentence["start"] : sentence["end"]] == sentence["text"]


def test_optional_fields_may_be_null(api):
    evidence = [{"text": EVIDENCE[0]["text"], "id": None, "title": None, "url": None}]
    response = api.post(
        ANSWERS, body(evidence=evidence, question=None, external_id=None), format="json"
    )

    assert response.status_code == 201
    assert response.json()["question"] == ""
    assert response.json()["evidence"][0]["url"] == ""


def test_legal_citation_style(api):
    evidence = [{"text": "Annual leave is 30 days.", "law": "Labour Law", "article": "30"}]
    text = "Annual leave is 30 days [Labour Law, Article 30]."
    data = api.post(
        ANSWERS, body(text=text, evidence=evidence, citation_style="legal"), format="json"
    ).json()

    assert data["citation_style"] == "legal"
    citation = data["verification"]["sentences"][0]["citations"][0]
    assert citation["style"] == "legal"
    assert citation["evidence"] == [1]


def test_same_external_id_and_body_replays_the_stored_answer(api):
    first = api.post(ANSWERS, body(external_id="retry-me"), format="json")
    second = api.post(ANSWERS, body(external_id="retry-me"), format="json")

    assert first.status_code == 201
    assert second.status_code == 200
    assert second.json() == first.json()
    assert Answer.objects.count() == 1
    assert Verification.objects.count() == 1


def test_different_body_under_the_same_external_id_is_a_conflict(api):
    first = api.post(ANSWERS, body(external_id="dup"), format="json").json()
    response = api.post(ANSWERS, body(external_id="dup", question="Other?"), format="json")

    assert response.status_code == 409
    data = response.json()
    assert data["status"] == 409
    assert data["code"] == "conflict"
    assert "dup" in data["detail"]
    assert data["answer"] == {"id": first["id"], "url": first["url"]}
    assert Answer.objects.count() == 1


def test_without_external_id_every_post_is_a_new_answer(api):
    assert api.post(ANSWERS, body(), format="json").status_code == 201
    assert api.post(ANSWERS, body(), format="json").status_code == 201
    assert Answer.objects.count() == 2


def test_external_ids_are_per_client(api_client_factory):
    _, first = api_client_factory("one")
    _, second = api_client_factory("two")

    assert first.post(ANSWERS, body(external_id="same"), format="json").status_code == 201
    assert second.post(ANSWERS, body(external_id="same"), format="json").status_code == 201
    assert Answer.objects.count() == 2


def test_detail_returns_the_answer(api):
    created = api.post(ANSWERS, body(), format="json").json()
    response = api.get(detail_path(created["id"]))

    assert response.status_code == 200
    assert response.json() == created


def test_the_201_body_is_byte_for_byte_the_one_a_get_gives(api):
    """The 201 is rendered from the rows the submission wrote (no read-back): the same bytes
    the stored answer renders to. PostgreSQL keeps a JSON object's keys in its own order, so
    the report (the body's last field) is compared as data, the rest byte for byte."""
    created = api.post(ANSWERS, body(question="Q?", metadata={"run": 7}), format="json")
    read = api.get(detail_path(created.json()["id"]))

    assert created.status_code == 201
    before_report, report = created.content.split(b',"verification":')
    assert read.content.split(b',"verification":') == [before_report, mock.ANY]
    assert read.json()["verification"] == json.loads(report[:-1])


def test_an_answer_sent_back_reads_as_returned_and_filters_as_such(client_api):
    from citations.services import decision_record
    from tests.factories import UserFactory

    client, api = client_api
    sent_back = make_answer(client=client, text="Staff may work from the moon [9].")
    make_answer(client=client, text="Staff may work from the moon [9].")
    editor = UserFactory(groups=["editor"])
    decision_record(answer=sent_back, reviewer=editor, action="return", note="cite a passage")

    assert api.get(detail_path(sent_back.pk)).json()["status"] == "returned"
    listed = api.get(ANSWERS, {"status": "returned"}).json()["results"]
    assert [item["id"] for item in listed] == [sent_back.pk]


def test_detail_shows_the_newest_verification_and_decisions(client_api):
    from citations.services import answer_reverify, decision_record
    from tests.factories import UserFactory

    client, api = client_api
    answer = make_answer(
        client=client, text="Employees get 30 days of leave [1]. Staff may work from the moon [9]."
    )
    newest = answer_reverify(answer=answer)
    decision_record(
        answer=answer,
        reviewer=UserFactory(),
        action="reject",
        sentence_index=1,
        reject_reason="not_in_evidence",
    )

    data = api.get(detail_path(answer.pk)).json()

    assert data["verification"] == newest.report
    assert data["status"] == "rejected"
    assert data["review"]["decided"] == 1
    assert data["review"]["completed_at"] is not None
    [decision] = data["review"]["decisions"]
    assert decision["action"] == "reject"
    assert decision["reject_reason"] == "not_in_evidence"
    assert decision["sentence_index"] == 1
    assert decision["undoes"] is None


def test_an_undo_names_the_decision_it_took_back(client_api):
    from citations.services import decision_record, decision_undo
    from tests.factories import UserFactory

    client, api = client_api
    answer = make_answer(client=client, text="Staff may work from the moon [9].")
    reviewer = UserFactory()
    decision_record(answer=answer, reviewer=reviewer, action="approve", sentence_index=0)
    decision_undo(answer=answer, reviewer=reviewer)

    approval, undo = api.get(detail_path(answer.pk)).json()["review"]["decisions"]

    assert (undo["action"], undo["undoes"]) == ("undo", approval["id"])
    assert approval["undoes"] is None


def test_another_clients_answer_is_404_and_absent_from_the_list(api_client_factory):
    owner_client, owner = api_client_factory("owner")
    _, other = api_client_factory("other")
    answer = make_answer(client=owner_client)

    response = other.get(detail_path(answer.pk))

    assert response.status_code == 404
    assert response.json() == {"status": 404, "code": "not_found", "detail": "Not found."}
    assert other.get(ANSWERS).json()["results"] == []
    assert [item["id"] for item in owner.get(ANSWERS).json()["results"]] == [answer.pk]
    assert owner.get(detail_path(answer.pk)).status_code == 200


@pytest.mark.parametrize("answer_id", ["0", "999999", "abc", "-1", "1.5", str(2**70), "\u0661"])
def test_missing_or_malformed_ids_are_json_404(api, answer_id):
    response = api.get(detail_path(answer_id))

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "not_found"


def test_list_is_newest_first_with_summaries_only(client_api):
    client, api = client_api
    older = make_answer(client=client)
    newer = make_answer(client=client)

    data = api.get(ANSWERS).json()

    assert [item["id"] for item in data["results"]] == [newer.pk, older.pk]
    item = data["results"][0]
    assert "verification" not in item and "evidence" not in item and "text" not in item
    assert item["counts"] == {"verified": 2, "unsupported": 0, "uncited": 0, "neutral": 0}
    assert item["review"] == {"flagged": 0, "decided": 0, "completed_at": None}
    assert item["url"].endswith(f"/api/v1/answers/{newer.pk}/")


def test_list_is_paginated_by_cursor(client_api):
    client, api = client_api
    for _ in range(3):
        make_answer(client=client)

    first = api.get(ANSWERS, {"page_size": 2}).json()
    second = api.get(first["next"]).json()

    assert set(first) == {"next", "previous", "results"}
    assert len(first["results"]) == 2 and first["previous"] is None
    assert len(second["results"]) == 1
    assert second["next"] is None
    assert api.get(second["previous"]).json()["results"] == first["results"]
    refused = api.get(ANSWERS, {"page": 2})
    assert refused.status_code == 400
    assert "page" in refused.json()["errors"]


def test_list_filters(client_api):
    client, api = client_api
    clean = make_answer(client=client, external_id="clean-1")
    flagged = make_answer(
        client=client, text="Employees get 30 days of leave [1]. Staff may work from the moon [9]."
    )
    Answer.objects.filter(pk=clean.pk).update(created_at=timezone.now() - timedelta(days=3))

    def ids(**params):
        response = api.get(ANSWERS, params)
        assert response.status_code == 200, response.json()
        return [item["id"] for item in response.json()["results"]]

    assert ids(status="clean") == [clean.pk]
    assert ids(status="needs_review") == [flagged.pk]
    assert ids(status="approved") == []
    assert ids(passed="true") == [clean.pk]
    assert ids(passed="false") == [flagged.pk]
    assert ids(external_id="clean-1") == [clean.pk]
    assert ids(external_id="nope") == []
    cutoff = (timezone.now() - timedelta(days=1)).isoformat()
    assert ids(created_after=cutoff) == [flagged.pk]
    assert ids(created_before=cutoff) == [clean.pk]
    # An offset PostgreSQL would refuse (beyond +-15:59) is applied before the query.
    assert ids(created_before="1421-04-07T23:49:18+22:02") == []


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"status": "pending"}, "status"),
        ({"passed": "maybe"}, "passed"),
        ({"created_after": "yesterday"}, "created_after"),
        ({"created_before": "2024-13-45T00:00:00Z"}, "created_before"),
        ({"created_before": "0001-01-01T00:00:00+05:00"}, "created_before"),
        ({"external_id": "a\x00b"}, "external_id"),
    ],
)
def test_bad_list_filters_are_400(api, params, field):
    response = api.get(ANSWERS, params)

    assert response.status_code == 400
    assert set(response.json()["errors"]) == {field}


def test_bad_list_filters_say_why(api):
    response = api.get(
        ANSWERS,
        {"status": "pending", "created_after": "yesterday", "passed": "", "current": "sometimes"},
    )

    assert response.status_code == 400
    assert response.json()["errors"] == {
        "status": ['"pending" is not a valid choice.'],
        "created_after": ["Enter a valid ISO 8601 date-time."],
        "passed": ["Must be a valid boolean."],
        "current": ["Must be a valid boolean."],
    }


def test_verify_is_a_dry_run(api):
    response = api.post(VERIFY, body(external_id="ignored", metadata={"a": 1}), format="json")

    assert response.status_code == 200
    data = response.json()
    assert set(data) == {"verification"}
    assert data["verification"]["counts"]["verified"] == 2
    assert data["verification"]["passed"] is True
    assert Answer.objects.count() == 0
    assert Evidence.objects.count() == 0
    assert Verification.objects.count() == 0


def test_verify_matches_what_create_stores(api):
    dry = api.post(VERIFY, body(), format="json").json()
    stored = api.post(ANSWERS, body(), format="json").json()

    assert dry["verification"] == stored["verification"]


@pytest.mark.parametrize(
    ("method", "path"),
    [("options", ANSWERS), ("put", ANSWERS), ("delete", detail_path(1)), ("get", VERIFY)],
)
def test_other_methods_are_405_json(api, method, path):
    response = getattr(api, method)(path)

    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"


def test_responses_are_json_whatever_accept_says(api):
    response = api.get(ANSWERS, HTTP_ACCEPT="text/html")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"


def test_a_report_stored_before_engine_3_1_reads_without_the_fields_it_lacks(client_api):
    """Absent, as the schema documents, never an empty string passed off as a summary."""
    owner, api = client_api
    answer = make_answer(client=owner)
    verification = answer.verifications.get()
    for sentence in verification.report["sentences"]:
        del sentence["decided_by"], sentence["summary"], sentence["numbers"]
    verification.save()

    response = api.get(detail_path(answer.pk))

    assert response.status_code == 200
    for sentence in response.json()["verification"]["sentences"]:
        assert not {"decided_by", "summary", "numbers"} & set(sentence)
        assert sentence["reason"]
