"""Words that only join or announce a claim are no key terms: no passage states "moreover"."""

import pytest

from citations.engine import verify
from citations.engine.text.claims import analyse


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Moreover, good organisation helps managers.", "moreover"),
        ("For instance, the tower was completed in 1889.", "instance"),
        ("Furthermore, the court upheld the ruling.", "furthermore"),
        ("Chain-growth polymerization involves monomers.", "involves"),
    ],
)
def test_connectives_are_no_key_terms(text, word):
    assert word not in analyse(text).terms.values()


@pytest.mark.parametrize(
    "opening",
    [
        "It is important to note that ",
        "It is worth noting that ",
        "It should be noted that ",
        "It is also important to remember that ",
    ],
)
def test_an_announcing_opening_adds_no_key_terms(opening):
    claim = "many high-income regions are outside the tropics."
    assert analyse(opening + claim).terms == analyse(claim.capitalize()).terms


def test_an_opening_that_states_something_keeps_its_words():
    assert "import" in analyse("It is important for the court to note the facts.").terms


PASSAGE = (
    "All of the high-income regions -- North America, Western Europe, Northeast Asia, the "
    "Southern Cone of Latin America, and Oceania -- are outside the tropics."
)


def test_an_announced_claim_scores_as_the_claim():
    plain = verify("Many high-income regions are outside the tropics [1].", [{"text": PASSAGE}])
    announced = verify(
        "It is important to note that many high-income regions are outside the tropics [1].",
        [{"text": PASSAGE}],
    )
    assert announced.sentences[0].signals == {**plain.sentences[0].signals, "generic_opener": 1.0}
    assert announced.sentences[0].status == "verified"
