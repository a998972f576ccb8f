"""CSV and JSON Lines exports from the queue: filtered exactly like the queue, streamed."""

import csv
import io
import json

import pytest
from django.urls import reverse

from benchmarks.seeding import answers_seed
from citations.services import answer_revise, decision_record
from tests.factories import ApiClientFactory, make_answer
from tests.web.conftest import HX, login

pytestmark = pytest.mark.django_db

CLEAN = "Employees get 30 days of paid annual leave [1]."
UNSUPPORTED = "Employees get 45 days of paid annual leave [1]."
QUEUE = reverse("citations:answer_list")
CSV = reverse("citations:queue_export", args=["csv"])
JSONL = reverse("citations:queue_export", args=["jsonl"])


def body(response) -> str:
    assert response.streaming
    return b"".join(response.streaming_content).decode()


def jsonl(response) -> list[dict]:
    return [json.loads(line) for line in body(response).splitlines()]


def csv_rows(response) -> list[dict]:
    return list(csv.DictReader(io.StringIO(body(response))))


@pytest.fixture
def answers(db, reviewer):
    hr, legal = ApiClientFactory(name="HR bot"), ApiClientFactory(name="Legal bot")
    flagged = make_answer(client=hr, text=UNSUPPORTED, question="leave days for staff")
    other = make_answer(client=legal, text=UNSUPPORTED, question="overtime question")
    clean = make_answer(client=hr, text=CLEAN, question="clean leave answer")
    rejected = make_answer(client=hr, text=UNSUPPORTED, question="rejected leave answer")
    decision_record(
        answer=rejected,
        reviewer=reviewer,
        action="reject",
        note="=HYPERLINK()",
        sentence_index=0,
        reject_reason="other",
    )
    return {"flagged": flagged, "other": other, "clean": clean, "rejected": rejected, "hr": hr}


def test_the_queue_links_to_both_exports_with_its_tab_and_filters(client, reviewer, answers):
    login(client, reviewer)
    html = client.get(QUEUE, {"q": "leave", "client": answers["hr"].pk}).content.decode()
    query = f"?q=leave&amp;client={answers['hr'].pk}&amp;status=needs_review"
    assert f'href="{CSV}{query}" download' in html
    assert f'href="{JSONL}{query}" download' in html
    assert "Export this list, filtered:" in html
    # The links are inside the fragment htmx swaps, so they follow the filters there too.
    fragment = client.get(QUEUE, {"status": "all", "page": "1"}, **HX).content.decode()
    assert f'href="{CSV}?status=all"' in fragment


def test_csv_holds_the_current_tab(client, reviewer, answers):
    login(client, reviewer)
    response = client.get(CSV)  # default tab: needs review
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'attachment; filename="answers-needs_review-' in response["Content-Disposition"]
    assert response["Content-Disposition"].endswith('.csv"')
    rows = csv_rows(response)
    assert {row["id"] for row in rows} == {str(answers["flagged"].pk), str(answers["other"].pk)}
    row = next(r for r in rows if r["id"] == str(answers["flagged"].pk))
    assert row["client"] == "HR bot"
    assert row["status"] == "needs_review"
    assert row["unsupported"] == "1"
    assert row["question"] == "leave days for staff"

    rejected = csv_rows(client.get(CSV, {"status": "rejected"}))
    assert [r["id"] for r in rejected] == [str(answers["rejected"].pk)]
    decisions = json.loads(rejected[0]["decisions"])
    assert decisions[0]["action"] == "reject"
    assert decisions[0]["reject_reason"] == "other"
    assert decisions[0]["note"] == "=HYPERLINK()"  # inside JSON, so not a formula cell


def test_jsonl_is_filtered_like_the_queue(client, reviewer, answers):
    login(client, reviewer)
    response = client.get(JSONL, {"status": "all", "q": "leave", "client": answers["hr"].pk})
    assert response["Content-Type"] == "application/x-ndjson; charset=utf-8"
    records = jsonl(response)
    expected = {answers["flagged"].pk, answers["clean"].pk, answers["rejected"].pk}
    assert {r["id"] for r in records} == expected
    # The same answers as the queue's tab, in the same order.
    queue = client.get(QUEUE, {"status": "all", "q": "leave", "client": answers["hr"].pk})
    order = [item["answer"].pk for item in queue.context["items"]]
    assert [r["id"] for r in records] == order
    record = next(r for r in records if r["id"] == answers["flagged"].pk)
    assert record["sentences"][0]["status"] == "unsupported"
    assert record["counts"]["unsupported"] == 1

    assert jsonl(client.get(JSONL, {"status": "clean"})) == [
        *[r for r in records if r["id"] == answers["clean"].pk]
    ]
    assert jsonl(client.get(JSONL, {"status": "all", "style": "legal"})) == []
    # Invalid filters are dropped, as on the queue page.
    assert len(jsonl(client.get(JSONL, {"status": "bogus", "created_from": "x"}))) == 2


def test_superseded_revisions_are_neither_listed_nor_exported(client, editor, answers):
    revision = answer_revise(answer=answers["flagged"], text=CLEAN + " Fixed.", revised_by=editor)
    login(client, editor)
    ids = {r["id"] for r in jsonl(client.get(JSONL, {"status": "all"}))}
    assert revision.pk in ids and answers["flagged"].pk not in ids
    queue = client.get(QUEUE, {"status": "all"})
    assert answers["flagged"].pk not in [item["answer"].pk for item in queue.context["items"]]
    assert "Revision 2</span>" in queue.content.decode()


def test_an_unknown_format_is_404(client, reviewer):
    login(client, reviewer)
    assert client.get(reverse("citations:queue_export", args=["xlsx"])).status_code == 404


def test_a_large_export_streams_in_chunks(client, reviewer, django_assert_max_num_queries):
    """2,400 answers: every one exported, in a handful of queries per chunk of 500, never
    one query per answer."""
    template = {"text": UNSUPPORTED, "evidence": [{"text": "Employees get 30 days of leave."}]}
    answers_seed(client=ApiClientFactory(name="bulk"), templates=[template], count=2400)
    login(client, reviewer)
    client.get(QUEUE)
    with django_assert_max_num_queries(40):
        response = client.get(JSONL)
        assert response.streaming
        lines = 0
        for chunk in response.streaming_content:
            lines += chunk.count(b"\n")
    assert lines == 2400
    with django_assert_max_num_queries(40):
        rows = csv_rows(client.get(CSV))
    assert len(rows) == 2400
