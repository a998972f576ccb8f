"""The unchanged reading of the opposite check: a change against a quantity the region holds."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction.unchanged import find, may_find
from tests.engine.readings import quoting

held = quoting(find, "opposite")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "The bank raised interest rates.",
            "The bank kept interest rates unchanged.",
            "raised interest rates",
            "interest rates unchanged",
        ),
        ("Sales rose in 2022.", "Sales were flat in 2022.", "Sales rose", "Sales were flat"),
        (  # the clause of the word of no change is the costs'
            "Costs rose.",
            "Revenue rose while costs were flat.",
            "Costs rose",
            "costs were flat",
        ),
    ],
)
def test_a_change_against_a_quantity_held_is_found(sentence, region, said, told):
    assert held(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        ("Revenue rose.", "Revenue rose while costs were flat."),  # another clause's quantity
        ("Prices rose in 2021.", "Prices rose in 2021 and were stable in 2022."),  # said too
        ("The bank did not raise interest rates.", "The bank kept interest rates unchanged."),
        ("The bank kept interest rates unchanged.", "The bank kept interest rates unchanged."),
        # the region's sentence says the change too, farther from its word of no change
        (
            "Inflation was stable in 2023 after rising in 2022.",
            "Inflation rose in 2022 and was stable in 2023.",
        ),
        # the sentence says what held as well
        ("Prices rose while wages stayed flat.", "Prices rose, while wages were flat."),
    ],
)
def test_no_change_against_a_quantity_held_or_one_of_another_clause_finds_nothing(sentence, region):
    assert held(sentence, region) == []


def test_the_cheap_test_needs_a_verb_of_change():
    assert may_find(["the", "bank", "raised", "rates"])
    assert not may_find(["the", "bank", "kept", "rates"])


def test_a_denied_change_agrees_with_a_quantity_held():
    [s] = verify(
        "The bank did not raise interest rates [1].",
        [{"text": "The bank kept interest rates unchanged."}],
    ).sentences
    assert s.status == "verified"
    [s] = verify(
        "The bank raised interest rates [1].", [{"text": "The bank kept interest rates unchanged."}]
    ).sentences
    assert s.status == "unsupported"
    assert s.reason.startswith("the sentence says 'raised interest rates'; passage [1] says")
