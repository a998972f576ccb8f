"""Status words, their labels and glyphs, and the domain package's independence of Django."""

import subprocess
import sys

import pytest

from citations.domain.statuses import (
    FLAGGED_STATUSES,
    CitationStatus,
    DecisionAction,
    RejectReason,
    ReviewStatus,
    SentenceStatus,
    shown_citation_status,
)
from citations.engine import SENTENCE_STATUSES


def test_every_sentence_status_the_engine_reports_has_a_label_and_a_glyph_if_flagged():
    assert set(SentenceStatus.values) == set(SENTENCE_STATUSES)
    for status in FLAGGED_STATUSES:
        assert SentenceStatus(status).icon


@pytest.mark.parametrize(
    ("status", "label", "icon"),
    [
        (CitationStatus.UNRESOLVED, "Unresolved", "!"),
        (CitationStatus.MALFORMED, "Malformed", "!"),
        (CitationStatus.VERIFIED, "Verified", ""),
    ],
)
def test_citation_statuses_carry_label_and_glyph(status, label, icon):
    assert (status.label, status.icon) == (label, icon)
    assert status.description


def test_members_are_the_words_stored_and_reported():
    assert ReviewStatus.NEEDS_REVIEW == "needs_review"
    assert f"{ReviewStatus.NEEDS_REVIEW}" == "needs_review"
    assert ReviewStatus.choices[1] == ("needs_review", "Needs review")
    assert DecisionAction.values == ["approve", "reject", "return", "undo"]
    assert RejectReason.values == [
        "wrong_number",
        "wrong_source",
        "fabricated_citation",
        "not_in_evidence",
        "other",
    ]
    assert DecisionAction("return").done == "Sent back"


def test_the_domain_package_imports_no_django():
    code = (
        "import sys, citations.domain.statuses, citations.domain.review, "
        "citations.domain.diff, citations.domain.redaction; "
        "sys.exit(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_a_citation_reads_as_supporting_only_inside_a_verified_sentence():
    assert shown_citation_status("verified", "verified") == "verified"
    # An engine 1.x report could call the citation of a sentence with a missing number verified.
    assert shown_citation_status("unsupported", "verified") == "unsupported"
    assert shown_citation_status("unsupported", "malformed").icon == "!"
