"""The judging step's shortcuts give what the full work gives: a citation's carried terms and
numbers (from the sentence's grounds when it cites every passage, else from its own passages),
its spans, and the sentence's whole result (one citation's passages taken as they are, against
several citations' merged)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from citations.engine import verify
from citations.engine.evidence import load_evidence
from citations.engine.text.claims import analyse
from citations.engine.verdict.report import Span

SETTINGS = settings(max_examples=200, deadline=None)
WORDS = st.sampled_from(
    ["Leave", "leave", "annual", "paid", "the", "of", "US", "United", "States", "notice", "30",
     "thirty", "4"]
)  # fmt: skip
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
    claim = analyse(content)
    for citation in sentence.citations:
        held = set().union(*(passages[k - 1].terms for k in citation.evidence))
        stated = set().union(*(passages[k - 1].numbers for k in citation.evidence))
        words = [word for term, word in claim.terms.items() if term in held]
        # Its numbers after, each once and not again when a key term already says it ("four").
        for raw in (n.raw for n in claim.numbers if n.keys & stated):
            if raw.casefold() not in {w.casefold() for w in words}:
                words.append(raw)
        assert citation.carried == words
        assert citation.carried is not sentence.matched_terms
        assert all(type(span) is Span for span in citation.spans)
        assert [span.evidence for span in citation.spans] == sorted(
            {span.evidence for span in citation.spans}
        )


@SETTINGS
@given(TEXTS, st.lists(TEXTS, min_size=2, max_size=3))
def test_one_citation_of_every_passage_judges_as_one_citation_each(content, texts):
    evidence = [{"text": t} for t in texts]
    n = len(texts)
    one = verify(f"{content} [1-{n}].", evidence).sentences[0].to_dict()
    each = verify(f"{content} {''.join(f'[{k}]' for k in range(1, n + 1))}.", evidence)
    each = each.sentences[0].to_dict()
    for result in (one, each):
        del result["citations"], result["text"], result["end"]
    assert one == each
