"""Exports over HTTP: the client's own answers as CSV or JSON Lines, streamed, filtered like the
list, with formulas neutralised and no reviewer named."""

import csv
import io
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from benchmarks.seeding import answers_seed
from citations import exports
from citations.services import answer_revise, decision_record
from tests.factories import FIXED, WRONG, UserFactory, make_answer

from .payloads import (
    ANSWERS,
    EXPORT_CSV,
    EXPORT_JSONL,
    SUPPORT_TEXT,
    body,
    engine_scores,
    suggested_support,
)

pytestmark = pytest.mark.django_db

TEMPLATE = {
    "question": "How long is annual leave?",
    "text": "Employees get 30 days of paid annual leave [1]. Overtime pays 300 percent [2].",
    "evidence": [
        {"text": "Employees are entitled to 30 days of paid annual leave per year."},
        {"text": "Overtime is paid at 150 percent of the regular hourly wage."},
    ],
}


def content(response) -> str:
    assert response.streaming
    return b"".join(response.streaming_content).decode("utf-8")


def csv_rows(response) -> list[dict]:
    return list(csv.DictReader(io.StringIO(content(response), newline="")))


def jsonl_records(response) -> list[dict]:
    return [json.loads(line) for line in content(response).splitlines()]


def test_csv_export_is_an_attachment_with_the_columns_and_no_live_formulas(api):
    created = api.post(
        ANSWERS,
        body(
            text=WRONG,
            question='=HYPERLINK("http://evil.example","click")',
            external_id="@SUM(A1)",
        ),
        format="json",
    ).json()

    response = api.get(EXPORT_CSV)

    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="answers.csv"'
    text = content(response)
    assert text.splitlines()[0].split(",") == list(exports.CSV_COLUMNS)
    [row] = csv.DictReader(io.StringIO(text, newline=""))
    assert row["id"] == str(created["id"])
    assert row["question"] == "'" + '=HYPERLINK("http://evil.example","click")'
    assert row["external_id"] == "'@SUM(A1)"
    assert (row["status"], row["passed"], row["unsupported"], row["revision"]) == (
        "needs_review",
        "False",
        "1",
        "1",
    )
    assert row["client"] == "pipeline"
    assert json.loads(row["decisions"]) == []


def test_decisions_are_exported_without_naming_the_reviewer(client_api):
    client, api = client_api
    answer = make_answer(client=client, text=WRONG, question="-1+1")
    reviewer = UserFactory(username="rita-the-reviewer", groups=["reviewer"])
    decision_record(
        answer=answer,
        reviewer=reviewer,
        action="reject",
        note="=wrong number",
        sentence_index=0,
        reject_reason="wrong_number",
    )

    csv_response, jsonl_response = api.get(EXPORT_CSV), api.get(EXPORT_JSONL)
    csv_text, jsonl_text = content(csv_response), content(jsonl_response)

    assert "rita" not in csv_text and "rita" not in jsonl_text
    [row] = csv.DictReader(io.StringIO(csv_text, newline=""))
    assert row["question"] == "'-1+1"
    assert (row["status"], row["decided"]) == ("rejected", "1")
    [decision] = json.loads(row["decisions"])
    assert set(decision) == {"sentence_index", "action", "reject_reason", "note", "created_at"}
    assert (decision["action"], decision["note"], decision["sentence_index"]) == (
        "reject",
        "=wrong number",
        0,
    )
    assert decision["reject_reason"] == "wrong_number"
    [record] = [json.loads(line) for line in jsonl_text.splitlines()]
    assert record["decisions"] == [decision]


def test_jsonl_export_has_one_record_per_answer_with_sentences(api):
    ids = [api.post(ANSWERS, body(text=t), format="json").json()["id"] for t in (FIXED, WRONG)]

    response = api.get(EXPORT_JSONL)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/x-ndjson; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="answers.jsonl"'
    records = jsonl_records(response)
    assert [r["id"] for r in records] == ids[::-1]  # newest first, like the list
    newest = records[0]
    assert set(newest) >= {"id", "status", "passed", "counts", "sentences", "decisions"}
    assert newest["passed"] is False
    assert newest["counts"] == {"verified": 0, "unsupported": 1, "uncited": 0, "neutral": 0}
    assert newest["sentences"] == [
        {
            "index": 0,
            "text": WRONG,
            "status": "unsupported",
            "reason": newest["sentences"][0]["reason"],
            "support": engine_scores(WRONG)[0],
            "suggestions": [],
            "decided_by": "number",
            "summary": "Passage [1] says 30 days, not 45 days",
        }
    ]
    assert engine_scores(WRONG)[0] > 0
    assert newest["min_support"] == 0.0  # the wrong number refuses it whatever its score


def test_both_exports_carry_each_sentences_support_and_suggestion(api):
    api.post(ANSWERS, body(text=SUPPORT_TEXT), format="json")

    [record] = jsonl_records(api.get(EXPORT_JSONL))
    [row] = csv_rows(api.get(EXPORT_CSV))

    scores = engine_scores(SUPPORT_TEXT)
    suggestion = {
        "evidence": [2],
        "support": suggested_support(SUPPORT_TEXT, 2),
        "reason": record["sentences"][2]["suggestions"][0]["reason"],
    }
    assert suggestion["reason"].startswith("passage [2] would support the sentence")
    assert [s["support"] for s in record["sentences"]] == scores
    assert scores[3] is None  # the malformed citation: no score
    assert record["sentences"][2]["suggestions"] == [suggestion]
    assert record["min_support"] == 0.0  # the malformed citation counts as no ground
    assert row["min_support"] == "0.0"
    cells = json.loads(row["sentences"])
    assert [set(cell) for cell in cells] == [set(exports.CSV_SENTENCE_KEYS)] * 4
    assert [(c["status"], c["support"]) for c in cells] == [
        ("verified", scores[0]),
        ("unsupported", scores[1]),
        ("unsupported", scores[2]),
        ("unsupported", None),
    ]
    assert cells[2]["suggestions"] == [suggestion]


@pytest.mark.parametrize("path", [EXPORT_CSV, EXPORT_JSONL])
def test_exports_are_filtered_like_the_list_current_only_by_default(client_api, path):
    client, api = client_api
    original = make_answer(client=client, text=WRONG)
    revision = answer_revise(answer=original, text=FIXED)
    clean = make_answer(client=client, text=FIXED)

    def exported(**params):
        response = api.get(path, params)
        assert response.status_code == 200
        if path == EXPORT_CSV:
            return [int(row["id"]) for row in csv_rows(response)]
        return [record["id"] for record in jsonl_records(response)]

    assert exported() == [clean.pk, revision.pk]
    assert exported(current="false") == [original.pk]
    assert exported(status="needs_review", current="false") == [original.pk]
    assert exported(status="clean") == [clean.pk, revision.pk]
    assert exported(passed="false") == []
    assert exported(created_after=original.created_at.isoformat()) == [clean.pk, revision.pk]
    assert exported(external_id="none") == []

    bad = api.get(path, {"current": "perhaps", "status": "nope"})
    assert bad.status_code == 400
    assert bad["Content-Type"] == "application/json"
    assert set(bad.json()["errors"]) == {"current", "status"}


@pytest.mark.parametrize("path", [EXPORT_CSV, EXPORT_JSONL])
def test_exports_need_a_token(path):
    response = APIClient().get(path)

    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


def test_a_large_export_streams_only_the_clients_own_answers(api_client_factory):
    mine_client, mine = api_client_factory("mine")
    other_client, other = api_client_factory("other")
    total = 1200
    answers_seed(client=mine_client, templates=[TEMPLATE], count=total)
    theirs = {make_answer(client=other_client).pk for _ in range(3)}
    mine.get(ANSWERS)  # the first request of a token records last_used_at

    with CaptureQueriesContext(connection) as before_reading:
        response = mine.get(EXPORT_JSONL)
    assert response.streaming
    stream = iter(response.streaming_content)
    with CaptureQueriesContext(connection) as first_chunk:
        first = [json.loads(line) for line in next(stream).splitlines()]
    with CaptureQueriesContext(connection) as rest:
        records = [*first, *(json.loads(line) for part in stream for line in part.splitlines())]

    # Nothing is read until the body is (before it: authentication and the throttle only);
    # then the same queries for each chunk (the first of exports.FIRST_CHUNK rows, then
    # exports.CHUNK): its ids (a keyset page), the answers, their decisions and verifications.
    assert not [q for q in before_reading.captured_queries if "citations_answer" in q["sql"]]
    assert len(first) == exports.FIRST_CHUNK
    assert len(first_chunk) == 4
    chunks = 1 + -(-(total - exports.FIRST_CHUNK) // exports.CHUNK)
    assert len(first_chunk) + len(rest) == 4 * chunks
    assert len(records) == total
    assert not theirs & {r["id"] for r in records}
    assert {r["client"] for r in records} == {"mine"}
    assert records[-1]["counts"] == {"verified": 1, "unsupported": 1, "uncited": 0, "neutral": 0}

    rows = csv_rows(mine.get(EXPORT_CSV))
    assert len(rows) == total
    assert not theirs & {int(row["id"]) for row in rows}
    assert {int(row["id"]) for row in csv_rows(other.get(EXPORT_CSV))} == theirs


def test_an_empty_export_is_just_the_header(api):
    response = api.get(EXPORT_CSV)

    assert response.status_code == 200
    assert content(response).splitlines() == [",".join(exports.CSV_COLUMNS)]
    assert content(api.get(EXPORT_JSONL)) == ""


def test_the_format_is_the_path_not_a_query_parameter(api):
    for path in (f"{ANSWERS}export.xlsx/", f"{ANSWERS}export/", f"{ANSWERS}export.csv/"):
        response = api.get(path)
        assert response.status_code == 404
        assert response.json()["code"] == "not_found"
    # DRF's ?format= does not turn the JSON Lines export into CSV
    response = api.get(EXPORT_JSONL, {"format": "csv"})
    assert response["Content-Type"].startswith("application/x-ndjson")


def test_both_exports_carry_each_sentences_decided_by_and_summary(api):
    api.post(ANSWERS, body(text=TEMPLATE["text"], evidence=TEMPLATE["evidence"]), format="json")

    [record] = jsonl_records(api.get(EXPORT_JSONL))
    [row] = csv_rows(api.get(EXPORT_CSV))

    expected = [
        ("support", "Passage [1] supports it"),
        ("number", "Passage [2] says 150 percent, not 300 percent"),
    ]
    assert [(s["decided_by"], s["summary"]) for s in record["sentences"]] == expected
    cells = json.loads(row["sentences"])
    assert [(c["decided_by"], c["summary"]) for c in cells] == expected


def test_a_report_stored_before_decided_by_exports_null_not_blank(client_api):
    """An engine before 3.1 wrote neither field: null says "not known", documented as such;
    `manage.py reverify --all` fills them."""
    owner, api = client_api
    answer = make_answer(client=owner, text=FIXED)
    verification = answer.verifications.get()
    for sentence in verification.report["sentences"]:
        del sentence["decided_by"], sentence["summary"], sentence["numbers"]
    verification.save()

    [record] = jsonl_records(api.get(EXPORT_JSONL))
    [row] = csv_rows(api.get(EXPORT_CSV))

    assert [(s["decided_by"], s["summary"]) for s in record["sentences"]] == [(None, None)]
    cells = json.loads(row["sentences"])
    assert [(c["decided_by"], c["summary"]) for c in cells] == [(None, None)]
    assert "null" in exports.SENTENCE_DOC and "reverify --all" in exports.SENTENCE_DOC
