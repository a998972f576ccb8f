"""The region denies the evidence for what the sentence asserts."""

import pytest

from citations.engine.support.contradiction.no_evidence import find
from tests.engine.readings import cited_alone, quoting

no_evidence = quoting(find, "negation")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "Coffee causes cancer.",
            "There is no evidence that coffee causes cancer.",
            "Coffee causes cancer",
            "no evidence that coffee causes cancer",
        ),
        (
            "The study found that coffee increases the risk of cancer.",
            "The study found no link between coffee and cancer.",
            "coffee increases the risk of cancer",
            "no link between coffee and cancer",
        ),
        (  # the evidence a few words past the cue
            "Coffee causes cancer.",
            "Researchers did not find any proof that coffee causes cancer.",
            "Coffee causes",
            "not find any proof that coffee causes",
        ),
    ],
)
def test_a_claim_whose_evidence_the_region_denies_is_found(sentence, region, said, told):
    assert no_evidence(sentence, region) == [(said, told)]
    s = cited_alone(sentence, region)
    assert s.status == "unsupported"
    assert s.decided_by == "contradiction"


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        (  # the sentence speaks of the evidence: the negation check's to read
            "Researchers found no evidence that coffee causes cancer.",
            "There is no evidence that coffee causes cancer.",
        ),
        ("Coffee does not cause cancer.", "There is no evidence that coffee causes cancer."),
        (  # one word is no claim
            "The audit examined fraud.",
            "There was no evidence of fraud.",
        ),
        (  # the verb after the phrase says what became of the evidence
            "The fraud case was presented to the court.",
            "No evidence of the fraud was presented to the court, which acquitted him.",
        ),
        (  # the claim's words said of another thing
            "Coffee reduces the risk of heart disease.",
            "Coffee reduces the risk of heart disease, though there is no evidence that it "
            "prevents cancer.",
        ),
    ],
)
def test_what_the_region_gives_no_evidence_against_is_not_found(sentence, region):
    assert no_evidence(sentence, region) == []
