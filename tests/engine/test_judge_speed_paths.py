"""The judging step's shortcuts give what the full work gives: a citation's carried terms and
spans, and a sentence's verdict."""

from hypothesis import given, settings
from hypothesis import strategies as st

from citations.engine import verify
from citations.engine.evidence import load_evidence
from citations.engine.text.claims import analyse
from citations.engine.verdict.report import Span

SETTINGS = settings(max_examples=200, deadline=None)
WORDS = st.sampled_from(
    ["Leave", "leave", "annual", "paid", "the", "of", "US", "United", "States", "notice"]
)
TEXTS = st.lists(WORDS, min_size=1, max_size=8).map(" ".join)


def test_a_name_covered_in_another_form_is_covered_but_not_carried():
    text = "The US economy grew strongly this year [1]."
    evidence = [{"text": "The United States economy grew strongly this year."}]
    sentence = verify(text, evidence).sentences[0]
    assert sentence.status == "verified"
    assert sentence.matched_terms == ["us", "economy", "grew", "strongly", "year"]
    assert sentence.citations[0].carried == ["economy", "grew", "strongly", "year"]


@SETTINGS
@given(TEXTS, st.lists(TEXTS, min_size=1, max_size=3), st.booleans())
def test_carried_terms_and_spans_match_their_definitions(content, texts, one_range):
    evidence = [{"text": t} for t in texts]
    passages = load_evidence(evidence)
    n = len(texts)
    cites = f"[1-{n}]" if one_range else "".join(f"[{k}]" for k in range(1, n + 1))
    sentence = verify(f"{content} {cites}.", evidence).sentences[0]
    terms = analyse(content).terms
    for citation in sentence.citations:
        held = set().union(*(passages[k - 1].terms for k in citation.evidence))
        assert citation.carried == [word for term, word in terms.items() if term in held]
        assert citation.carried is not sentence.matched_terms
        assert all(type(span) is Span for span in citation.spans)
        assert [span.evidence for span in citation.spans] == sorted(
            {span.evidence for span in citation.spans}
        )
