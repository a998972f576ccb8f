"""A name no cited passage has, put where the passage's region names another: the ``name``
contradiction (support.contradiction.stand_in), and the paraphrases it must leave alone."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction.stand_in import find
from citations.engine.text.names import Name
from citations.engine.text.words import words_of
from tests.engine.readings import quoted

HUMAN_RIGHTS = {
    "text": "From Babylon, the idea of human rights spread quickly to India, Greece and "
    "eventually Rome. The most important advances since then have included the Magna Carta."
}
POKER = {
    "text": "In split-pot games the odd chip goes to the high hand. In some hi/lo games like "
    "Omaha, players being quartered get the odd chip, an additional rule."
}
DIPLOMAT = {
    "text": "Talk of a peacekeeping force has grown. However, a top diplomat at the AU has been "
    "quoted as saying that unilateral deployment would be an unimaginable act."
}
BEARS = {
    "text": "They spend most of the year on the sea ice. Polar bears are aggressive predators, "
    "known for taking a variety of prey."
}
COURT = {
    "text": "The appeal was dismissed in March. Thereafter, the court ruled on every motion "
    "within a week."
}
STUDIES = {
    "text": "Its relation to attention remains poorly understood. Previous studies have "
    "suggested that attentional allocation is necessary for learning to occur."
}


def one(text, evidence):
    [sentence] = verify(text, evidence).sentences
    return sentence


@pytest.mark.parametrize(
    ("sentence", "evidence", "mine", "theirs"),
    [
        (  # in a list: the same name beside it
            "The idea of human rights spread quickly to Hobart, Greece and Rome [1].",
            HUMAN_RIGHTS,
            "Hobart",
            "India",
        ),
        (  # the same word either side
            "In some hi/lo games like Ferreira, players being quartered get the odd chip [1].",
            POKER,
            "Ferreira",
            "Omaha",
        ),
        (
            "A top diplomat at the Kestrel Society has been quoted as saying that unilateral "
            "deployment would be an unimaginable act [1].",
            DIPLOMAT,
            "Kestrel Society",
            "AU",
        ),
        (  # the sentence's first word, a word no English word list has
            "Okonkwo studies have suggested that attentional allocation is necessary for "
            "learning to occur [1].",
            STUDIES,
            "Okonkwo",
            "Previous",
        ),
        (  # the first word, one the word table knows but only as rare (a name there too)
            "Ambrose bears are aggressive predators, known for taking a variety of prey [1].",
            BEARS,
            "Ambrose",
            "Polar",
        ),
    ],
)
def test_a_name_in_the_place_of_the_passages_is_unsupported(sentence, evidence, mine, theirs):
    s = one(sentence, [evidence])
    assert s.status == "unsupported"
    [c] = s.contradictions
    assert (c.kind, c.sentence_text, c.passage_text) == ("name", mine, theirs)
    assert sentence[c.sentence_span[0] : c.sentence_span[1]] == mine
    assert evidence["text"][c.passage_span[0] : c.passage_span[1]] == theirs
    assert s.reason.startswith(
        f"no cited passage names '{mine}'; passage [1] has '{theirs}' in its place"
    )
    assert "supports" not in s.reason


@pytest.mark.parametrize(
    ("sentence", "evidence"),
    [
        # the name is the passage's, in other words: initials, another form
        (
            "A top diplomat at the African Union has been quoted as saying that unilateral "
            "deployment would be an unimaginable act [1].",
            {"text": DIPLOMAT["text"].replace("the AU", "the A.U.")},
        ),
        # a name the passage lacks, but where the passage names nobody
        (
            "Researchers at Stanford found that the idea of human rights spread quickly to "
            "India, Greece and Rome [1].",
            HUMAN_RIGHTS,
        ),
        # an everyday first word in the place of the passage's: a paraphrase, not a name
        (
            "Earlier studies have suggested that attentional allocation is necessary for "
            "learning to occur [1].",
            STUDIES,
        ),
        # a word the table knows, as common as "efficient": a paraphrase's, not a name
        (
            "Efficient studies have suggested that attentional allocation is necessary for "
            "learning to occur [1].",
            {"text": STUDIES["text"].replace("Previous studies", "Effective studies")},
        ),
        # a rare known first word set off by a comma: an opening adverb, not a name
        ("Henceforth, the court ruled on every motion within a week [1].", COURT),
        # the sentence names the passage's name too: no stand-in
        (
            "In some hi/lo games like Omaha and Ferreira, players being quartered get the odd "
            "chip [1].",
            POKER,
        ),
    ],
)
def test_paraphrases_and_added_names_are_no_name_contradiction(sentence, evidence):
    s = one(sentence, [evidence])
    assert [c.kind for c in s.contradictions if c.kind == "name"] == []


def stand_ins(names, sentence, region):
    return quoted(
        find(names, sentence, words_of(sentence), region, words_of(region)),
        sentence,
        region,
        "name",
    )


def name(*words):
    return Name(" ".join(words), tuple((w.lower(), w) for w in words), words)


def test_a_sentence_edge_either_side_is_no_shared_place():
    # A name alone in its sentence shares nothing with a name alone in the region's.
    assert stand_ins([name("Faroese")], "Faroese.", "Polish.") == []
    # Across a full stop or a bracket the next word is another sentence's, or an aside's.
    assert stand_ins([name("Faroese")], "like Faroese. And", "like Polish and") == []
    assert stand_ins([name("Faroese")], "like Faroese and Czech", "like Polish and Czech") == [
        ("Faroese", "Polish")
    ]
    assert stand_ins([name("Quince")], "Beauty and the Quince", "Beauty and the Beast (song)") == [
        ("Quince", "Beast")
    ]


def test_hostile_regions():
    names = [name("Faroese")]
    assert stand_ins(names, "like Faroese and Czech", "") == []
    assert stand_ins(names, "like Faroese and Czech", "like and Czech") == []
    # A region in capitals is one run of them, holding the sentence's words: no other name.
    shouting = "LIKE POLISH AND CZECH " * 200
    assert stand_ins(names, "like Faroese and Czech", shouting) == []
    # The sentence names it twice: each place is read.
    assert stand_ins(names, "Faroese and Faroese", "Polish and Danish") == [
        ("Faroese", "Polish"),
        ("Faroese", "Danish"),
    ]
    # Between two small words, the next words out must agree too: "the ... and" alone is what
    # any two names share.
    assert (
        stand_ins(names, "during the Faroese and Early period", "on the Rhine and its banks") == []
    )
    assert stand_ins(
        names, "spoken in the Faroese and Danish", "spoken in the Polish and Danish"
    ) == [("Faroese", "Polish")]
    # "TCP/IP" is two names, one of them the sentence's: the other stood where it stands.
    assert stand_ins([name("Crowhurst")], "data with Crowhurst/IP by", "data with TCP/IP by") == [
        ("Crowhurst", "TCP")
    ]
    # A name the sentence does not write as given (another tokenisation) is not found.
    assert stand_ins([name("Faroe", "Islands")], "like Faroese and", "like Polish and") == []


def test_a_comma_ends_the_words_beside_a_name_in_one_reading():
    names = [name("Ferreira")]
    assert stand_ins(names, "games like Ferreira, players get", "games like Omaha, there is") == [
        ("Ferreira", "Omaha")
    ]
    assert stand_ins([name("Aaberg")], "Lately, Aaberg operates", "Advance operates stores") == [
        ("Aaberg", "Advance")
    ]
    # A list still reads across its commas; two clauses sharing only an edge share nothing.
    assert stand_ins(names, "Ferreira, players get", "Omaha, there is") == []


def test_small_words_beside_a_name_and_one_content_word_out_agreeing():
    assert stand_ins(
        [name("Aaberg")],
        "experts warn that Aaberg would likely fight",
        "Most warn that Ukrainians would fight",
    ) == [("Aaberg", "Ukrainians")]
    # Neither word out agreeing: "that ... would" alone is what any two names share.
    assert (
        stand_ins(
            [name("Aaberg")],
            "experts said that Aaberg would likely fight",
            "Most warn that Ukrainians would fight",
        )
        == []
    )


def test_an_alias_in_brackets():
    assert stand_ins(
        [name("Karaman")],
        "Universal Basic Income (Karaman) has been proven",
        "Universal Basic Income (UBI) is a model",
    ) == [("Karaman", "UBI")]


def test_a_commas_edge_and_a_small_word_tell_nothing():
    # "the X," beside "the Y." is what any two names share.
    assert (
        stand_ins(
            [name("United", "States")],
            "In the United States, false advertising is a claim",
            "It is a claim under the Lanham Act.",
        )
        == []
    )


def test_brackets_are_read_through_only_for_two_aliases():
    assert (
        stand_ins(
            [name("Karaman")], "Universal Basic Income Karaman.", "Universal Basic Income (UBI)."
        )
        == []
    )


def test_a_regions_name_opening_with_the_is_read_without_it():
    assert stand_ins(
        [name("Kestrel", "Society")],
        "teams such as the Kestrel Society led by Kevin Mitnick",
        "security.The Global Ghost Team led by Kevin Mitnick performs attacks",
    ) == [("Kestrel Society", "Global Ghost Team")]
