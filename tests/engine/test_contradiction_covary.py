"""The covariation reading: two quantities that move alike in the sentence and apart in the
region (or the other way round), whichever words say their directions."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction.covary import find, may_find
from tests.engine.readings import quoting

tied = quoting(find, "opposite")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        # a comparative against a verb of change, and a verb against another verb
        (
            "At lower altitudes, the air pressure on the water is reduced, so water boils at"
            " lower temperatures.",
            "As the altitude increases, the air pressure on the water decreases, so water boils"
            " at lower temperatures.",
            "lower altitudes, the air pressure on the water is reduced",
            "altitude increases, the air pressure on the water decreases",
        ),
        # two comparatives against two verbs
        (
            "Higher interest rates on business loans lead to higher spending on new equipment.",
            "When interest rates on business loans rise, spending on new equipment falls.",
            "Higher interest rates on business loans lead to higher spending on new equipment",
            "interest rates on business loans rise, spending on new equipment falls",
        ),
        # the region names the two quantities the other way round
        (
            "Fewer hours of sleep each night were linked to lower blood pressure in adults.",
            "In adults, blood pressure rose as the hours of sleep each night declined.",
            "Fewer hours of sleep each night were linked to lower blood pressure in adults",
            "blood pressure rose as the hours of sleep each night declined",
        ),
    ],
)
def test_two_quantities_tied_the_other_way_are_found(sentence, region, said, told):
    assert tied(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # faithful paraphrases: the same tie in other words
        (
            "At higher altitudes, the air pressure on the water is reduced, so water boils at"
            " lower temperatures.",
            "As the altitude increases, the air pressure on the water decreases, so water boils"
            " at lower temperatures.",
        ),
        (
            "Higher interest rates on business loans lead to lower spending on new equipment.",
            "When interest rates on business loans rise, spending on new equipment falls.",
        ),
        # both directions turned: the tie is the same
        (
            "Lower interest rates on business loans lead to higher spending on new equipment.",
            "When interest rates on business loans rise, spending on new equipment falls.",
        ),
        (
            "Fewer hours of sleep each night were linked to higher blood pressure in adults.",
            "In adults, blood pressure rose as the hours of sleep each night declined.",
        ),
        (
            "Sales of electric cars rose in 2021 while sales of diesel cars fell.",
            "Diesel car sales fell in 2021, and electric car sales rose.",
        ),
        # the region's two directions stand in two sentences: no tie
        (
            "Exports rose sharply and imports rose slightly in 2020.",
            "Imports rose slightly in 2020. Exports, by contrast, fell.",
        ),
        # a negated direction says none
        (
            "The population did not increase, and housing prices fell.",
            "Housing prices rose while the population decreased.",
        ),
    ],
)
def test_ties_that_agree_or_are_not_read_find_nothing(sentence, region):
    assert tied(sentence, region) == []


def test_the_cheap_test_needs_two_direction_words():
    assert may_find(["lower", "costs", "raise", "higher", "profits"])
    assert not may_find(["costs", "fell", "sharply"])


def test_the_verdict_quotes_both_sides():
    evidence = [
        {
            "text": "When interest rates on business loans rise, spending on new equipment "
            "falls, the survey found."
        }
    ]
    answer = "Higher interest rates on business loans lead to higher spending on new equipment [1]."
    [s] = verify(answer, evidence).sentences
    assert s.status == "unsupported"
    assert s.reason.startswith(
        "the sentence says 'Higher interest rates on business loans lead to higher spending on"
        " new equipment'; passage [1] says 'interest rates on business loans rise, spending on"
        " new equipment falls'"
    )
    answer = "Higher interest rates on business loans lead to lower spending on new equipment [1]."
    [s] = verify(answer, evidence).sentences
    assert s.status == "verified"


@pytest.mark.parametrize(
    ("sentence", "region", "found"),
    [
        # every verb of change the direction reading knows ties quantities here too
        (
            "When interest rates on business loans climbed, spending on new equipment shrank.",
            "When interest rates on business loans climb, spending on new equipment grows.",
            True,
        ),
        (
            "When interest rates on business loans climbed, spending on new equipment shrank.",
            "When interest rates on business loans rise, spending on new equipment is cut.",
            False,
        ),
    ],
)
def test_the_verbs_of_change_are_the_direction_readings(sentence, region, found):
    assert bool(tied(sentence, region)) is found
