"""A comparison read both ways: "A <comparative> than B" says what "B <opposite> than A" says."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction import comparison, opposite, roles
from citations.engine.text.words import words_of


def found(check, sentence: str, region: str) -> list[tuple[str, str, str]]:
    return [
        (f.kind, sentence[f.sentence_start : f.sentence_end], region[f.region_start : f.region_end])
        for f in check.find(sentence, words_of(sentence), region, words_of(region))
    ]


def contradictions(sentence: str, region: str) -> list[tuple[str, str, str]]:
    [s] = verify(sentence + " [1].", [{"text": region}]).sentences
    return [(c.kind, c.sentence_text, c.passage_text) for c in s.contradictions]


# The opposite comparative with the two sides exchanged: the same thing said the other way.
EXCHANGED = [
    ("Men earned more than women", "Women earned less than men."),
    ("The river is longer than the canal", "The canal is shorter than the river."),
    (
        "Prices in Leeds are higher than prices in York",
        "Prices in York are lower than prices in Leeds.",
    ),
    (
        "The treaty was signed earlier than the charter",
        "The charter was signed later than the treaty.",
    ),
    ("Rome was founded earlier than Carthage", "Carthage was founded later than Rome."),
    # sides that share words ("those of", "In 2020"), a genitive
    ("Men's wages are higher than those of women", "Women's wages are lower than those of men."),
    ("In 2020 exports were higher than imports", "In 2020 imports were lower than exports."),
    # passives, and a noun between the comparative and its "than"
    ("Women were paid less than men", "Men were paid more than women."),
    (
        "Adults were given higher doses than children",
        "Children were given lower doses than adults.",
    ),
    ("Tea contains less caffeine than coffee", "Coffee contains more caffeine than tea."),
]


@pytest.mark.parametrize(("sentence", "region"), EXCHANGED)
def test_the_opposite_comparative_with_the_sides_exchanged_contradicts_nothing(sentence, region):
    assert found(opposite, sentence + ".", region) == []
    assert contradictions(sentence, region) == []


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        (
            "The treaty was signed earlier than the charter.",
            "The charter was signed later than the treaty.",
        ),
        # the pair trades places too ("Rome was founded" / "Carthage was founded"): the region
        # says the sentence's relation, so the places say nothing
        ("Rome was founded earlier than Carthage.", "Carthage was founded later than Rome."),
    ],
)
def test_roles_read_the_exchanged_comparison_as_the_same_relation(sentence, region):
    assert found(roles, sentence, region) == []


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        # the opposite comparative with the sides where the region has them
        ("Women earned more than men.", "Women earned less than men.", "more", "less"),
        (
            "The canal is longer than the river.",
            "The canal is shorter than the river.",
            "longer",
            "shorter",
        ),
        ("Men were paid less than women.", "Men were paid more than women.", "less", "more"),
        (
            "Children were given higher doses than adults.",
            "Children were given lower doses than adults.",
            "higher",
            "lower",
        ),
        # only one side exchanged: the sentence compares other things
        ("Men earned more than women.", "Women earned less than children.", "more", "less"),
    ],
)
def test_the_opposite_comparative_with_the_sides_in_place_is_found(sentence, region, said, told):
    assert found(opposite, sentence, region) == [("opposite", said, told)]


def test_the_same_comparative_with_the_sides_exchanged_is_found():
    assert contradictions(
        "The charter was signed earlier than the treaty",
        "The treaty was signed earlier than the charter.",
    ) == [
        (
            "roles",
            "charter was signed earlier than the treaty",
            "treaty was signed earlier than the charter",
        )
    ]


def test_the_verdict_of_a_comparison_turned_by_its_word_alone_quotes_both_words():
    assert contradictions("Women earned more than men", "Women earned less than men.") == [
        ("opposite", "more", "less")
    ]
    assert contradictions(
        "Carthage was founded earlier than Rome", "Carthage was founded later than Rome."
    ) == [("opposite", "earlier", "later")]


def test_a_comparison_whose_opposite_is_no_comparison_is_read_as_before():
    # "lower" compares with nothing: the sides say nothing, the opposite stands
    assert found(opposite, "Men earned more than women.", "Women earned less.") == [
        ("opposite", "more", "less")
    ]


def test_converse_comparatives_need_a_than_on_both_sides():
    assert opposite.converse_comparatives(
        ("signed", "earlier", "than"), ("signed", "later", "than")
    )
    assert opposite.converse_comparatives(
        ("given", "higher", "doses", "than"), ("given", "lower", "doses", "than")
    )
    assert not opposite.converse_comparatives(("signed", "earlier"), ("signed", "later", "than"))
    assert not opposite.converse_comparatives(
        ("signed", "earlier", "than"), ("signed", "earlier", "than")
    )


# The same comparative with the sides exchanged, of sides that are no names: plain nouns,
# a noun after the comparative, a word of degree, a side of several words.
SWAPPED = [
    ("Cats are larger than dogs", "Dogs are larger than cats.", "Dogs are larger than cats"),
    (
        "Cats are larger than dogs",
        "Dogs are much larger than cats.",
        "Dogs are much larger than cats",
    ),
    (
        "Adults were given higher doses than children",
        "Children were given higher doses than adults.",
        "Children were given higher doses than adults",
    ),
    ("Tea contains more caffeine than coffee", "Coffee contains more caffeine than tea.", None),
    (
        "Prices in Leeds are higher than prices in York",
        "Prices in York are higher than prices in Leeds.",
        "Prices in York are higher than prices in Leeds",
    ),
]


@pytest.mark.parametrize(("sentence", "region", "told"), SWAPPED)
def test_the_same_comparison_of_plain_sides_exchanged_is_found(sentence, region, told):
    [(kind, said, there)] = contradictions(sentence, region)
    assert kind == "roles"
    assert said.startswith(sentence.split()[0]) and said.endswith(sentence.split()[-1])
    assert there == (told or region.rstrip("."))


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # said alike
        ("Cats are larger than dogs.", "Cats are larger than dogs."),
        (
            "Prices in Leeds are higher than prices in York.",
            "In 2020, prices in Leeds were higher than prices in York.",
        ),
        # the opposite comparative: the same thing said the other way (see EXCHANGED)
        *((s + ".", r) for s, r in EXCHANGED),
        # the region denies its comparison: no contradiction of the sentence's
        ("Cats are larger than dogs.", "Dogs are not larger than cats."),
        # the region says the sentence's comparison too, beside another
        ("Cats are larger than mice.", "Dogs are larger than cats, and cats are larger than mice."),
        # a figure after "more than" is no side exchanged
        (
            "The company employs more than 500 people.",
            "More than 500 people are employed by the company.",
        ),
        # other words compared: "higher doses" is no "lower doses"
        (
            "Adults were given higher doses than children.",
            "Children were given lower doses than adults.",
        ),
    ],
)
def test_a_comparison_said_alike_conversely_or_denied_is_no_exchange(sentence, region):
    assert comparison.find(sentence, words_of(sentence), region, words_of(region)) == []
