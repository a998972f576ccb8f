"""A region asserting the verb a sentence denies, of another subject or object than the
sentence's, where it says no of the sentence's own elsewhere: no negation."""

import pytest

from citations.engine.support.contradiction.negation import find
from citations.engine.text.words import words_of
from tests.engine.readings import cited_alone


def negation(sentence: str, region: str) -> list[tuple[str, str]]:
    found = find(sentence, words_of(sentence), region, words_of(region))
    return [
        (sentence[f.sentence_start : f.sentence_end], region[f.region_start : f.region_end])
        for f in found
    ]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # another subject: the lawyer attended; of Smith the region says no
        ("Smith did not attend the hearing.", "Smith was absent; his lawyer attended the hearing."),
        # another object: England and Wales; of Scotland the region says no
        (
            "The Act does not apply to Scotland.",
            "The Act applies to England and Wales. It does not extend to Scotland.",
        ),
    ],
)
def test_a_verb_asserted_of_another_thing_is_no_negation(sentence, region):
    assert negation(sentence, region) == []
    s = cited_alone(sentence, region)
    assert s.status == "verified", s.reason


@pytest.mark.parametrize(
    ("sentence", "region", "told"),
    [
        # the sentence's own subject attended
        (
            "Smith did not attend the hearing.",
            "Smith was present; he attended the hearing.",
            "he attended",
        ),
        # the region says nothing against Smith: only another subject is no sign of agreement
        (
            "Smith did not attend the hearing.",
            "Smith was there. His lawyer attended the hearing.",
            "lawyer attended",
        ),
        # an adverb before the verb is no other subject
        (
            "Reilly does not sing in the film.",
            "Reilly did not train. He actually sings in the film.",
            "actually sings",
        ),
    ],
)
def test_the_verb_asserted_of_the_sentences_own_thing_is_still_a_negation(sentence, region, told):
    assert negation(sentence, region)[0][1] == told
