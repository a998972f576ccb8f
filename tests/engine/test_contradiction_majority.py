"""Strength: "most" of what the region says only "some" or "a few" of."""

import pytest

from citations.engine.support.contradiction.majority import find
from tests.engine.readings import cited_alone, quoting

majority = quoting(find, "strength")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "The drug is effective in most patients.",
            "The drug is effective in some patients.",
            "most patients",
            "some patients",
        ),
        (
            "Most voters supported the plan.",
            "A minority of voters supported the plan.",
            "Most voters",
            "A minority of voters",
        ),
        (
            "The majority of patients recovered.",
            "Only a few patients recovered.",
            "The majority of patients",
            "Only a few patients",
        ),
    ],
)
def test_most_against_some_is_found(sentence, region, said, told):
    assert majority(sentence, region) == [(said, told)]
    s = cited_alone(sentence, region)
    assert s.status == "unsupported"
    assert s.decided_by == "contradiction"


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the region says as much too
        ("Most patients recovered.", "Most patients recovered; some patients relapsed."),
        (
            "Most of the patients recovered.",
            "More than half of the patients recovered, and some patients relapsed.",
        ),
        # "some" said of another thing than the sentence's
        ("Most patients recovered.", "Patients recovered quickly; some patients relapsed."),
        ("Perhaps most patients recovered.", "Some patients recovered."),  # softened
        ("Some patients recovered.", "Some patients recovered."),
    ],
)
def test_most_against_as_much_or_of_another_thing_finds_nothing(sentence, region):
    assert majority(sentence, region) == []
