"""The years reading: the sentence gives its event the year the region gives another."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction.years import find, may_find
from citations.engine.text.numbers import find_numbers
from tests.engine.readings import quoting

moved = quoting(find, "number")

ACT = "The Act came into force in 2018 and was amended in 2019."


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        ("The Act came into force in 2019.", ACT, "force in 2019", "force in 2018"),
        ("The Act was amended in 2018.", ACT, "amended in 2018", "amended in 2019"),
        (
            "The Act came into force on 1 January 2019.",
            "It came into force on 1 January 2018 and was amended on 1 March 2019.",
            "January 2019",
            "January 2018",
        ),
    ],
)
def test_a_year_in_the_place_of_another_is_found(sentence, region, said, told):
    assert moved(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        ("The Act came into force in 2018.", ACT),
        # no content word before the year in its clause: no place to read
        ("In 2019, the Act was amended.", ACT),
        ("Sales grew from 2018 to 2019.", "Sales grew from 2017 to 2019."),
        # the region gives the sentence's year there too, of another thing
        (
            "The company was founded in 1998.",
            "The company was founded in 1998 by Ann. Its rival was founded in 2001.",
        ),
        # a year the region lacks is the numbers' business, not this reading's
        ("The Act came into force in 2017.", ACT),
    ],
)
def test_a_year_in_its_own_place_or_none_finds_nothing(sentence, region):
    assert moved(sentence, region) == []


def test_the_cheap_test_needs_a_year():
    assert may_find(find_numbers("It came into force in 2019."))
    assert not may_find(find_numbers("It costs 30 euros on 3 May."))


def test_the_verdict_quotes_both_years():
    [s] = verify("The Act came into force in 2019 [1].", [{"text": ACT}]).sentences
    assert s.status == "unsupported"
    assert s.reason.startswith(
        "the sentence says 'force in 2019'; passage [1] says 'force in 2018'"
    )
    assert [c.kind for c in s.contradictions] == ["number"]
