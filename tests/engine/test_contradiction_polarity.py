"""Which words a negation covers: "refused to" and "unable to" deny the verb after them."""

import pytest

from citations.engine.support.contradiction.negation import find
from citations.engine.support.contradiction.polarity import polarity
from citations.engine.text.words import words_of
from tests.engine.readings import cited_alone, quoting

negation = quoting(find, "negation")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "Germany signed the treaty.",
            "Germany refused to sign the treaty.",
            "Germany signed",
            "refused to sign",
        ),
        (
            "The witness testified at the trial.",
            "The witness refused to testify at the trial.",
            "witness testified",
            "refused to testify",
        ),
        (
            "The tenant attended the hearing.",
            "The tenant was unable to attend the hearing.",
            "tenant attended",
            "was unable to attend",
        ),
    ],
)
def test_refusing_or_being_unable_to_do_it_denies_doing_it(sentence, region, said, told):
    assert negation(sentence, region) == [(said, told)]
    s = cited_alone(sentence, region)
    assert s.status == "unsupported"


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        ("The company did not pay the fine.", "The company refused to pay the fine."),
        ("The company refused to pay the fine.", "The company did not pay the fine."),
    ],
)
def test_a_refusal_agrees_with_a_denial(sentence, region):
    assert negation(sentence, region) == []


@pytest.mark.parametrize("text", ["He was refused entry.", "The refuse was collected.", "Unable."])
def test_without_to_and_a_verb_they_say_no_in_other_words_only(text):
    assert not any(polarity(text, words_of(text)).negated)


@pytest.mark.parametrize(
    ("region", "told"),
    [
        ("The treatment is not yet approved by the FDA.", "is not yet approved"),
        ("The treatment has yet to be approved by the FDA.", "has yet to be approved"),
    ],
)
def test_not_yet_and_yet_to_deny_it_so_far(region, told):
    assert negation("The treatment is approved by the FDA.", region) == [("is approved", told)]


@pytest.mark.parametrize(
    "text",
    [
        "The treatment was tested for years, yet it was approved in 2020.",  # "yet": "but"
        "The company posted yet another record profit.",
    ],
)
def test_yet_alone_denies_nothing(text):
    assert not any(polarity(text, words_of(text)).negated)
