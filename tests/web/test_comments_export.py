"""Comments in the queue's exports (CSV column, JSON Lines list); never in the API's."""

import csv
import io
import json

import pytest
from django.urls import reverse

from citations import exports
from citations.models import Answer
from citations.services import comment_add
from tests.web.conftest import login

pytestmark = pytest.mark.django_db

CSV = reverse("citations:queue_export", args=["csv"])
JSONL = reverse("citations:queue_export", args=["jsonl"])


def body(response) -> str:
    return b"".join(response.streaming_content).decode()


@pytest.fixture
def discussed(numeric_answer, reviewer, editor):
    comment_add(answer=numeric_answer, author=reviewer, body="=cmd|' /C calc'!A0 first")
    comment_add(answer=numeric_answer, author=editor, body="Agreed <b>", sentence_index=1)
    return numeric_answer


def test_jsonl_has_the_comments_as_a_list(client, reviewer, discussed):
    login(client, reviewer)
    [record] = [json.loads(line) for line in body(client.get(JSONL)).splitlines()]
    first, second = record["comments"]
    assert first["author"] == "rita" and first["sentence_index"] is None
    assert first["body"] == "=cmd|' /C calc'!A0 first" and first["sentence_text"] == ""
    assert second == {
        "sentence_index": 1,
        "sentence_text": "Overtime pays 200 percent [2].",
        "author": "edna",
        "body": "Agreed <b>",
        "created_at": second["created_at"],
    }


def test_csv_has_a_comments_column(client, reviewer, discussed):
    login(client, reviewer)
    text = body(client.get(CSV))
    assert text.splitlines()[0].split(",") == [*exports.CSV_COLUMNS, "comments"]
    [row] = list(csv.DictReader(io.StringIO(text)))
    comments = json.loads(row["comments"])
    assert [c["body"] for c in comments] == ["=cmd|' /C calc'!A0 first", "Agreed <b>"]


def test_a_comment_starting_like_a_formula_cannot_run(reviewer, discussed):
    # The cell is a JSON list, so it starts with "["; the formula sits inside a string.
    [row] = list(
        csv.DictReader(io.StringIO("".join(exports.csv_lines(Answer.objects.all(), comments=True))))
    )
    assert row["comments"].startswith("[{")


def test_the_api_export_has_no_comments(discussed):
    lines = "".join(exports.jsonl_lines(Answer.objects.all(), reviewers=False))
    assert "comments" not in json.loads(lines)
    header = next(exports.csv_lines(Answer.objects.all(), reviewers=False))
    assert "comments" not in header
