"""Strength: done, where the region says it was only intended."""

import pytest

from citations.engine.support.contradiction.planned import find
from tests.engine.readings import cited_alone, quoting

planned = quoting(find, "strength")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "The city banned cars from the centre.",
            "The city plans to ban cars from the centre.",
            "banned",
            "plans to ban",
        ),
        (
            "The city has banned cars from the centre.",
            "The city has considered banning cars from the centre.",
            "banned",
            "considered banning",
        ),
        (
            "Scientists proved that the drug works.",
            "Scientists hope to prove that the drug works.",
            "proved",
            "hope to prove",
        ),
        (  # an irregular form read as its verb
            "The company bought the startup.",
            "The company is expected to buy the startup next year.",
            "bought",
            "expected to buy",
        ),
    ],
)
def test_done_against_only_intended_is_found(sentence, region, said, told):
    assert planned(sentence, region) == [(said, told)]
    s = cited_alone(sentence, region)
    assert s.status == "unsupported"


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the sentence intends, hedges or denies it too
        ("The city plans to ban cars from the centre.", "The city plans to ban cars."),
        ("The city will ban cars from the centre.", "The city plans to ban cars."),
        ("The city did not ban cars.", "The city plans to ban cars."),
        (  # only made possible: "help educators gather"
            "These techniques help educators gather data.",
            "Teachers aim to gather data with these techniques.",
        ),
        (  # the region says it done too
            "The city banned cars from the centre.",
            "The city planned to ban cars and banned them in 2020.",
        ),
        ("The thermostat is at 20 degrees.", "The thermostat is set to 20 degrees."),  # no verb
    ],
)
def test_intended_against_no_plain_statement_finds_nothing(sentence, region):
    assert planned(sentence, region) == []
