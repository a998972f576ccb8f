"""The word a negation denies first: a cue opening a contrast denies the phrase after it."""

import pytest

from citations.engine.support.contradiction.negation import find
from tests.engine.readings import cited_alone, quoting

negation = quoting(find, "negation")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "Staff work from home on Fridays.",
            "On Fridays staff work from the office, not from home.",
            "from home",
            "not from home",
        ),
        (  # its determiner passed over too
            "Staff work from the office on Fridays.",
            "On Fridays staff work from home, not from the office.",
            "the office",
            "not from the office",
        ),
        (  # after "but"
            "The shop opens on Sundays.",
            "The shop opens on weekdays but not on Sundays.",
            "on Sundays",
            "not on Sundays",
        ),
        (
            "The law applies to small firms.",
            "The law applies to large firms only, not to small firms.",
            "to small",
            "not to small",
        ),
        (
            "Staff work in the office on Fridays.",
            "On Fridays staff work at home rather than in the office.",
            "the office",
            "rather than in the office",
        ),
        (
            "The fee is paid by the buyer.",
            "The fee is paid by the seller instead of the buyer.",
            "the buyer",
            "instead of the buyer",
        ),
    ],
)
def test_a_contrast_denies_the_phrase_after_its_cue(sentence, region, said, told):
    assert negation(sentence, region) == [(said, told)]
    s = cited_alone(sentence, region)
    assert s.status == "unsupported"
    assert s.decided_by == "contradiction"
    assert f"'{told}'" in s.reason


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        ("The shop opens on weekdays.", "The shop opens on weekdays but not on Sundays."),
        ("The company is based in London.", "The company is based in London, not in Paris."),
        (  # "not only" adds; it excludes nothing
            "Staff work from home on Fridays.",
            "On Fridays staff work from the office, not only from home.",
        ),
        (
            "Staff work at home on Fridays.",
            "On Fridays staff work at home rather than in the office.",
        ),
        (  # before a verb or a bare noun "instead of" weighs options: it denies nothing
            "Go to the File menu.",
            "Open the File menu instead of going to the toolbar.",
        ),
        (
            "Audiologists prefer OAE testing over pure-tone audiometry for infants.",
            "For infants audiologists prefer OAE testing rather than pure-tone audiometry.",
        ),
        (  # the sentence denies it as well
            "Staff do not work from home on Fridays.",
            "On Fridays staff work from the office, not from home.",
        ),
    ],
)
def test_what_a_contrast_leaves_standing_is_verified(sentence, region):
    assert negation(sentence, region) == []
    s = cited_alone(sentence, region)
    assert s.status == "verified"


def test_a_cue_inside_its_clause_still_stops_at_a_determiner():
    # "is not the fracking process" identifies something else; it denies no process
    region = "The leak is not the fracking process at the well."
    assert negation("The fracking process at the well was completed.", region) == []


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "The drug is safe during pregnancy.",
            "The drug is not considered safe during pregnancy.",
            "is safe",
            "is not considered safe",
        ),
        (
            "Coffee causes cancer.",
            "Coffee is not known to cause cancer.",
            "Coffee causes",
            "is not known to cause",
        ),
    ],
)
def test_a_judgment_denied_denies_what_it_judges(sentence, region, said, told):
    assert negation(sentence, region) == [(said, told)]


def test_a_judgment_denied_agrees_with_its_denial():
    region = "The drug is not considered safe during pregnancy."
    assert negation("The drug is not safe during pregnancy.", region) == []
