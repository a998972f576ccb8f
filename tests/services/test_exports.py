"""Exports stream chunk by chunk, with verdicts and decisions, and neutralise formulas."""

import csv
import io
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from benchmarks.seeding import answers_seed
from citations import exports
from citations.models import Answer
from citations.services import decision_record
from tests.factories import ApiClientFactory, UserFactory, make_answer

TEMPLATE = {
    "question": "How long is annual leave?",
    "text": "Employees get 30 days of paid annual leave [1]. Overtime pays 300 percent [2].",
    "evidence": [
        {"text": "Employees are entitled to 30 days of paid annual leave per year."},
        {"text": "Overtime is paid at 150 percent of the regular hourly wage."},
    ],
}


@pytest.mark.django_db
def test_a_large_export_streams_in_chunks_with_a_bounded_number_of_queries():
    total = 3 * exports.CHUNK + 7
    answers_seed(client=ApiClientFactory(name="bulk"), templates=[TEMPLATE], count=total)
    response = exports.streaming_export(Answer.objects.order_by("id"), "jsonl", "answers")
    assert response.streaming
    assert response["Content-Disposition"] == 'attachment; filename="answers.jsonl"'

    stream = iter(response.streaming_content)
    with CaptureQueriesContext(connection) as first_chunk:
        first = [json.loads(line) for line in next(stream).splitlines()]
    # Only the first chunk has been read (its ids, answers, decisions, verifications), and it
    # is a small one, so the download starts at once: the rest is not in memory.
    assert len(first) == exports.FIRST_CHUNK
    assert len(first_chunk) == 4
    with CaptureQueriesContext(connection) as rest:
        parts = [[json.loads(line) for line in part.splitlines()] for part in stream]
    lines = [*first, *(line for part in parts for line in part)]
    assert len(lines) == total
    rest_of_it = total - exports.FIRST_CHUNK - 2 * exports.CHUNK
    assert [len(part) for part in parts] == [exports.CHUNK, exports.CHUNK, rest_of_it]
    # The same four per chunk: the last says the end is reached, nothing after.
    assert len(first_chunk) + len(rest) == 4 * (1 + len(parts))
    assert lines[0]["counts"] == {"verified": 1, "unsupported": 1, "uncited": 0, "neutral": 0}
    assert [s["status"] for s in lines[-1]["sentences"]] == ["verified", "unsupported"]


@pytest.mark.django_db
def test_csv_has_one_row_per_answer_with_decisions_and_no_live_formulas():
    answer = make_answer(
        text="Employees get 45 days of paid annual leave [1].", question='=HYPERLINK("http://evil")'
    )
    reviewer = UserFactory(username="rita", groups=["reviewer"])
    decision_record(
        answer=answer, reviewer=reviewer, action="reject", note="wrong number", sentence_index=0
    )
    body = "".join(exports.csv_lines(Answer.objects.all()))
    rows = list(csv.DictReader(io.StringIO(body)))
    assert len(rows) == 1
    row = rows[0]
    assert row["question"].startswith("'=")
    assert (row["status"], row["unsupported"], row["decided"]) == ("rejected", "1", "1")
    decisions = json.loads(row["decisions"])
    assert decisions[0]["reviewer"] == "rita"
    assert decisions[0]["note"] == "wrong number"
