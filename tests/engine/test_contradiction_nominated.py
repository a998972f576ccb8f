"""Strength: a prize won, where the region says it was only in the running."""

import pytest

from citations.engine.support.contradiction.nominated import find
from tests.engine.readings import cited_alone, quoting

nominated = quoting(find, "strength")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "The film won the Oscar for best picture.",
            "The film was nominated for the Oscar for best picture.",
            "won the Oscar",
            "nominated for the Oscar",
        ),
        (
            "She received the Booker Prize in 2019.",
            "She was shortlisted for the Booker Prize in 2019.",
            "received the Booker",
            "shortlisted for the Booker",
        ),
    ],
)
def test_won_against_only_nominated_is_found(sentence, region, said, told):
    assert nominated(sentence, region) == [(said, told)]
    s = cited_alone(sentence, region)
    assert s.status == "unsupported"


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        (  # the region says it won too
            "The film won the Oscar for best picture.",
            "The film was nominated for five Oscars and won the Oscar for best picture.",
        ),
        ("The film was nominated for the Oscar.", "The film was nominated for the Oscar."),
        ("The film may win the Oscar.", "The film was nominated for the Oscar."),
        ("The film did not win the Oscar.", "The film was nominated for the Oscar."),
    ],
)
def test_won_hedged_denied_or_said_too_finds_nothing(sentence, region):
    assert nominated(sentence, region) == []
