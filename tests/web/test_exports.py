"""Exports: the reviewed text through the engine's redaction, and the JSON report."""

import json

import pytest
from django.urls import reverse

from citations.engine import PLACEHOLDER
from citations.services import decision_record
from tests.web.conftest import NUMERIC_TEXT, login

pytestmark = pytest.mark.django_db

VERIFIED = "Employees get 30 days of paid annual leave [1]."
UNSUPPORTED = "Overtime pays 200 percent [2]."
UNCITED = "The manager must approve every request in writing before the leave starts."


def export(client, answer, mode):
    return client.get(reverse("citations:export_text", args=[answer.pk]), {"mode": mode})


def test_keep_is_the_answer_as_it_was(client, reviewer, numeric_answer):
    login(client, reviewer)
    response = export(client, numeric_answer, "keep")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert f'filename="answer-{numeric_answer.pk}-keep.txt"' in response["Content-Disposition"]
    assert response.content.decode() == NUMERIC_TEXT


def test_strip_and_drop_remove_unsupported_sentences_nobody_approved(
    client, reviewer, numeric_answer
):
    login(client, reviewer)
    # Undecided: the unsupported sentence goes; the uncited claim (advisory) stays.
    assert export(client, numeric_answer, "strip").content.decode() == (
        f"{VERIFIED} {PLACEHOLDER} {UNCITED}"
    )
    assert export(client, numeric_answer, "drop").content.decode() == f"{VERIFIED} {UNCITED}"


def test_reviewed_text_follows_the_decisions(client, reviewer, numeric_answer):
    decision_record(answer=numeric_answer, reviewer=reviewer, action="approve", sentence_index=1)
    decision_record(answer=numeric_answer, reviewer=reviewer, action="reject", sentence_index=2)
    login(client, reviewer)
    # Approved unsupported sentence stays; rejected uncited sentence goes.
    assert export(client, numeric_answer, "strip").content.decode() == (
        f"{VERIFIED} {UNSUPPORTED} {PLACEHOLDER}"
    )
    assert export(client, numeric_answer, "drop").content.decode() == (f"{VERIFIED} {UNSUPPORTED}")
    # The stored answer is never rewritten.
    numeric_answer.refresh_from_db()
    assert numeric_answer.text == NUMERIC_TEXT


def test_a_changed_decision_changes_the_export(client, reviewer, numeric_answer):
    decision_record(answer=numeric_answer, reviewer=reviewer, action="approve", sentence_index=1)
    decision_record(answer=numeric_answer, reviewer=reviewer, action="reject", sentence_index=1)
    login(client, reviewer)
    assert PLACEHOLDER in export(client, numeric_answer, "strip").content.decode()


def test_bad_mode_is_400(client, reviewer, numeric_answer):
    login(client, reviewer)
    assert export(client, numeric_answer, "shred").status_code == 400


def test_json_report_download_is_the_stored_report(client, reviewer, numeric_answer):
    login(client, reviewer)
    response = client.get(reverse("citations:export_report", args=[numeric_answer.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "attachment" in response["Content-Disposition"]
    report = json.loads(response.content)
    assert report == numeric_answer.verifications.latest().report
    assert report["counts"] == {"verified": 1, "unsupported": 1, "uncited": 1, "neutral": 0}


def test_export_links_are_on_the_answer_page(client, reviewer, numeric_answer):
    login(client, reviewer)
    html = client.get(reverse("citations:answer_detail", args=[numeric_answer.pk])).content
    for mode in ("keep", "strip", "drop"):
        assert f"/export/text/?mode={mode}".encode() in html
    assert b"/export/report.json" in html
