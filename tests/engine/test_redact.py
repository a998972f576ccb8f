import pytest

from citations.engine import PLACEHOLDER, redact, verify

EV = [{"text": "Employees are entitled to 30 days of paid annual leave each year."}]
TEXT = (
    "Employees get 30 days of paid annual leave [1]. Employees get a company car [1].\n"
    "- The employer also pays a yearly bonus to everyone.\n"
    "Two rules apply here:"
)


@pytest.fixture
def report():
    return verify(TEXT, EV)


def test_statuses(report):
    assert [s.status for s in report.sentences] == ["verified", "unsupported", "uncited", "neutral"]


def test_keep_returns_the_text(report):
    assert redact(TEXT, report, "keep") == TEXT


def test_strip_replaces_flagged_sentences(report):
    assert redact(TEXT, report, "strip") == (
        f"Employees get 30 days of paid annual leave [1]. {PLACEHOLDER}\n"
        f"- {PLACEHOLDER}\n"
        "Two rules apply here:"
    )


def test_drop_removes_flagged_sentences_and_emptied_lines(report):
    assert redact(TEXT, report, "drop") == (
        "Employees get 30 days of paid annual leave [1].\nTwo rules apply here:"
    )


def test_works_from_the_stored_dict(report):
    stored = report.to_dict()
    for mode in ("keep", "strip", "drop"):
        assert redact(TEXT, stored, mode) == redact(TEXT, report, mode)


def test_flagged_overrides_the_default(report):
    assert redact(TEXT, report, "drop", flagged=[0]) == (
        "Employees get a company car [1].\n"
        "- The employer also pays a yearly bonus to everyone.\n"
        "Two rules apply here:"
    )
    assert redact(TEXT, report, "strip", flagged=set()) == TEXT


def test_never_rewrites_the_input(report):
    before = report.to_dict()
    redact(TEXT, report, "drop")
    assert report.to_dict() == before


def test_bad_mode_and_foreign_report(report):
    with pytest.raises(ValueError, match="mode"):
        redact(TEXT, report, "erase")
    with pytest.raises(ValueError, match="does not belong"):
        redact("something else entirely", report, "strip")
    with pytest.raises(ValueError):
        redact(TEXT, {"sentences": [{"index": 0}]}, "strip")
