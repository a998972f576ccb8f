"""The opposite check: the sentence says a word whose opposite the region says instead."""

import pytest

from citations.engine.support.contradiction.opposite import OPPOSITES, find
from citations.engine.text.terms import fold, stem
from tests.engine.readings import quoting

opposite = quoting(find, "opposite")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "Company profits increased sharply in 2020.",
            "Company profits decreased sharply in 2020.",
            "increased",
            "decreased",
        ),
        (  # the region says the sentence's word too, of another thing
            "Aspirin increases the risk of heart attack in adults.",
            "Aspirin reduces the risk of heart attack in adults but increases the risk of"
            " stomach bleeding.",
            "increases",
            "reduces",
        ),
        (
            "Prices rose steeply after the war.",
            "Prices fell steeply after the war.",
            "rose",
            "fell",
        ),
        (
            "The museum opened before the war ended.",
            "The museum opened after the war ended.",
            "before",
            "after",
        ),
        (
            "Smoking in the building is permitted by the rules.",
            "Smoking in the building is prohibited by the rules.",
            "permitted",
            "prohibited",
        ),
        (
            "The team won the final against Spain.",
            "The team lost the final against Spain.",
            "won",
            "lost",
        ),
        (
            "The Senate has a higher number of members.",
            "The Senate has a lower number of members.",
            "higher",
            "lower",
        ),
        # an irregular plural WordNet's exception list lacks ("women": morphy's "-men" rule)
        (
            "The prize celebrates novels of excellence by men writers.",
            "The prize celebrates novels of excellence by women writers.",
            "men",
            "women",
        ),
        # a comparative against the superlative the other way, of the same word
        (
            "The House was designed to be less democratic than the Senate.",
            "The House was meant to be the most democratic of the national institutions.",
            "less",
            "most",
        ),
        (
            "Transport is the biggest source of pollution in the city.",
            "Transport is the smallest source of pollution in the city.",
            "biggest",
            "smallest",
        ),
        (
            "The festival starts earlier in the year than the fair.",
            "The festival starts later in the year than the fair.",
            "earlier",
            "later",
        ),
        # hand pairs beside WordNet's
        (
            "The drug reduces blood pressure.",
            "The drug raises blood pressure.",
            "reduces",
            "raises",
        ),
        (
            "Most patients recover within a week.",
            "Few patients recover within a week.",
            "Most",
            "Few",
        ),
        (
            "The hospital treated twice as many patients.",
            "The hospital treated half as many patients.",
            "twice",
            "half",
        ),
    ],
)
def test_an_opposite_word_is_found(sentence, region, said, told):
    assert opposite(sentence, region) == [(said, told)]


def test_an_adverb_of_a_participle_reads_as_its_verb():
    # "decreasingly" is the table's "decrease"; against "increasingly" or "increasing"
    for told in ("increasingly", "increasing"):
        assert opposite(
            "Attackers use decreasingly sophisticated trickery.",
            f"Attackers use {told} sophisticated trickery.",
        ) == [("decreasingly", told)]


def test_an_adverb_of_another_sense_than_its_adjectives_is_none_of_its_opposites():
    # "nearly" is almost, "highly" very: neither opposes "far" or "low"
    assert opposite("The plant is nearly complete.", "The plant is far from complete.") == []
    assert opposite("The drug is highly toxic.", "The drug is low in toxicity.") == []


def test_a_cue_of_the_pair_counts_the_cues_around_it():
    # "not ... without" says "with": against the region's "not ... with", an opposite
    assert opposite(
        "There are parts of soccer that do not align without American societal ideals.",
        "There are parts of soccer that just do not align with American societal ideals.",
    ) == [("without", "with")]
    # and agrees with a plain "with"
    assert opposite("Soccer is not played without a ball.", "Soccer is played with a ball.") == []


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "Pareto charts are sorted from the lowest frequency to the lowest frequency.",
            "A Pareto chart is sorted from the highest frequency to the lowest frequency.",
            "lowest",
            "highest",
        ),
        (
            "The buttons to call an elevator have a down arrow and a down arrow.",
            "The two buttons available to call an elevator have an up arrow and a down arrow.",
            "down",
            "up",
        ),
    ],
)
def test_a_word_said_twice_where_the_region_says_both_is_found(sentence, region, said, told):
    # the region's one saying of the word is the other saying's: the first meets the opposite
    assert opposite(sentence, region) == [(said, told)]


def test_a_word_said_as_often_as_the_region_says_it_finds_nothing():
    assert (
        opposite(
            "Prices rose in 2020 and rose again in 2021.",
            "Prices rose in 2020 and rose again in 2021, while wages fell.",
        )
        == []
    )


def test_more_against_less_of_the_same_word_is_found():
    assert opposite(
        "The heart pumps more blood at rest.", "The heart pumps less blood at rest."
    ) == [("more", "less")]


def test_degree_words_before_an_adverb_or_a_preposition_of_one_thing_are_found():
    # the run of content words after each ("commonly associated", "towards associating")
    # shares the thing they qualify
    assert opposite(
        "The evidence leans less towards associating the tomb with Philip.",
        "The tomb is most commonly associated with Philip.",
    ) == [("less", "most")]


def test_degree_words_read_through_capitals_and_runs_of_spaces():
    assert opposite(
        "The evidence leans LESS \t towards  associating the tomb with Philip\u2019s name.",
        "The tomb is MOST commonly associated with Philip\u2019s name.",
    ) == [("LESS", "MOST")]


def test_a_degree_word_at_a_line_end_reads_no_run_across_it():
    # a line break ends the sentence: "towards associating" is no longer what "less" qualifies,
    # and the rest of the line says too little of the region's "most"
    assert (
        opposite(
            "The evidence leans less\ntowards associating the tomb with Philip.",
            "The tomb is most commonly associated with Philip.",
        )
        == []
    )


def test_bounds_of_one_number_are_opposed():
    assert opposite("Employees over 18 may not work.", "Employees under 18 may not work.") == [
        ("over", "under")
    ]


def test_degree_words_whose_runs_share_nothing_find_nothing():
    # "efficiently" comes after "effort" and a small word: the "less" is of the effort alone
    assert (
        opposite(
            "Running lets the heart use oxygen more efficiently and can cause the release of"
            " hormones.",
            "A fit heart exerts less effort to efficiently pump blood.",
        )
        == []
    )


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        # the sentence says the opposite too, of other things: the region's word is this one's
        (
            "Rising interest rates raise the cost of borrowing, as businesses rely on loans and"
            " lines of credit to help fund their decline.",
            "Businesses rely on loans, credit cards and lines of credit to help fund their growth.",
            "decline",
            "growth",
        ),
        # the region says both words, of different things; the sentence's matches the other
        (
            "It was meant to teach that Black people were to accept being subservient to black"
            " South Africans.",
            "It was meant to teach that Black people were to accept being subservient to white"
            " South Africans.",
            "black",
            "white",
        ),
        (
            "Regular exercise conditions the heart to beat more slowly during periods of rest,"
            " making it more susceptible to disease.",
            "Workouts condition your heart to beat more slowly during periods of rest. A heart"
            " that is relaxed is less susceptible to disease than one that pulses fast.",
            "more",
            "less",
        ),
        # each text says both words, and one region sentence says both: the opposite stands
        # among the sentence word's things, the region's own saying among few of them
        (
            "The study found that older men had lower blood pressure and fewer strokes compared"
            " to younger women.",
            "The study found that older men had lower blood pressure and fewer strokes compared"
            " to younger men, with figures close to those of younger women.",
            "women",
            "men",
        ),
        # a number is among the things a word is said of
        (
            "Assassin's Creed Mirage will depart in 2023, Ubisoft announced.",
            "Assassin's Creed Mirage, the next entry in the series, will arrive in 2023.",
            "depart",
            "arrive",
        ),
    ],
)
def test_the_region_word_said_of_the_same_things_is_found(sentence, region, said, told):
    assert opposite(sentence, region) == [(said, told)]


def test_an_opposite_among_enough_of_the_clause_things_is_found():
    # none of the words right beside "beginning" is beside "end", but three of its clause are,
    # and the region never says "beginning"
    sentence = "Ariana Grande and John Legend sing the song at the beginning of the film."
    region = "The song is in the film as a duet by Ariana Grande and John Legend during the end."
    assert opposite(sentence, region) == [("beginning", "end")]
    # fewer of them ("Grande", "Legend") say too little
    assert opposite("Grande and Legend sing it as the film begins.", region) == []


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # negated on one side: "did not rise" agrees with "fell"
        ("Prices did not rise after the war.", "Prices fell after the war."),
        # the region says both, of different things in the same breath
        ("Kinstler is 20 years old.", "Kinstler is the youngest, as she is 20 years old."),
        # the sentence says both itself
        ("Cleaning lowers the risk while repair raises the risk.", "Cleaning lowers the risk."),
        # the opposite word is said of something else, far from the shared words
        ("Exports increased in 2020.", "Exports increased in 2020. Imports, by contrast, fell."),
        # each text says both words, of two things it names: no order to read
        (
            "Given that the child is currently in foster care and contact with the parent is"
            " supervised, the situation may already be providing some level of protection for"
            " the child.",
            "Each child's situation is unique, but most children in foster care continue to see"
            " their families to some degree. The level of contact is usually higher when children"
            " are in short-term foster care and efforts are continuing to get them back into the"
            " care of parents or relatives.",
        ),
        # each text says both words, of the same things on each side
        (
            "The study found that older men had lower blood pressure and fewer strokes compared"
            " to younger men.",
            "The study found that older men had lower blood pressure and fewer strokes compared"
            " to younger men, with figures close to those of younger women.",
        ),
        (
            "Women outlived men in every country studied.",
            "In every country studied, men died earlier than women did.",
        ),
        (
            "The tournament is open to men and women over eighteen.",
            "Women and men over eighteen may enter the tournament.",
        ),
        (
            "The hospital treats both acute and chronic pain in adults.",
            "Adults with chronic or acute pain are treated at the hospital.",
        ),
        # one sentence of the region says both, of things the sentence's word shares as much
        (
            "The chart is sorted from the highest frequency to the lowest frequency.",
            "A Pareto chart is sorted from the highest frequency to the lowest frequency.",
        ),
        (
            "Training leads to a lower resting heart rate.",
            "A lower heart rate delivers the same blood in a trained resting heart as the higher"
            " heart rate in an untrained heart.",
        ),
        # a faithful paraphrase
        ("Profits grew in 2020.", "In 2020 profits rose by a tenth."),
        # "set to" says what is planned: no setting of the sun against "rise"
        (
            "The retirement age will rise to 67.",
            "The retirement age is set to increase from 65 to 67 by 2030.",
        ),
        # "more" and "less" say how much of the word after them: of different words here
        (
            "Running lets the body use oxygen more efficiently.",
            "A fit heart exerts less effort to efficiently use oxygen.",
        ),
    ],
)
def test_faithful_sentences_find_nothing(sentence, region):
    assert opposite(sentence, region) == []


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # "different" stems as the verb "differ" (opposite: "equal"), "equality" as "equal"
        (
            "The approach ensures equality of access for all pupils.",
            "The approach gives pupils of different schools access.",
        ),
        # "offensive" stems as "offense" (opposite: "defense")
        ("The remark was offensive to the players.", "The defense of the players was weak."),
    ],
)
def test_a_word_of_another_part_of_speech_with_the_stem_opposes_nothing(sentence, region):
    assert opposite(sentence, region) == []


def test_set_to_is_no_opposite_but_a_plain_set_is():
    assert opposite("Tuition fees will rise.", "Tuition fees are set to go up.") == []
    assert opposite("Tuition fees are set to go up.", "Tuition fees will rise.") == []
    assert opposite("The sun rises at 6:40.", "The sun sets at 6:40.") == [("rises", "sets")]


def test_an_inflection_of_a_word_of_the_pair_is_found():
    # the table pairs "allowed" and "prohibited": "allows" and "prohibit" share their roots
    assert opposite(
        "The federal Act prohibits deceptive advertising in the states.",
        "The federal Act allows deceptive advertising in the states.",
    ) == [("prohibits", "allows")]


def test_the_table_is_stemmed_at_load_both_ways():
    # plain words are shipped; keyed by the stemmer in use, so a new stemmer keeps it working
    assert stem(fold("decreased")) in OPPOSITES[stem(fold("increased"))]
    assert stem(fold("increased")) in OPPOSITES[stem(fold("decreased"))]
    assert all(a not in bs for a, bs in OPPOSITES.items())


def test_converses_are_no_opposites():
    # a text about a child names its parents; which does what is the roles check's business
    assert stem(fold("child")) not in OPPOSITES.get(stem(fold("parent")), frozenset())
    assert stem(fold("employee")) not in OPPOSITES.get(stem(fold("employer")), frozenset())


def test_a_made_up_degree_pairs_no_real_word():
    # "man" would make "manner", and "women" "womener", which the stemmer takes back to "women"
    assert stem(fold("manner")) not in OPPOSITES[stem(fold("women"))]
    assert (
        opposite("The council hears women first.", "The council hears them in a fair manner.") == []
    )


def test_a_superlative_opposes_the_other_ends_plain_word():
    # "the smallest" is no large one; a comparative is no such thing ("smaller" than one,
    # "larger" than another)
    assert stem(fold("large")) in OPPOSITES[stem(fold("smallest"))]
    assert stem(fold("low")) in OPPOSITES[stem(fold("highest"))]
    assert stem(fold("large")) not in OPPOSITES[stem(fold("smaller"))]
    assert opposite(
        "John Hancock signed the smallest signature on the Declaration.",
        "John Hancock's large, flamboyant signature on the Declaration became iconic.",
    ) == [("smallest", "large")]


def test_a_hand_pair_opposes_in_its_verbs_irregular_tenses():
    # the hand list pairs "rise" and "decline", "grow" and "shrink"; WordNet's exceptions give
    # "rose" and "grew", as they do for WordNet's own pairs
    assert opposite("Sales rose in 2020.", "Sales declined in 2020.") == [("rose", "declined")]
    assert opposite("The market shrinks each year.", "The market grew each year.") == [
        ("shrinks", "grew")
    ]


def test_hand_pairs_wordnet_opposes_only_through_another_word_are_found():
    # WordNet opposes "modern" to "nonmodern" and "worsen" to "better", not to these
    assert opposite(
        "Scholars trace human rights to modern Greece and Rome.",
        "Scholars trace human rights to ancient Greece and Rome.",
    ) == [("modern", "ancient")]
    assert opposite(
        "The reform would worsen the banking system.",
        "The reform would improve the banking system.",
    ) == [("worsen", "improve")]
    assert (
        opposite(
            "The reform would improve the banking system.",
            "The reform would improve the banking system, not worsen it.",
        )
        == []
    )


def test_an_irregular_tense_said_of_other_things_finds_nothing():
    assert (
        opposite(
            "Sales rose in 2020 while costs declined.",
            "In 2020 sales rose and costs declined.",
        )
        == []
    )


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        # the thing after "than" is the slower: the region says it is the faster
        (
            "Evaporation is faster than boiling and occurs at the surface.",
            "Evaporation is a slower process and boiling is faster.",
            "faster than boiling",
            "boiling is faster",
        ),
        (
            "Rents in Leeds are HIGHER THAN the rents in York.",
            "Rents are lower in Leeds, while rents in York are higher.",
            "HIGHER THAN the rents",
            "rents in York are higher",
        ),
    ],
)
def test_a_comparison_turned_around_is_found(sentence, region, said, told):
    assert opposite(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the compared thing is farther back than the words that say what is faster
        (
            "Sales grew faster than costs.",
            "Costs of leather rose, the slower shops closed, and sales of new shoes grew faster.",
        ),
        # the region's word compares with a thing of its own
        (
            "Evaporation is faster than boiling.",
            "Boiling is faster than freezing, and freezing is slower than melting.",
        ),
        # negated: "boiling is not faster" agrees
        ("Evaporation is faster than boiling.", "It is slower; boiling is not faster."),
    ],
)
def test_a_comparison_the_region_does_not_turn_finds_nothing(sentence, region):
    assert opposite(sentence, region) == []


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        # comparatives and superlatives of amount make one scale: either end against the other
        (
            "The trained heart needs to pump less blood with each beat.",
            "The trained heart can pump a greater volume of blood with each beat.",
            "less",
            "greater",
        ),
        (
            "The firm hired fewer engineers in 2021.",
            "The firm hired a larger number of engineers in 2021.",
            "fewer",
            "larger",
        ),
        (
            "The firm hired fewer engineers in 2021.",
            "The firm hired a larger share of the engineers in 2021.",
            "fewer",
            "larger",
        ),
        (
            "Smokers had the greatest risk of stroke in the trial.",
            "Smokers had the lowest risk of stroke in the trial.",
            "greatest",
            "lowest",
        ),
    ],
)
def test_amount_words_from_either_end_of_the_scale_are_found(sentence, region, said, told):
    assert opposite(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the same end in other words
        (
            "A fit heart has a lower resting rate because it pumps more blood.",
            "A fit heart pumps a greater volume of blood and has a lower resting rate.",
        ),
        # amount words of different things: what each qualifies shares nothing
        (
            "Training leads to a lower resting heart rate and more blood per beat.",
            "Training lets the heart pump a greater volume of blood per beat.",
        ),
        (
            "The heart pumps blood, resulting in a lower resting heart rate.",
            "The heart can pump a greater volume of blood with each heartbeat.",
        ),
        # bounds of different numbers: "over six months" is no "under 18"
        (
            "Leave is for employees with over six months of service.",
            "Employees under 18 may not work at night; leave is for all employees.",
        ),
    ],
)
def test_amount_words_of_one_end_or_of_different_things_find_nothing(sentence, region):
    assert opposite(sentence, region) == []


def test_an_opposite_before_the_words_the_sentence_word_stands_before_is_found():
    # each text says both words, the region's opposite before the very words ("promyelocytic
    # leukemia") the sentence's word stands before, its own saying before others
    assert opposite(
        "They are observed in chronic promyelocytic leukemia and in M4 acute leukemias.",
        "They are seen in acute promyelocytic leukemia. They also occur in chronic myelogenous"
        " leukemia.",
    ) == [("chronic", "acute")]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the region says the sentence's word before the same words: the same list, reordered
        (
            "The clinic sees chronic kidney failure and acute kidney failure.",
            "The clinic sees acute kidney failure and chronic kidney failure.",
        ),
        (
            "They are observed in acute promyelocytic leukemia and in M4 acute leukemias.",
            "They are seen in acute promyelocytic leukemia. They also occur in chronic myelogenous"
            " leukemia.",
        ),
    ],
)
def test_a_word_the_region_says_before_the_same_words_finds_nothing(sentence, region):
    assert opposite(sentence, region) == []


_LOCKSMITH = (
    "A locksmith with tools made specifically for old doors can help you to open the lock and"
    " close a stuck window to secure an old house."
)


@pytest.mark.parametrize(
    "sentence",
    [
        # what the verb acts on, read past its article, is what the region's opposite acts on
        "A locksmith can open a stuck window.",
        # the region's own "open" shares as much of the clause: what follows each decides
        "Finally, a locksmith with tools made specifically for old doors can open the lock and"
        " open a stuck window in the house.",
    ],
)
def test_an_opposite_acting_on_what_the_sentence_word_acts_on_is_found(sentence):
    assert opposite(sentence, _LOCKSMITH) == [("open", "close")]


@pytest.mark.parametrize(
    "sentence",
    [
        "A locksmith can close a stuck window.",
        "A locksmith can open the lock and shut a stuck window.",
        "A locksmith can close a stuck window and open the lock.",
        "Finally, a locksmith with tools made specifically for old doors can open the lock and"
        " close a stuck window in the house.",
    ],
)
def test_each_word_acting_on_what_the_region_says_it_acts_on_finds_nothing(sentence):
    assert opposite(sentence, _LOCKSMITH) == []


@pytest.mark.parametrize(
    ("sentence", "region", "found"),
    [
        ("The museum is closed on Mondays.", "The museum is open every day except Mondays.", []),
        ("The shop is closed on Sundays.", "The shop is open daily, excluding Sundays.", []),
        (  # another day than the one excepted
            "The museum is closed on Tuesdays.",
            "The museum is open every day except Mondays.",
            [("closed", "open")],
        ),
    ],
)
def test_an_opposite_said_of_all_but_what_the_sentence_names_agrees(sentence, region, found):
    assert opposite(sentence, region) == found
