import json

from citations.engine import ENGINE_VERSION, verify
from citations.engine.support.model import FEATURES as SIGNALS

EV = [{"text": "Employees are entitled to 30 days of paid annual leave each year."}]


def test_to_dict_has_exactly_the_documented_shape():
    text = "Employees get 30 days of paid annual leave [1]. Employees get a company car [4]."
    d = verify(text, EV).to_dict()
    json.dumps(d)  # plain JSON
    assert list(d) == ["engine", "passed", "legal", "validation_rate", "counts", "sentences"]
    assert d["legal"] is False
    assert d["engine"] == ENGINE_VERSION
    assert d["passed"] is False
    assert d["validation_rate"] == 0.5
    assert d["counts"] == {"verified": 1, "unsupported": 1, "uncited": 0, "neutral": 0}
    s = d["sentences"][1]
    assert list(s) == [
        "index", "start", "end", "text", "status", "reason",
        "matched_terms", "missing_terms", "numbers", "citations", "support", "signals",
        "suggestions", "contradictions", "decided_by", "summary",
    ]  # fmt: skip
    assert s["decided_by"] == "citation" and d["sentences"][0]["decided_by"] == "support"
    # No citation resolves: no score, and no passage would support "a company car".
    assert s["support"] is None and s["signals"] is None and s["suggestions"] == []
    (c,) = s["citations"]
    assert list(c) == [
        "raw", "start", "end", "style", "status", "evidence", "reason", "spans", "carried",
        "unit", "failure",
    ]  # fmt: skip
    assert c["unit"] is None and c["failure"] is None  # numeric: no law unit
    assert c["raw"] == "[4]" and c["status"] == "unresolved"
    assert c["evidence"] == [] and c["spans"] == [] and c["carried"] == []
    first = d["sentences"][0]
    assert 0.0 <= first["support"] <= 1.0 and first["support"] == round(first["support"], 3)
    assert list(first["signals"]) == list(SIGNALS)
    assert text[c["start"] : c["end"]] == "[4]"
    span = d["sentences"][0]["citations"][0]["spans"][0]
    assert list(span) == ["evidence", "start", "end"]


def test_attributes_match_the_dict():
    report = verify("Employees get 30 days of paid annual leave [1].", EV)
    assert report.passed is True
    assert report.counts == report.to_dict()["counts"]
    assert report.validation_rate == 1.0
    assert report.sentences[0].status == "verified"


def test_uncited_is_advisory_but_lowers_the_rate():
    report = verify(
        "Employees get paid annual leave [1]. The employer also pays a yearly bonus.", EV
    )
    assert report.passed is True
    assert report.counts["uncited"] == 1
    assert report.validation_rate == 0.5


def test_rate_is_zero_with_nothing_to_judge():
    for text in ("", "   ", "## Heading", "Two rules apply here:"):
        report = verify(text, EV)
        assert report.validation_rate == 0.0
        assert report.passed is True


def test_deterministic():
    text = "Employees get 30 days of paid annual leave [1]. Something else is claimed here [1]."
    assert verify(text, EV).to_dict() == verify(text, EV).to_dict()
