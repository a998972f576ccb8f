"""Where the asserting side asserts what a negation denies: a cue denying a thing after it
leaves what was said before it asserted."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction.negation import find
from tests.engine.readings import quoting

negation = quoting(find, "negation")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "The employer may dismiss a worker without notice.",
            "The employer may not dismiss a worker without notice.",
            "may dismiss",
            "may not dismiss",
        ),
        (
            "The tenant may keep a dog with no permit.",
            "The tenant may not keep a dog with no permit.",
            "may keep",
            "may not keep",
        ),
    ],
)
def test_a_cue_after_the_asserted_word_denying_a_thing_leaves_it_asserted(
    sentence, region, said, told
):
    assert negation(sentence, region) == [(said, told)]
    [s] = verify(
        sentence[:-1] + " [Labour Law, Article 5].",
        [{"text": region, "law": "Labour Law", "article": "5"}],
    ).sentences
    assert s.status == "unsupported"


def test_a_subject_right_before_its_predicates_denial_is_no_assertion():
    # "Aspirin should not be given to children" says nothing given
    assert (
        negation("Children should not take aspirin.", "Aspirin should not be given to children.")
        == []
    )
