"""Contradictions in the verdict: the sentence is unsupported, the reason quotes both sides."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from citations.engine import verify

EIFFEL = {"text": "The Eiffel Tower was completed in 1889 for the World's Fair."}
LIBERTY = {"text": "France gave the Statue of Liberty to the United States in 1886."}
GLOBEX = {
    "text": "Globex posted sales of 8.1 million dollars in 2022, up from 6.4 million dollars "
    "in 2021."
}


def one(text, evidence):
    [sentence] = verify(text, evidence).sentences
    return sentence


def test_the_three_misleading_greens_are_unsupported_and_quote_both_sides():
    s = one("The Eiffel Tower was not completed for the World's Fair [1].", [EIFFEL])
    assert s.status == "unsupported"
    assert s.reason.startswith("the sentence says 'was not completed'; passage [1] says")
    assert "'was completed'" in s.reason
    s = one("The United States gave the Statue of Liberty to France [1].", [LIBERTY])
    assert s.status == "unsupported"
    assert s.reason.startswith("the sentence says '") and "passage [1] says '" in s.reason
    s = one("Globex did not grow its sales between 2021 and 2022 [1].", [GLOBEX])
    assert s.status == "unsupported"
    assert s.reason.startswith("the sentence says 'did not grow its sales'; passage [1] says")


def test_faithful_sentences_stay_verified():
    assert one("The Eiffel Tower was completed for the World's Fair [1].", [EIFFEL]).status == (
        "verified"
    )
    assert one("France gave the Statue of Liberty to the United States [1].", [LIBERTY]).status == (
        "verified"
    )
    evidence = [{"text": "The contract signed by the parties is lawful under the statute."}]
    s = one("The contract signed by the parties is not unlawful under the statute [1].", evidence)
    assert s.status == "verified" and s.contradictions == []
    evidence = [{"text": "Regular exercise improves sleep and mood in adults."}]
    s = one("Regular exercise not only improves sleep but also mood in adults [1].", evidence)
    assert s.status == "verified" and s.contradictions == []


def test_a_contradicted_sentence_has_no_verified_citation_and_no_supports():
    s = one("The Eiffel Tower was not completed for the World's Fair [1].", [EIFFEL])
    assert [c.status for c in s.citations] == ["unsupported"]
    assert "supports" not in s.reason
    assert all("supports" not in c.reason for c in s.citations)


def test_contradictions_in_the_report_json():
    text = "Intro words here. The Eiffel Tower was not completed for the World's Fair [1]."
    d = verify(text, [EIFFEL]).to_dict()
    json.dumps(d)
    assert d["sentences"][0]["contradictions"] == []
    [c] = d["sentences"][1]["contradictions"]
    assert list(c) == [
        "kind", "sentence_span", "evidence", "passage_span", "sentence_text", "passage_text",
    ]  # fmt: skip
    assert c["kind"] == "negation" and c["evidence"] == 1
    s, e = c["sentence_span"]
    assert text[s:e] == c["sentence_text"] == "was not completed"
    s, e = c["passage_span"]
    assert EIFFEL["text"][s:e] == c["passage_text"] == "was completed"


def test_a_passage_that_contradicts_is_never_suggested():
    evidence = [
        {"text": "Paris hosts the annual book fair in the spring."},
        {"text": "The Eiffel Tower was completed in 1889 for the World's Fair."},
    ]
    s = one("The Eiffel Tower was not completed for the World's Fair [1].", evidence)
    assert s.status == "unsupported" and s.suggestions == []
    s = one("The Eiffel Tower was completed for the World's Fair [1].", evidence)
    assert [g.evidence for g in s.suggestions] == [[2]]


def test_same_input_same_contradictions():
    text = (
        "The Eiffel Tower was not completed for the World's Fair [1]. "
        "The United States gave the Statue of Liberty to France [2]."
    )
    runs = [json.dumps(verify(text, [EIFFEL, LIBERTY]).to_dict()) for _ in range(3)]
    assert runs[0] == runs[1] == runs[2]


CHANGES = st.sampled_from(
    ["was not completed", "was completed", "wasn't completed", "was never completed",
     "was not uncompleted", "was finished", "failed to be completed", "was only completed"]
)  # fmt: skip
TAILS = st.sampled_from(["for the World's Fair", "in 1889", "after the World's Fair", ""])


@settings(max_examples=60, deadline=None)
@given(CHANGES, TAILS)
def test_a_reason_never_says_supports_beside_a_contradiction(change, tail):
    s = one(f"The Eiffel Tower {change} {tail} [1].", [EIFFEL])
    if s.contradictions:
        assert s.status == "unsupported"
        assert s.reason.startswith("the sentence says '")
        assert "supports" not in s.reason
        assert all(c.status != "verified" for c in s.citations)


def test_an_opposite_verb_of_the_same_object_is_unsupported_and_quotes_both_sides():
    locksmith = {
        "text": "A locksmith with tools made specifically for old doors can help you to open the"
        " lock and close a stuck window to secure an old house."
    }
    s = one("A locksmith can open a stuck window [1].", [locksmith])
    assert s.status == "unsupported"
    assert s.reason.startswith("the sentence says 'open'; passage [1] says 'close'")
    [c] = s.contradictions
    assert (c.kind, c.sentence_text, c.passage_text) == ("opposite", "open", "close")
    assert one("A locksmith can close a stuck window [1].", [locksmith]).status == "verified"


def test_a_word_said_twice_against_one_passage_word_is_quoted_once():
    evidence = [{"text": "Prices fell in May and fell again in June."}]
    s = one("Prices rose in May and rose again in June [1].", evidence)
    assert s.status == "unsupported"
    assert [c.sentence_span for c in s.contradictions] == [(7, 11), (23, 27)]
    assert s.reason.count("says 'rose'") == 1
    assert s.reason.startswith("the sentence says 'rose'; passage [1] says 'fell'; support ")
