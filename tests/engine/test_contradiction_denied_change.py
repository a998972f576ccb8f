"""A denied verb of change beside a region saying the subject went the other way: the region
says the denial in its own words, no negation."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction.direction import went_otherwise
from citations.engine.support.contradiction.negation import find
from citations.engine.support.contradiction.polarity import polarity
from citations.engine.text.words import words_of
from tests.engine.readings import quoting

GLOBEX_DOWN = (
    "Globex posted sales of 6.4 million dollars in 2022, down from 8.1 million dollars in 2021."
)
GLOBEX_UP = (
    "Globex posted sales of 8.1 million dollars in 2022, up from 6.4 million dollars in 2021."
)


negation = quoting(find, "negation")


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # figures in order, the other way
        ("Globex's sales did not grow.", GLOBEX_DOWN),
        ("Globex's sales did not fall.", GLOBEX_UP),
        (
            "Globex's sales did not grow.",
            "Globex posted sales of 1,200 units in 2022, down from 1,500 units in 2021.",
        ),
        ("Globex's sales did not rise.", "Globex's sales went from 8.1 million to 6.4 million."),
        # a verb of the other way, of the same subject
        ("Globex's sales did not grow.", "Globex's sales fell in 2022."),
        ("Revenue at Globex did not increase.", "Revenue at Globex dropped sharply."),
    ],
)
def test_a_denied_change_the_region_tells_the_other_way_is_no_negation(sentence, region):
    assert negation(sentence, region) == []


@pytest.mark.parametrize(
    ("sentence", "region", "told"),
    [
        # the region's figures go the sentence's way (quoted with the whole number: the clause
        # marks cut "6.4" after "6")
        ("Globex's sales did not grow.", GLOBEX_UP, "Globex posted sales of 8.1 million"),
        ("Globex's sales did not fall.", GLOBEX_DOWN, "Globex posted sales of 6.4 million"),
        # the other way, but of another thing
        (
            "Globex's sales did not grow.",
            "Globex's costs fell, while Globex's sales were 8.1 million dollars.",
            "while Globex's sales were 8.1 million",
        ),
    ],
)
def test_a_denied_change_the_region_does_not_tell_the_other_way_stays_a_negation(
    sentence, region, told
):
    assert [region_side for _said, region_side in negation(sentence, region)] == [told]


@pytest.mark.parametrize(
    ("region", "said"),
    [
        ("Globex's sales fell.", True),
        ("Globex's sales did not fall.", False),  # denied, the verb says no way
        ("Globex's sales rose.", False),
        ("Globex's costs fell.", False),  # of another subject
        ("Globex's sales fell in 2021 and rose in 2022.", False),  # both ways
        ("Globex's sales fell from 8 to 6 million, then went from 6 to 9 million.", False),
    ],
)
def test_the_way_a_region_says_the_subject_went(region, said):
    sentence = "Globex's sales did not grow."
    words, region_words = words_of(sentence), words_of(region)
    pol = polarity(sentence, words)
    grow = [w.folded for w in words].index("grow")
    region_pol = polarity(region, region_words)
    assert (
        went_otherwise(sentence, words, pol.clause, grow, region, region_words, region_pol) is said
    )


def test_the_false_alarm_of_issue_21_is_verified():
    [s] = verify("Globex's sales did not grow [1].", [{"text": GLOBEX_DOWN}]).sentences
    assert s.contradictions == []
    assert s.status == "verified"
    assert "negation" not in s.reason


def test_a_quote_ends_with_the_whole_number():
    evidence = [{"text": GLOBEX_DOWN.replace("6.4 million", "1,200")}]
    [s] = verify("Globex's sales did not fall [1].", evidence).sentences
    assert s.reason.startswith(
        "the sentence says 'did not fall'; passage [1] says 'Globex posted sales of 1,200'"
    )


ROSE_THEN_FELL = "Globex's sales rose in 2022 and fell in 2023."
FELL_THEN_ROSE = "Globex's sales fell in 2022 and rose in 2023."


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the year the denial is of: the region's way for it is the other way
        ("Globex's sales did not fall in 2022.", ROSE_THEN_FELL),
        ("Globex's sales did not grow in 2022.", FELL_THEN_ROSE),
        ("In 2022, Globex's sales did not fall.", ROSE_THEN_FELL),
        # the region's verb of the sentence's way is said in another year
        ("Globex's sales did not fall in 2022.", "Globex's sales fell in 2023."),
        # the verb's object is the quantity that went otherwise
        ("Globex did not grow its sales between 2021 and 2022.", GLOBEX_DOWN),
        ("Globex did not grow its sales.", GLOBEX_DOWN),
        ("Globex did not grow its sales in 2022.", FELL_THEN_ROSE),
    ],
)
def test_a_denial_true_of_its_year_or_of_its_object_is_no_negation(sentence, region):
    assert negation(sentence, region) == []


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        # the region's verb of the sentence's way, said in the sentence's year
        ("Globex's sales did not fall in 2023.", ROSE_THEN_FELL, "did not fall", "and fell"),
        ("In 2023, Globex's sales did not fall.", ROSE_THEN_FELL, "did not fall", "and fell"),
        # the object's figures go the sentence's way
        (
            "Globex did not grow its sales between 2021 and 2022.",
            GLOBEX_UP,
            "did not grow its sales",
            "posted sales",
        ),
        # a year the negation denies first is what it denies
        ("Globex's sales fell not in 2022 but in 2023.", ROSE_THEN_FELL, "not in 2022", "in 2022"),
    ],
)
def test_a_denial_of_what_the_year_or_object_went_stays_a_negation(sentence, region, said, told):
    assert negation(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        ("Globex's sales did not fall in 2022 [1].", ROSE_THEN_FELL),
        ("Globex's sales did not grow in 2022 [1].", FELL_THEN_ROSE),
        ("Globex did not grow its sales between 2021 and 2022 [1].", GLOBEX_DOWN),
        ("Globex's sales did not grow [1].", GLOBEX_DOWN),
    ],
)
def test_the_false_reds_of_issue_21_are_verified(sentence, region):
    [s] = verify(sentence, [{"text": region}]).sentences
    assert s.contradictions == []
    assert s.status == "verified"


def test_the_by_hand_case_of_issue_21_stays_unsupported_quoting_both_sides():
    sentence = "Globex did not grow its sales between 2021 and 2022 [1]."
    [s] = verify(sentence, [{"text": GLOBEX_UP}]).sentences
    assert s.status == "unsupported"
    assert s.reason.startswith(
        "the sentence says 'did not grow its sales'; passage [1] says 'posted sales'"
    )


@pytest.mark.parametrize(
    ("sentence", "region", "said"),
    [
        # the verb's year: only the region's verbs said in it (or in none) tell its way
        ("Globex's sales did not fall in 2022.", ROSE_THEN_FELL, True),
        ("Globex's sales did not fall in 2023.", ROSE_THEN_FELL, False),
        ("Globex's sales did not fall in 2022.", "Globex's sales rose.", True),
        # the verb's object: the quantity it says went one way
        ("Globex did not grow its sales.", "Globex's sales fell.", True),
        ("Globex did not grow its profits.", "Globex's sales fell.", False),
    ],
)
def test_the_way_a_region_says_the_year_and_object_went(sentence, region, said):
    words, region_words = words_of(sentence), words_of(region)
    pol = polarity(sentence, words)
    verb = next(i for i, w in enumerate(words) if w.folded in ("grow", "fall"))
    region_pol = polarity(region, region_words)
    assert (
        went_otherwise(sentence, words, pol.clause, verb, region, region_words, region_pol) is said
    )
