"""A name opening a sentence (contradiction.names): read as one where the text says so, so that
the roles readings find another thing after a full stop as they do after a semicolon."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction.instead import find
from citations.engine.support.contradiction.names import opens_name
from citations.engine.support.contradiction.negation import Side
from citations.engine.text.words import words_of
from tests.engine.readings import cited_alone, quoted


def opener(text: str, word: str) -> bool:
    """Whether ``word``, first opening a sentence of ``text`` after its first, reads as a name."""
    side = Side(text, words_of(text))
    k = next(k for k, w in enumerate(side.words) if k and w.text == word)
    return opens_name(side, k)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # in the frame of another sentence's opener: the same verb after each
        ("Smith did not appeal. Jones appealed.", "Jones"),
        ("Smith did not attend the hearing. Jones attended it.", "Jones"),
        # beside a sentence saying no of its opener
        ("Smith was absent. Jones attended the hearing.", "Jones"),
        # no common word: the word table lacks it
        ("The court sat in May. Globex appealed.", "Globex"),
        # written capitalised inside a sentence too
        ("The court sat in May. Jones appealed. It heard Jones in June.", "Jones"),
    ],
)
def test_a_capital_opening_a_sentence_is_a_name_where_the_text_says_so(text, word):
    assert opener(text, word)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # a word with no key term
        ("Smith did not appeal. The court ruled.", "The"),
        ("Smith did not appeal. However, Jones appealed.", "However"),
        # a common word opening one sentence alone
        ("Revenue fell in 2021. Sales rose in 2022.", "Sales"),
        # set off from its clause: a comma, or a pronoun that is the clause's subject
        ("Smith did not appeal in May. Later, he appealed.", "Later"),
        ("Smith did not appeal in May. Later he appealed.", "Later"),
        ("Smith did not appeal in May. Thereafter he appealed.", "Thereafter"),
        # another verb after it, and no other opener said no of: no frame shared
        ("Smith was present. Jones attended the hearing.", "Jones"),
        # the opener said no of is two sentences away
        ("Smith was absent. The court sat. Jones attended the hearing.", "Jones"),
    ],
)
def test_a_sentence_start_is_no_name_otherwise(text, word):
    assert not opener(text, word)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the text's first word, before the same verb as a name written inside the sentence
        ("France signed the treaty, but Germany did not sign it.", True),
        ("France signed the treaty, but Germany refused to sign it.", True),
        # another verb after the name inside
        ("Sales rose in 2022, but Globex saw its sales fall.", False),
    ],
)
def test_an_opener_framed_with_a_name_inside_its_sentence_is_a_name(text, expected):
    assert opens_name(Side(text, words_of(text)), 0) is expected


PASSAGE = "Smith did not appeal. Jones appealed."


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        ("Smith appealed.", PASSAGE, "Smith appealed", PASSAGE[:-1]),
        (
            "Smith appealed the ruling.",
            "Smith did not appeal the ruling. Jones appealed the ruling.",
            "Smith appealed",
            "Smith did not appeal the ruling. Jones appealed",
        ),
        (
            "Smith appealed.",
            "Smith did not appeal. Globex appealed.",
            "Smith appealed",
            "Smith did not appeal. Globex appealed",
        ),
        (  # names the word table lacks, with an object
            "Acme acquired Initech.",
            "Acme did not acquire Initech. Globex acquired Initech.",
            "Acme acquired",
            "Acme did not acquire Initech. Globex acquired",
        ),
        (  # beside a sentence saying no of the sentence's name without a cue
            "Smith attended the hearing.",
            "Smith was absent. Jones attended the hearing.",
            "Smith attended",
            "Smith was absent. Jones attended",
        ),
        (  # the other thing the region's first word
            "Smith appealed.",
            "Jones appealed. Smith did not appeal.",
            "Smith appealed",
            "Jones appealed. Smith did not appeal",
        ),
        (  # the other thing the region's first word, the sentence's name inside its sentence
            "Germany signed the treaty.",
            "France signed the treaty, but Germany refused to sign it.",
            "Germany signed",
            "France signed the treaty, but Germany refused to sign it",
        ),
    ],
)
def test_a_verb_denied_of_the_sentences_name_and_asserted_of_another_after_a_full_stop(
    sentence, region, said, told
):
    assert quoted(
        find(sentence, words_of(sentence), region, words_of(region)), sentence, region, "roles"
    ) == [(said, told)]
    s = cited_alone(sentence, region)
    assert s.status == "unsupported"
    assert f"the sentence says '{said}'; passage [1] says '{told}'" in s.reason
    assert "supports" not in s.reason


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # what the passage says, in its words or in others
        ("Jones appealed [1].", PASSAGE),
        ("Smith did not appeal [1].", PASSAGE),
        ("Jones appealed [1].", "Jones appealed. Smith did not appeal."),
        ("Jones attended the hearing [1].", "Smith was absent. Jones attended the hearing."),
        ("Globex acquired Initech [1].", "Acme did not acquire Initech. Globex acquired Initech."),
        ("Smith did not appeal [1].", "Jones appealed. Smith did not appeal."),
        ("Smith did not attend the hearing [1].", "Smith did not attend it. Jones attended it."),
        # the region asserts it of the sentence's own thing after all
        ("Smith appealed [1].", "Smith did not appeal in May. Smith appealed in June."),
        ("Smith appealed [1].", "Smith did not appeal at first. However, Smith appealed later."),
        # an opening adverb is no other thing: "he" is Smith
        ("Smith appealed [1].", "Smith did not appeal in May. Later he appealed."),
        ("Smith appealed [1].", "Smith did not appeal in May. Later, he appealed."),
        ("Smith appealed [1].", "Later he appealed. Smith did not appeal at first."),
    ],
)
def test_what_the_region_says_of_the_sentences_name_stays_verified(sentence, region):
    s = verify(sentence, [{"text": region}]).sentences[0]
    assert s.status == "verified"
    assert not s.contradictions
