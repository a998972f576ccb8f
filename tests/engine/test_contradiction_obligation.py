"""The strength check outside statutes: an obligation ("must help") or a generic "all" says more
than a region stating the same verb plainly, which in a statute would bind."""

import pytest

from citations.engine import verify
from tests.engine.test_contradiction_strength import strength


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "Regular exercise must help the heart.",
            "Regular exercise helps the heart.",
            "Regular exercise must help the heart",
            "Regular exercise helps the heart",
        ),
        (
            "Visitors have to register at the desk.",
            "Visitors register at the desk.",
            "Visitors have to register at the desk",
            "Visitors register at the desk",
        ),
        (
            "Applicants are required to submit a portfolio.",
            "Applicants submit a portfolio with the form.",
            "Applicants are required to submit a portfolio",
            "Applicants submit a portfolio",
        ),
    ],
)
def test_an_obligation_outside_a_statute_says_more_than_a_plain_statement(
    sentence, region, said, told
):
    assert strength(sentence, region, legal=False) == [(said, told)]
    assert strength(sentence, region) == []  # a statute binds in the plain present


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        ("Visitors must register at the desk.", "Visitors need to register at the desk."),
        ("Visitors must register at the desk.", "Visitors are required to register at the desk."),
        ("Visitors must register at the desk.", "Visitors register at the desk only if asked."),
        ("Visitors must register at the desk.", "Registration at the desk is mandatory."),
        ("Visitors do not have to register at the desk.", "Visitors register at the desk."),
        ("He must have registered at the desk.", "He registered at the desk."),
        # an order binds as "must" does: after a label's colon, after "please"
        ("Staff must submit receipts within 30 days.", "Expenses: submit receipts within 30 days."),
        ("Staff must submit receipts within 30 days.", "Please submit receipts within 30 days."),
        ("You must keep a food kit in your car.", "Keep a food kit in your car at all times."),
        # a passive infinitive binds its participle: after a comma, after "is"
        (
            "It must be taken within the first year.",
            "Parents get 16 weeks of leave, to be taken within the first year.",
        ),
        ("The fee must be paid by March.", "The fee is to be paid by March."),
        # the region's other verb "will" binds as firmly
        ("Patients must recover within a week.", "Patients will recover within a week."),
        ("He must have known about the desk.", "Staff at the desk knew about it."),
    ],
)
def test_an_obligation_the_region_says_in_its_own_words_is_left_alone(sentence, region):
    assert strength(sentence, region, legal=False) == []


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (  # expected, not bound
            "The fee must be paid by March.",
            "The fee is expected to be paid by March.",
            "fee must be paid by March",
            "fee is expected to be paid by March",
        ),
        (  # the region says another verb, and nothing firm
            "Visitors must sign at the desk.",
            "Visitors register at the desk.",
            "Visitors must sign at the desk",
            "Visitors register at the desk",
        ),
        (  # a hedge far from the terms, or none: "must" is still firmer
            "The test must help guide treatment decisions for patients.",
            "The test is used for patients older than 12 when treatment decisions are made.",
            "test must help guide treatment decisions",
            "test is used for patients older than 12 when treatment decisions",
        ),
        (
            "Running certainly lowers the resting heart rate.",
            "Running lowers the resting heart rate.",
            "Running certainly lowers the resting heart rate",
            "Running lowers the resting heart rate",
        ),
    ],
)
def test_a_firm_modal_outside_a_statute_says_more_than_any_region_not_as_firm(
    sentence, region, said, told
):
    assert strength(sentence, region, legal=False) == [(said, told)]
    assert strength(sentence, region) == []  # a statute's plain present binds


def test_a_statute_stated_plainly_still_verifies_must():
    passage = {"text": "The tenant pays the rent.", "law": "Tenancy Act", "article": "4"}
    [s] = verify("The tenant must pay the rent [Tenancy Act, Article 4].", [passage]).sentences
    assert s.status == "verified"


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "All patients recover within a week.",
            "Patients recover within a week.",
            "All patients recover within a week",
            "Patients recover within a week",
        ),
        (
            "Every patient recovers within a week.",
            "Patients recover within a week.",
            "Every patient recovers within a week",
            "Patients recover within a week",
        ),
        (
            "Researchers found that all birds migrate south.",
            "Researchers found that birds migrate south.",
            "Researchers found that all birds migrate south",
            "Researchers found that birds migrate south",
        ),
    ],
)
def test_all_outside_a_statute_says_more_than_a_plain_generic_statement(
    sentence, region, said, told
):
    assert strength(sentence, region, legal=False) == [(said, told)]
    assert strength(sentence, region) == []


@pytest.mark.parametrize(
    "region",
    [
        "The patients recover within a week.",
        "In the trial, 40 patients recover within a week.",
        "Twelve patients recover within a week.",
        "Each patient recovers within a week.",
    ],
)
def test_all_against_particular_ones_or_as_strong_a_region_is_left_alone(region):
    assert strength("All patients recover within a week.", region, legal=False) == []
