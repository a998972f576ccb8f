"""Strength: "at any time" where the region bounds when."""

import pytest

from citations.engine.support.contradiction.any_time import find, may_find
from citations.engine.support.contradiction.pretests import lower_tokens
from tests.engine.readings import cited_alone, quoting

any_time = quoting(find, "strength")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "The contract can be cancelled at any time.",
            "The contract can be cancelled within 14 days.",
            "at any time",
            "cancelled within 14 days",
        ),
        (
            "Employees can take leave at any time.",
            "Employees can take leave only with the manager's approval.",
            "at any time",
            "leave only with the manager",
        ),
        (
            "You can cancel the booking any time.",
            "You can cancel the booking until 24 hours before arrival.",
            "any time",
            "booking until 24 hours",
        ),
        (
            "Tenants may terminate the lease anytime.",
            "Tenants may terminate the lease before the end of the first year.",
            "anytime",
            "lease before the end",
        ),
    ],
)
def test_any_time_against_a_bound_on_when_is_found(sentence, region, said, told):
    assert any_time(sentence, region) == [(said, told)]
    s = cited_alone(sentence, region)
    assert s.status == "unsupported"
    assert s.decided_by == "contradiction"


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        (  # the region says it too
            "The contract can be cancelled at any time.",
            "The contract can be cancelled at any time by either party.",
        ),
        (  # "by" and a determiner says who; the bound is on another word, in another clause
            "The contract can be cancelled at any time.",
            "The contract can be cancelled by the tenant, and payments are due within 14 days.",
        ),
        (  # the sentence denies it
            "The contract cannot be cancelled at any time.",
            "The contract can be cancelled within 14 days.",
        ),
        (  # the sentence bounds it itself
            "The contract can be cancelled at any time before 2026.",
            "The contract can be cancelled before 2026.",
        ),
    ],
)
def test_any_time_the_region_does_not_bound_finds_nothing(sentence, region):
    assert any_time(sentence, region) == []


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [("Cancel it at any time.", True), ("Call anytime.", True), ("Cancel it in time.", False)],
)
def test_the_cheap_test_reads_tokens_and_text_alike(sentence, expected):
    assert may_find(lower_tokens(sentence), sentence) is expected
    assert may_find(None, sentence) is expected
