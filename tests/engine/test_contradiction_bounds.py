"""The bounds reading of the opposite check: a floor against a ceiling on the same value."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction.bounds import find
from tests.engine.readings import quoting

bounds = quoting(find, "opposite")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "The fine is at least 5,000 euros.",
            "The fine is up to 5,000 euros.",
            "at least 5,000",
            "up to 5,000",
        ),
        (
            "The fine is up to 5,000 euros.",
            "The fine is at least 5,000 euros.",
            "up to 5,000",
            "at least 5,000",
        ),
        (  # "no more than" is a ceiling, not the floor "more than" in it
            "The fine is no more than 5,000 euros.",
            "The fine is more than 5,000 euros.",
            "no more than 5,000",
            "more than 5,000",
        ),
        (
            "The fine is at most 5,000 euros.",
            "The fine shall be 5,000 euros or more.",
            "at most 5,000",
            "5,000 euros or more",
        ),
        (
            "The fine is at most €5,000.",
            "The fine shall be no less than €5,000.",
            "at most €5,000",
            "no less than €5,000",
        ),
        (
            "Notice must be given within 30 days.",
            "Notice must be given at least 30 days before the move.",
            "within 30",
            "at least 30",
        ),
    ],
)
def test_a_floor_against_a_ceiling_on_the_same_value_is_found(sentence, region, said, told):
    assert bounds(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        ("The fine is at least 5,000 euros.", "The fine is 5,000 euros."),
        ("The fine is 5,000 euros.", "The fine is at least 5,000 euros."),
        ("The fine is at least 5,000 euros.", "The fine is no less than 5,000 euros."),
        ("The fine is up to 5,000 euros.", "The fine may not exceed 5,000 euros."),
        ("Leave lasts over 6 months.", "Workers under 18 get leave lasting 6 months."),
        ("The fine is at least 5,000 euros.", "The fine is up to 50,000 euros."),
        ("Thunder 5 times louder.", "Under 5 times louder."),  # "thunder" is no "under"
    ],
)
def test_bounds_on_one_side_or_of_other_values_find_nothing(sentence, region):
    assert bounds(sentence, region) == []


def test_the_verdict_quotes_both_bounds_and_the_whole_sum():
    [s] = verify(
        "The fine is at least 5,000 euros [1].", [{"text": "The fine is up to 5,000 euros."}]
    ).sentences
    assert s.status == "unsupported"
    assert "'at least 5,000'" in s.reason and "'up to 5,000'" in s.reason
    [c] = s.contradictions
    assert (c.kind, c.sentence_text, c.passage_text) == (
        "opposite",
        "at least 5,000",
        "up to 5,000",
    )


def test_a_negation_quote_holds_the_whole_number():
    [s] = verify(
        "The fine may not exceed 5,000 euros [1].", [{"text": "The fine is at least 5,000 euros."}]
    ).sentences
    assert s.status == "unsupported"
    assert s.contradictions[0].sentence_text == "may not exceed 5,000"
