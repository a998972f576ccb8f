"""Citations that hide (issue 11 section 4): normalised when clearly a citation, otherwise
reported as malformed; never silently plain text."""

import pytest

from citations.engine import verify

EV = [{"text": "Statutory leave is 99 days."}]

INVISIBLE = {
    "zero-width space": "\u200b",
    "word joiner": "\u2060",
    "soft hyphen": "\u00ad",
    "left-to-right mark": "\u200e",
    "right-to-left override": "\u202e",
    "first-strong isolate": "\u2068",
    "byte-order mark": "\ufeff",
}


@pytest.mark.parametrize("name", sorted(INVISIBLE))
def test_invisible_characters_inside_a_bracket_still_make_a_citation(name):
    mark = INVISIBLE[name]
    text = f"Leave is 99 days [1{mark}]."
    (s,) = verify(text, EV).sentences
    (c,) = s.citations
    assert c.raw == f"[1{mark}]" and text[c.start : c.end] == c.raw
    assert c.evidence == [1]
    assert s.status == "verified"


def test_a_hidden_citation_to_a_missing_passage_is_caught():
    # The example: before, a neutral 4-word fragment and a passing answer.
    report = verify("Leave is 99 days [2\u200b].", EV)
    assert report.passed is False
    assert report.sentences[0].citations[0].status == "unresolved"


def test_full_width_brackets_and_digits_are_a_citation():
    text = "Leave is 99 days \uff3b\uff11\uff3d."
    (s,) = verify(text, EV).sentences
    (c,) = s.citations
    assert text[c.start : c.end] == c.raw == "\uff3b\uff11\uff3d"
    assert c.evidence == [1] and s.status == "verified"


@pytest.mark.parametrize("bracket", ["[1,]", "[1 2]", "[,1]", "[1--2]", "[1\u200bx]"])
def test_a_bracket_that_looks_like_a_citation_but_cannot_be_read_is_malformed(bracket):
    text = f"Statutory leave is 99 days {bracket}."
    report = verify(text, EV)
    (s,) = report.sentences
    (c,) = s.citations
    assert c.status == "malformed" and c.raw == bracket and c.evidence == []
    assert s.status == "unsupported" and not report.passed
    assert f"{bracket} looks like a citation but cannot be read" in s.reason


def test_brackets_that_are_no_citation_stay_text():
    (s,) = verify("The text [sic] is quoted [citation needed] here in full today.", EV).sentences
    assert s.citations == [] and s.status == "uncited"


def test_malformed_and_hidden_citations_in_hostile_volume():
    text = "Leave is 99 days [1\u200b,]. " * 2000
    report = verify(text, EV)
    assert report.counts["unsupported"] == 2000
    assert {c.status for s in report.sentences for c in s.citations} == {"malformed"}
