"""The revision history reads each revision's stored alignment: no diff is computed per view."""

import pytest

from citations.domain import diff

from .payloads import ANSWERS, body, revisions_path

pytestmark = pytest.mark.django_db


def test_the_revision_history_uses_the_alignment_stored_with_each_revision(api, monkeypatch):
    original = api.post(ANSWERS, body(text="Yes. Yes. Yes."), format="json").json()
    created = api.post(revisions_path(original["id"]), {"text": "Yes. Yes. No."}, format="json")
    assert created.status_code == 201

    def refuse(*args, **kwargs):
        raise AssertionError("the diff was computed again")

    monkeypatch.setattr(diff, "PatienceSequenceMatcher", refuse)
    response = api.get(revisions_path(original["id"]))

    assert response.status_code == 200
    rows = response.json()["revisions"][1]["diff"]
    assert [(r["kind"], r["text"]) for r in rows] == [
        ("same", "Yes."),
        ("same", "Yes."),
        ("removed", "Yes."),
        ("added", "No."),
    ]
