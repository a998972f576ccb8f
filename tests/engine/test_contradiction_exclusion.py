"""The exclusion reading: what the sentence leaves out, the region names as one of them."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction.exclusion import find, find_in_region, may_find
from tests.engine.readings import cited_alone, quoting

excluded = quoting(find, "opposite")
excluded_by_region = quoting(find_in_region, "opposite")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "The vaccine was trialled in many countries, excluding Brazil and Canada.",
            "Trials of the vaccine took place in Brazil, Canada and Japan.",
            "excluding Brazil",
            "took place in Brazil",
        ),
        # a verb, and the item named where what follows it follows it too
        (
            "Senate Bill 563 excludes amendments to the Consumer Credit Act.",
            "Senate Bill 344 amends the payment rules, and Senate Bill 563 contains "
            "amendments to the Consumer Credit Act.",
            "excludes amendments",
            "Bill 563 contains amendments",
        ),
        # a later item of the list, named whole
        (
            "Young mothers face more complications, except preterm birth and low birth weight.",
            "Young mothers face an increased risk of low birth weight.",
            "except preterm birth and low birth weight",
            "increased risk of low birth weight",
        ),
        # a title's closing quote mark is quoted with it
        (
            'Robbie plays Harley Quinn in several movies, excluding "Suicide Squad".',
            'Robbie first played Harley Quinn in "Suicide Squad" in 2016.',
            'excluding "Suicide Squad"',
            'Harley Quinn in "Suicide Squad"',
        ),
    ],
)
def test_an_item_the_region_names_among_the_things_is_found(sentence, region, said, told):
    assert excluded(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the region leaves the item out too: negated, in other words, or set apart
        (
            "The tax applies to all property, except your home.",
            "The tax does not apply to your home.",
        ),
        (
            "The rule covers all vehicles except bicycles.",
            "Bicycles are exempt from the rule on vehicles.",
        ),
        (
            "All members except France signed the treaty.",
            "All members signed the treaty except France.",
        ),
        (
            "The treaty was signed by all members except France.",
            "France refused to sign the treaty.",
        ),
        (  # a place closed on the day is not open then
            "The museum is open daily except Mondays.",
            "The museum is open daily. On Mondays the museum is closed for cleaning.",
        ),
        (
            "The park is open all year except December.",
            "The park is open all year; in December the park closes for maintenance.",
        ),
        # the sentence's exclusion is itself negated
        (
            "The offer covers every fruit, not excluding apples.",
            "The offer covers apples and pears.",
        ),
        # named in a sentence that says nothing of what the sentence speaks of
        (
            "The offer covers every fruit, excluding apples.",
            "The offer covers every fruit. Apples grow in orchards.",
        ),
        # "including" leaves nothing out
        (
            "The vaccine was trialled in many countries, including Brazil.",
            "Trials of the vaccine took place in Brazil.",
        ),
        # the list ends at a word no item opens with
        (
            "The rate is fixed, except for land, from 2020 onwards.",
            "The rate is fixed from 2020 onwards.",
        ),
    ],
)
def test_a_region_that_does_not_name_the_item_so_finds_nothing(sentence, region):
    assert excluded(sentence, region) == []


def test_the_cheap_test_reads_the_words_of_exclusion():
    assert may_find(["all", "except", "france"], "all except France")
    assert not may_find(["an", "exception", "to", "it"], "an exception to it")
    assert may_find(None, "Alle Länder, excluding Brazil")


def test_the_verdict_quotes_both_sides():
    evidence = [{"text": "Trials of the vaccine took place in Brazil, Canada and Japan."}]
    text = "The vaccine was trialled in many countries, excluding Brazil and Canada [1]."
    [s] = verify(text, evidence).sentences
    assert s.status == "unsupported"
    assert s.reason.startswith(
        "the sentence says 'excluding Brazil'; passage [1] says 'took place in Brazil'"
    )
    text = "The vaccine was trialled in many countries, including Brazil and Canada [1]."
    [s] = verify(text, evidence).sentences
    assert s.contradictions == []


def test_a_clause_after_the_item_says_what_holds_of_it_not_of_the_things():
    sentence = "The office is open every day except Sunday, when only the helpline operates."
    assert excluded(sentence, "On Sunday only the helpline operates.") == []
    # the words before the item are still the things it is left out of
    assert excluded(sentence, "On Sunday the office is open.") == [("except Sunday", "On Sunday")]


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "The museum is open on Mondays.",
            "The museum is open every day except Mondays.",
            "is open on Mondays",
            "open every day except Mondays",
        ),
        (  # the item is its first word: what follows says what holds of the rest
            "Denmark uses the euro.",
            "All EU countries except Denmark use the euro.",
            "Denmark",
            "All EU countries except Denmark",
        ),
        (
            "Managers get overtime pay.",
            "All employees except managers get overtime pay.",
            "Managers",
            "All employees except managers",
        ),
        (  # after a preposition
            "Payments are due in December.",
            "Payments are due monthly, except in December.",
            "are due in December",
            "are due monthly, except in December",
        ),
    ],
)
def test_what_the_region_leaves_out_the_sentence_says_as_of_the_rest(sentence, region, said, told):
    assert excluded_by_region(sentence, region) == [(said, told)]
    s = cited_alone(sentence, region)
    assert s.status == "unsupported"
    assert s.decided_by == "contradiction"


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # what the sentence says of the item is not what the region says of the rest
        ("Denmark is an EU country.", "All EU countries except Denmark use the euro."),
        ("The museum's cafe is open on Mondays.", "The museum is open every day except Mondays."),
        # the region names the item again: it says something of it this reading cannot tell
        (
            "Managers get a bonus.",
            "All employees except managers get overtime pay, and managers get a bonus.",
        ),
        # the sentence leaves it out too
        (
            "The museum is open daily except on Mondays.",
            "The museum is open every day except Mondays.",
        ),
    ],
)
def test_what_the_region_leaves_out_may_be_said_otherwise(sentence, region):
    assert excluded_by_region(sentence, region) == []
