"""Properties of legal citations that hold for any text: spans slice the text, citations never
overlap, and nothing but RejectedInput is raised."""

import contextlib
from itertools import pairwise

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citations.engine import RejectedInput, verify
from citations.engine.citations.parse import find_citations
from tests.engine.statutes import STATUTES

PIECES = st.sampled_from(
    [
        "Article ", "Art. ", "Arts. ", "art ", "§ ", "§§ ", "section ", "Sec. ", "Artikel ",
        "5", "17", "(1)", "(a)", "(", ")", "[", "]", ", ", " and ", " to ", " bis ", "-", "ff. ",
        "para. 1 ", "Abs. 2 ", "S. 1 ", "Nr. 3 ", "lit. f ", "point (b) ", "alinéa 2 ",
        " GDPR", " BGB", " GG", " TFEU", " of the ", "du Code du travail", " Code civil",
        "L. 1234-1", "1240", "42 U.S.C. ", "42 USC ", "29 C.F.R. ", "CFR ", "1910.1200",
        "1983", " of title 42", "Labour Law", "contract", ". ", "\n", " ", "[1]", "2016/679",
        "Regulation (EU) ", "General Data Protection Regulation", "\u00a0", "\u2013", "e.g. ",
    ]
)  # fmt: skip
TEXTS = st.one_of(
    st.lists(st.one_of(PIECES, st.text(max_size=4)), max_size=80).map("".join),
    st.text(max_size=200),
)
LEGAL_EVIDENCE = st.sampled_from([STATUTES, STATUTES[:2], [{"text": "No law here."}], []])
SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(text=TEXTS, legal_evidence=st.booleans(), style=st.sampled_from(["auto", "legal"]))
def test_citations_slice_the_text_and_never_overlap(text, legal_evidence, style):
    citations, zones = find_citations(text, style, legal_evidence)
    end = 0
    for c in citations:
        assert text[c.start : c.end] == c.raw == c.raw.strip()  # a sentence can hold it
        assert end <= c.start < c.end  # in order, never overlapping
        end = c.end
        if c.style == "legal":
            assert c.units and all(u.article for u in c.units)
            assert set(c.unit()) == {"law", "article", "paragraph", "point"}
    assert zones == sorted(zones)
    assert all(a < b <= c for (a, b), (c, _) in pairwise(zones))


@SETTINGS
@given(text=TEXTS, evidence=LEGAL_EVIDENCE, style=st.sampled_from(["auto", "numeric", "legal"]))
def test_verify_raises_nothing_but_rejected_input(text, evidence, style):
    with contextlib.suppress(RejectedInput):
        report = verify(text, evidence, style=style)
        for s in report.sentences:
            for c in s.citations:
                assert text[c.start : c.end] == c.raw
                assert s.start <= c.start < c.end <= s.end
                if c.style == "legal" and c.status == "unresolved":
                    assert c.failure in ("law", "article", "paragraph", "point")
                else:
                    assert c.failure is None
        checked = any(c.style == "legal" for s in report.sentences for c in s.citations)
        if style != "numeric":  # numeric does not check legal citations, but still flags them
            assert report.legal is checked
