"""Opposite: a stance turned, for against against."""

import pytest

from citations.engine.support.contradiction.stance import find
from tests.engine.readings import cited_alone, quoting

stance = quoting(find, "opposite")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "The senator voted for the bill.",
            "The senator voted against the bill.",
            "voted for the bill",
            "voted against the bill",
        ),
        (
            "The lawyer argued in favour of the merger.",
            "The lawyer argued against the merger.",
            "argued in favour of the merger",
            "argued against the merger",
        ),
        (
            "The court ruled in favor of the tenant.",
            "The court ruled against the tenant.",
            "ruled in favor of the tenant",
            "ruled against the tenant",
        ),
    ],
)
def test_a_stance_turned_is_found(sentence, region, said, told):
    assert stance(sentence, region) == [(said, told)]
    s = cited_alone(sentence, region)
    assert s.status == "unsupported"


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # read thing by thing: against the amendment, for the bill
        (
            "The senator voted for the bill.",
            "The senator voted for the bill, then against the amendment.",
        ),
        (
            "The senator voted against the amendment.",
            "The senator voted for the bill, then against the amendment.",
        ),
        # the region takes both sides of it: no order between them here
        (
            "The senator voted for the bill.",
            "The senator voted for the bill in 2019 and against it in 2021.",
        ),
    ],
)
def test_a_stance_the_region_takes_too_finds_nothing(sentence, region):
    assert stance(sentence, region) == []
