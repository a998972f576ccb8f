"""The restricted reading of the strength check: "all" of what the region says of a part."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction.restricted import find
from tests.engine.readings import quoting

restricted = quoting(find, "strength")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "The rule applies to all residents.",
            "The rule applies to residents over 65.",
            "all residents",
            "residents over 65",
        ),
        (
            "Every member may vote.",
            "Members who have paid their dues may vote.",
            "Every member",
            "Members who have paid their dues",
        ),
        (  # the region's own "every" is restricted too
            "Every employee gets 30 days of leave.",
            "Every employee who has completed one year of service gets 30 days of leave.",
            "Every employee",
            "employee who has completed one year",
        ),
        (
            "The permit is needed by all of the workers.",
            "The permit is needed by workers under eighteen.",
            "all of the workers",
            "workers under eighteen",
        ),
        (  # a bound's phrase before its value
            "The law applies to all employers.",
            "The law applies only to employers with more than 50 staff.",
            "all employers",
            "employers with more than 50",
        ),
        (
            "The tax applies to every resident.",
            "The tax applies to residents earning over 50,000 dollars a year.",
            "every resident",
            "residents earning over 50",  # the report quotes the whole number
        ),
        (
            "The vaccine is offered to all adults.",
            "The vaccine is offered to adults older than 65.",
            "all adults",
            "adults older than 65",
        ),
    ],
)
def test_all_against_a_part_only_is_found(sentence, region, said, told):
    assert restricted(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the sentence restricts the noun itself
        ("The rule applies to all residents over 65.", "The rule applies to residents over 65."),
        (  # the sentence says of whom it speaks in its own words
            "Every employee with a year of service gets 30 days of leave.",
            "Every employee who has completed one year of service gets 30 days of leave.",
        ),
        # one plain mention may say it of all
        (
            "The tax applies to all residents.",
            "The tax applies to every resident, and residents over 65 pay half.",
        ),
        ("Not all residents may vote.", "Residents over 18 may vote."),  # no claim of the whole
        (  # a quoted meaning claims nothing of the whole
            'The word "alleman" means "all people."',
            "Some names come from the people who inhabit the land.",
        ),
        # a bound in the next sentence restricts nothing
        ("All residents may vote.", "Residents may vote. Over 65 percent did."),
        ("All residents may vote.", "Residents over the age of majority may vote."),  # no value
        # "with" and a value that bounds no part of them
        ("All employees get leave.", "Employees get leave, with 30 days a year."),
        ("All employees get leave.", "Employees with children get more leave, 5 days."),
    ],
)
def test_all_against_the_whole_or_of_a_part_the_sentence_names_finds_nothing(sentence, region):
    assert restricted(sentence, region) == []


def test_all_residents_against_residents_over_65_is_unsupported_quoting_both():
    [s] = verify(
        "The rule applies to all residents [1].",
        [{"text": "The rule applies to residents over 65."}],
    ).sentences
    assert s.status == "unsupported"
    assert s.reason.startswith(
        "the sentence says 'all residents'; passage [1] says 'residents over 65'"
    )
    [s] = verify(
        "The rule applies to all residents over 65 [1].",
        [{"text": "The rule applies to residents over 65."}],
    ).sentences
    assert s.status == "verified"
