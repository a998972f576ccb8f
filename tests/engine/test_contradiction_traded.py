"""The roles check's traded neighbours: two mentions each standing beside the other's words."""

import pytest

from citations.engine.support.contradiction.exchange import Mention, traded
from citations.engine.support.contradiction.roles import find
from citations.engine.text.words import words_of


def roles(sentence: str, region: str) -> list[tuple[str, str]]:
    found = find(sentence, words_of(sentence), region, words_of(region))
    return [
        (sentence[f.sentence_start : f.sentence_end], region[f.region_start : f.region_end])
        for f in found
    ]


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (  # a key term after no determiner ("2021-22 salary") is a mention too
            "The NBA said in August that the season cap is $112 million for the 2021-22 salary.",
            "The NBA said in August that the salary cap is $112 million for the 2021-22 season.",
            "that the season cap is $112 million for the 2021-22 salary",
            "that the salary cap is $112 million for the 2021-22 season",
        ),
        (  # adjectives, one beside a number
            "Wipe the percent, nonporous surfaces of the iPad with a 70 hard alcohol wipe.",
            "Wipe the hard, nonporous surfaces of the iPad with a 70 percent alcohol wipe.",
            "Wipe the percent, nonporous surfaces of the iPad with a 70 hard",
            "Wipe the hard, nonporous surfaces of the iPad with a 70 percent",
        ),
        (  # a noun in an adjective's place and back, "the fair market value"
            "In your case, the date market value is set from the fair of your parent's death.",
            "The date of death appraisal is done to determine the fair market value of the house.",
            "date market value is set from the fair of",
            "date of death appraisal is done to determine the fair market",
        ),
        (  # across a clause: "a specific type" / "a similar function"
            "Eavestroughs are a similar type of gutter, a catch-all term for anything "
            "performing a specific function.",
            "Eavestroughs is a word for a very specific type of gutter: a catch-all term for "
            "anything performing a similar function.",
            "similar type of gutter, a catch-all term for anything performing a specific",
            "specific type of gutter: a catch-all term for anything performing a similar",
        ),
    ],
)
def test_mentions_with_each_others_neighbours_are_found(sentence, region, said, told):
    assert roles(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the same words in another order, the passive, a copula's two sides
        (
            "The NBA said the salary cap was $112 million for the 2021-22 season.",
            "For the 2021-22 season, the NBA said, the salary cap was $112 million.",
        ),
        (
            "Hot water flushes the debris out of the pipes.",
            "The debris is flushed out of the pipes by hot water.",
        ),
        ("Paris is the capital of France.", "France's capital is Paris."),
        ("The capital of France is Paris.", "Paris is the capital of France."),
        # two mentions side by side: an active and a passive ("lifting a bucket")
        (
            "The yoke resembled lifting a bucket from a well.",
            "The yoke resembled a bucket being lifted from a well.",
        ),
        (
            "If a pot is split because of tied hands, the chip goes on.",
            "If splitting a pot because of tied hands, the chip goes on.",
        ),
        # items of a list have no order
        (
            "It neglects the youth's potential and strengths over the shortcomings.",
            "It neglects the shortcomings over the youth's strengths and potential.",
        ),
        ("India and the West Indies have won twice.", "The West Indies and India have won twice."),
    ],
)
def test_faithful_reorderings_trade_nothing(sentence, region):
    assert roles(sentence, region) == []


def test_edges_alone_are_no_trade():
    """Each of the two only at the other's end of a sentence: a subject and its complement."""
    sentence, region = "Lyon hosted Nice.", "Nice played at Lyon."
    said = [Mention(0, 0, frozenset({"lyon"})), Mention(2, 2, frozenset({"nice"}))]
    told = [Mention(0, 0, frozenset({"nice"})), Mention(3, 3, frozenset({"lyon"}))]
    assert (
        traded((sentence, words_of(sentence), said), (region, words_of(region), told), set()) == []
    )


def test_a_pair_done_is_not_traded_again():
    sentence = "The NBA said in August that the season cap is $112 million for the 2021-22 salary."
    region = "The NBA said in August that the salary cap is $112 million for the 2021-22 season."
    words, region_words = words_of(sentence), words_of(region)
    season, salary = frozenset({"season"}), frozenset({"salari"})
    said = [Mention(7, 7, season), Mention(16, 16, salary)]
    told = [Mention(7, 7, salary), Mention(16, 16, season)]
    assert [w.term for w in words if w.term in {"season", "salari"}] == ["season", "salari"]
    assert traded((sentence, words, said), (region, region_words, told), set())
    done = {frozenset((season, salary))}
    assert traded((sentence, words, said), (region, region_words, told), done) == []


GENEVA = "The summit in Geneva ended."
GENEVA_WORDS = words_of(GENEVA)
SUMMIT, GENEVA_KEY = frozenset({"summit"}), frozenset({"geneva"})
GENEVA_SAID = [Mention(1, 1, SUMMIT), Mention(3, 3, GENEVA_KEY)]


def _traded_geneva(region: str, told: list[Mention], linked) -> list:
    said = (GENEVA, GENEVA_WORDS, GENEVA_SAID)
    return traded(said, (region, words_of(region), told), set(), linked)


def test_a_linked_pair_trading_only_its_order_is_left_to_the_link():
    # "in" stands between the two in both texts, "summit" opens the sentence: only the order
    region = "Geneva was chosen in Summit talks."
    told = [Mention(0, 0, GENEVA_KEY), Mention(4, 4, SUMMIT)]
    assert _traded_geneva(region, told, set())
    assert _traded_geneva(region, told, {frozenset((SUMMIT, GENEVA_KEY))}) == []


def test_a_linked_pair_trading_a_word_outside_the_two_still_trades():
    # "of" stands before both: it says what the loop is part of, not which comes first
    sentence = "An edge of a loop is called a graph."
    region = "An edge of a graph is called a loop."
    loop, graph = frozenset({"loop"}), frozenset({"graph"})
    said = [Mention(4, 4, loop), Mention(8, 8, graph)]
    told = [Mention(4, 4, graph), Mention(8, 8, loop)]
    linked = {frozenset((loop, graph))}
    assert traded(
        (sentence, words_of(sentence), said), (region, words_of(region), told), set(), linked
    )
