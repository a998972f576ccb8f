"""A name in another's place: the region names another where the sentence names its own."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction.named_place import find
from tests.engine.readings import cited_alone, quoting

placed = quoting(find, "roles")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "The firm is headquartered in London.",
            "The firm is headquartered in Paris, with an office in London.",
            "headquartered in London",
            "headquartered in Paris",
        ),
        (
            "Baby is a song by Ludacris.",
            "Baby is a song by Justin Bieber with the rapper Ludacris.",
            "song by Ludacris",
            "song by Justin Bieber",
        ),
    ],
)
def test_a_name_the_region_has_in_another_place_is_found(sentence, region, said, told):
    assert placed(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the region says the sentence's name there
        (
            "The firm is headquartered in Paris.",
            "The firm is headquartered in Paris, with an office in London.",
        ),
        # a list holds the sentence's name beside the region's
        ("The firm has offices in Paris.", "The firm has offices in London and Paris."),
        # a possessive names whose: the name after it stands in the place
        (
            "Ashwin is captain of Kings XI Punjab.",
            "Ashwin was named captain of Preity Zinta's Kings XI Punjab.",
        ),
        # a comparison with its sides exchanged (see comparison)
        (
            "Prices in Leeds are higher than prices in York.",
            "Prices in York are lower than prices in Leeds.",
        ),
        # a place that is another name's side is no predicate's
        ("Smith met Jones in March.", "Smith and Brown met Jones."),
    ],
)
def test_a_name_said_there_listed_or_framed_otherwise_finds_nothing(sentence, region):
    assert placed(sentence, region) == []


def test_the_verdict_quotes_both_places():
    evidence = [{"text": "The firm is headquartered in Paris, with an office in London."}]
    [s] = verify("The firm is headquartered in London [1].", evidence).sentences
    assert s.status == "unsupported"
    assert s.reason.startswith(
        "the sentence says 'headquartered in London'; passage [1] says 'headquartered in Paris'"
    )


def test_german_capitals_mark_nouns_not_names():
    sentence = "Wer fahrlässig das Eigentum eines anderen verletzt, haftet."
    region = (
        "Wer vorsätzlich oder fahrlässig das Leben, den Körper, die Gesundheit, die Freiheit,"
        " das Eigentum oder ein sonstiges Recht eines anderen widerrechtlich verletzt, haftet."
    )
    s = cited_alone(sentence, region)
    assert s.contradictions == []


def test_a_list_with_articles_holds_the_name_beside_its_own():
    region = "The firm has offices in the Netherlands, the United Kingdom and the United States."
    assert placed("The firm has offices in the United States.", region) == []
