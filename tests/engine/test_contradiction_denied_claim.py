"""Negation: the region denies in words a claim the sentence makes."""

import pytest

from citations.engine.support.contradiction.denied_claim import find
from tests.engine.readings import cited_alone, quoting

denied = quoting(find, "negation")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (  # a pronoun opening the claim stands for the denial's subject
            "The minister resigned.",
            "The minister denied that she would resign.",
            "minister resigned",
            "denied that she would resign",
        ),
        (
            "The company will open a plant in Ohio.",
            "The company denied reports that it will open a plant in Ohio.",
            "company will open a plant in Ohio",
            "denied reports that it will open a plant in Ohio",
        ),
        (
            "The firm paid bribes to officials.",
            "The firm rejected allegations that it paid bribes to officials.",
            "firm paid bribes to officials",
            "rejected allegations that it paid bribes to officials",
        ),
    ],
)
def test_a_claim_the_region_denies_in_words_is_found(sentence, region, said, told):
    assert denied(sentence, region) == [(said, told)]
    s = cited_alone(sentence, region)
    assert s.status == "unsupported"
    assert s.decided_by == "contradiction"


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        (  # the sentence speaks of the denial, or denies the claim itself
            "The minister denied that she would resign.",
            "The minister denied that she would resign.",
        ),
        ("The minister did not resign.", "The minister denied that she would resign."),
        (  # the claim's words said of another thing than the sentence's
            "The firm paid a fine.",
            "The firm rejected allegations that it paid bribes, but it paid a fine.",
        ),
        ("The court dismissed the case.", "The court dismissed the case in May."),  # no "that"
        (  # a denial denied
            "The minister resigned in May.",
            "The minister did not deny that she would resign, and resigned in May.",
        ),
    ],
)
def test_what_the_region_does_not_deny_in_words_is_not_found(sentence, region):
    assert denied(sentence, region) == []


def test_a_dispute_is_no_denial():
    region = "Disputes that arise between the landlord and the tenant go to court."
    assert denied("Disputes arise between the landlord and the tenant.", region) == []
