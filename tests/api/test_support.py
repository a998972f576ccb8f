"""The support score, its signals, citation suggestions, carried terms and malformed citations
as a generator reads them over HTTP."""

import pytest

from citations.engine.support.model import FEATURES

from .payloads import (
    ANSWERS,
    SUPPORT_TEXT,
    VERIFY,
    body,
    detail_path,
    engine_scores,
    suggested_support,
)

pytestmark = pytest.mark.django_db


def sentences_of(data: dict) -> list[dict]:
    return data["verification"]["sentences"]


def test_each_sentence_carries_its_support_signals_and_suggestions(api):
    created = api.post(ANSWERS, body(text=SUPPORT_TEXT), format="json")
    assert created.status_code == 201
    detail = api.get(detail_path(created.json()["id"]))
    assert sentences_of(detail.json()) == sentences_of(created.json())
    verified, wrong_number, wrong_passage, malformed = sentences_of(detail.json())
    scores = engine_scores(SUPPORT_TEXT)

    assert (verified["status"], verified["support"]) == ("verified", scores[0])
    assert set(verified["signals"]) == set(FEATURES)
    assert verified["suggestions"] == []
    assert verified["citations"][0]["status"] == "verified"

    # The hidden citation is read; the passage's own number is named.
    assert (wrong_number["status"], wrong_number["support"]) == ("unsupported", scores[1])
    assert wrong_number["citations"][0]["raw"] == "[1\u200b]"
    assert wrong_number["reason"].startswith("the sentence says 99 days; passage [1] says 30 days")
    assert wrong_number["signals"]["missing_numbers"] == 1.0
    assert wrong_number["decided_by"] == "number" and verified["decided_by"] == "support"
    # Its citation's reason says the number as the sentence's does (and as the page does).
    assert wrong_number["citations"][0]["reason"] == (
        "passage [1] carries 3 of the sentence's 3 key terms ('annual', 'leave' and 'days') but "
        "says 30 days, not 99 days"
    )

    # A citation in an unsupported sentence carries terms but never reads as support.
    cited = wrong_passage["citations"][0]
    assert (wrong_passage["status"], wrong_passage["support"]) == ("unsupported", scores[2])
    assert cited["status"] == "unsupported" and cited["carried"] == ["paid"]
    assert "does not support the sentence" in cited["reason"]
    [suggestion] = wrong_passage["suggestions"]
    assert (suggestion["evidence"], suggestion["support"]) == (
        [2],
        suggested_support(SUPPORT_TEXT, 2),
    )
    assert suggestion["reason"].startswith("passage [2] would support the sentence")

    # A bracket that cannot be read is a malformed citation: unsupported, no score.
    assert (malformed["status"], malformed["support"], malformed["signals"]) == (
        "unsupported",
        None,
        None,
    )
    assert malformed["citations"][0]["status"] == "malformed"
    assert malformed["citations"][0]["evidence"] == []
    assert "cannot be read" in malformed["reason"]
    assert [s["evidence"] for s in malformed["suggestions"]] == [[1]]

    assert created.json()["passed"] is False
    assert created.json()["counts"] == {
        "verified": 1,
        "unsupported": 3,
        "uncited": 0,
        "neutral": 0,
    }


def test_dry_run_returns_the_same_scores(api):
    stored = api.post(ANSWERS, body(text=SUPPORT_TEXT), format="json").json()
    dry = api.post(VERIFY, body(text=SUPPORT_TEXT), format="json")
    assert dry.status_code == 200
    assert sentences_of(dry.json()) == sentences_of(stored)
