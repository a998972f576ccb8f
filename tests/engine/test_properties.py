"""Properties that hold for any text and any evidence."""

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citations.engine import CITATION_STATUSES, SENTENCE_STATUSES, RejectedInput, redact, verify

PIECES = st.sampled_from(
    [
        "[1]", "[2, 3]", "[1-3]", "[0]", "[9]", "[1\u20132]", "[", "]", "[Labour Law, Art. 30]",
        "[Labor Code, Article 2(1)]", ". ", "? ", "! ", "\n", "\n\n", "- ", "# ", "1. ", "e.g. ",
        "Dr. ", "3.5", "1,200", "thirty", "not ", "Employees ", "leave ", "Straße ", "إجازة ",
        "員工", "\u0301", "\x00", "\ud800", "\u202e", " ", "U.S. ", "\u201cquoted.\u201d ",
    ]
)  # fmt: skip
TEXTS = st.one_of(
    st.text(max_size=300),
    st.lists(st.one_of(PIECES, st.text(max_size=5)), max_size=60).map("".join),
)
EVIDENCE = st.lists(
    st.fixed_dictionaries(
        {"text": st.one_of(st.text(max_size=80), st.sampled_from(["Employees get leave."]))},
        optional={
            "law": st.sampled_from(["Labour Law", "", "قانون العمل"]),
            "article": st.one_of(st.integers(0, 40), st.sampled_from(["30", "2(1)", "", "x"])),
            "title": st.text(max_size=10),
        },
    ),
    max_size=4,
)
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(text=TEXTS, evidence=EVIDENCE, style=st.sampled_from(["auto", "numeric", "legal"]))
def test_report_invariants(text, evidence, style):
    report = verify(text, evidence, style=style)
    d = report.to_dict()
    previous_end = 0
    for i, s in enumerate(report.sentences):
        assert s.index == i
        assert s.status in SENTENCE_STATUSES
        assert text[s.start : s.end] == s.text
        assert s.text and s.text == s.text.strip()
        assert previous_end <= s.start < s.end  # in order, never overlapping
        previous_end = s.end
        for c in s.citations:
            assert c.status in CITATION_STATUSES
            assert text[c.start : c.end] == c.raw
            assert s.start <= c.start < c.end <= s.end
            assert all(1 <= e <= len(evidence) for e in c.evidence)
            for span in c.spans:
                passage = evidence[span.evidence - 1]["text"]
                assert 0 <= span.start < span.end <= len(passage)
        # A score for every sentence judged on passages, in [0, 1] and rounded; none otherwise.
        if s.status in ("uncited", "neutral"):
            assert s.support is None and s.signals is None
        assert s.support is None or (0.0 <= s.support <= 1.0 and s.support == round(s.support, 3))
        # Suggestions only for unsupported sentences, pointing at given passages.
        assert not s.suggestions or s.status == "unsupported"
        for suggestion in s.suggestions:
            assert all(1 <= e <= len(evidence) for e in suggestion.evidence)
            assert 0.0 <= suggestion.support <= 1.0
    assert sum(d["counts"].values()) == len(d["sentences"])
    assert d["passed"] == (d["counts"]["unsupported"] == 0)
    assert 0.0 <= d["validation_rate"] <= 1.0


@SETTINGS
@given(text=TEXTS, evidence=EVIDENCE, mode=st.sampled_from(["keep", "strip", "drop"]))
def test_redact_never_fails(text, evidence, mode):
    report = verify(text, evidence)
    out = redact(text, report, mode)
    assert out == redact(text, report.to_dict(), mode)
    if mode == "keep" or not (report.counts["unsupported"] + report.counts["uncited"]):
        assert out == text


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(max_size=50),
    evidence=st.one_of(
        st.lists(
            st.dictionaries(
                st.text(max_size=6),
                st.one_of(
                    st.text(max_size=5), st.integers(), st.none(), st.booleans(), st.floats()
                ),
            ),
            max_size=3,
        ),
        st.text(max_size=5),
        st.integers(),
        st.none(),
    ),
    threshold=st.one_of(st.floats(), st.integers(), st.text(max_size=3)),
    style=st.one_of(st.sampled_from(["auto", "numeric", "legal"]), st.text(max_size=4)),
)
def test_only_rejected_input(text, evidence, threshold, style):
    with contextlib.suppress(RejectedInput):
        verify(text, evidence, style=style, threshold=threshold)
