"""The roles check: who did what to whom, turned around between the sentence and its region."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction.roles import find
from tests.engine.readings import quoting

roles = quoting(find, "roles")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "Rome defeated Carthage in the Third Punic War.",
            "Carthage defeated Rome in the Third Punic War.",
            "Rome defeated Carthage",
            "Carthage defeated Rome",
        ),
        (
            "The United States gave the Statue of Liberty to France.",
            "France gave the Statue of Liberty to the United States in 1886.",
            "The United States gave the Statue of Liberty to France",
            "France gave the Statue of Liberty to the United States",
        ),
        (  # the passive says the region's order back to front
            "Rome was defeated by Carthage.",
            "Rome defeated Carthage.",
            "Rome was defeated by Carthage",
            "Rome defeated Carthage",
        ),
        (  # a preposition alone carries the relation
            "Andhra Pradesh is in Vijayawada.",
            "Vijayawada is in Andhra Pradesh.",
            "Andhra Pradesh is in Vijayawada",
            "Vijayawada is in Andhra Pradesh",
        ),
        (  # key nouns, not only names
            "The committee approved the budget.",
            "In March the budget approved the committee.",
            "committee approved the budget",
            "budget approved the committee",
        ),
        (  # a shorter form of a name is the same name
            "Justin Bieber featured Ludacris on the single.",
            "Ludacris featured Bieber on the single.",
            "Justin Bieber featured Ludacris",
            "Ludacris featured Bieber",
        ),
        (  # word for word between the two, a relative clause included
            "Hydroxide ions create the clog that clears the reaction.",
            "Hydroxide ions create the reaction that clears the clog.",
            "clog that clears the reaction",
            "reaction that clears the clog",
        ),
        (
            "France is larger than Germany.",
            "Germany is larger than France.",
            "France is larger than Germany",
            "Germany is larger than France",
        ),
        (  # names in apposition, commas on both sides, are related through them
            "Tom Weber replaced Maria Lopez in 2021.",
            "Its chief executive, Maria Lopez, replaced the founder, Tom Weber, in 2021.",
            "Tom Weber replaced Maria Lopez",
            "Maria Lopez, replaced the founder, Tom Weber",
        ),
        (  # a phrase in apposition after the first name, and a passive
            "Tom Weber replaced Maria Lopez in 2021.",
            "Tom Weber, the founder, was replaced by Maria Lopez in 2021.",
            "Tom Weber replaced Maria Lopez",
            "Tom Weber, the founder, was replaced by Maria Lopez",
        ),
    ],
)
def test_reversed_roles_are_found_with_both_sides(sentence, region, said, told):
    assert roles(sentence, region) == [(said, told)]


def test_a_region_with_the_pair_the_other_way_round_by_one_preposition():
    assert roles(
        "Vijayawada in Andhra Pradesh is a city.", "It lies in Andhra Pradesh in Vijayawada."
    ) == [("Vijayawada in Andhra Pradesh", "Andhra Pradesh in Vijayawada")]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the same order, or the passive that says it
        ("Rome defeated Carthage.", "Rome defeated Carthage in 146 BC."),
        ("Carthage was defeated by Rome.", "Rome defeated Carthage."),
        ("The budget was approved by the committee.", "The committee approved the budget."),
        ("Milira released the song in 1990.", "The song by Milira was released in 1990."),
        # symmetric relations and lists
        ("Germany and France signed the treaty.", "France and Germany signed the treaty."),
        ("Germany met France in the final.", "France met Germany in the final."),
        ("The treaty between France and Germany.", "The treaty between Germany and France."),
        ("Spain borders France.", "France borders Spain."),
        ("Germany & France agreed.", "France & Germany agreed."),
        # converse prepositions and genitives say the same thing from the other side
        ("The Iron Age came after the Bronze Age.", "The Bronze Age came before the Iron Age."),
        ("Paris is the capital of France.", "France's capital is Paris."),
        ("Paris is the capital of France.", "France has its capital in Paris."),
        # different relations between the two: no shared word, nothing to reverse
        ("Orwell wrote the novel.", "The novel made Orwell famous."),
        ("Rome won the war against Carthage.", "Carthage lost the war to Rome."),
        ("A is the son of B.", "B is the father of A."),
        # "by" that is no passive
        (
            "Multiply the absorbed dose by a radiation factor.",
            "It is the absorbed dose times the radiation factor.",
        ),
        # a clause or a list between the two in the region relates neither to the other
        ("Rome defeated Carthage.", "Carthage, which Rome defeated, fell."),
        ("Rome defeated Carthage.", "Carthage defeated Sparta; Rome defeated Carthage."),
        # the passive through a phrase in apposition (its places traded, its link kept)
        (
            "Maria Lopez replaced Tom Weber in 2021.",
            "Tom Weber, the founder, was replaced by Maria Lopez in 2021.",
        ),
        # a list is no apposition
        ("Rome defeated Carthage.", "Carthage, Sparta, and Rome fought."),
    ],
)
def test_faithful_sentences_are_left_alone(sentence, region):
    assert roles(sentence, region) == []


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "During evaporation, molecules escape the heat, taking their liquid energy.",
            "During evaporation, molecules escape the liquid, taking their heat energy.",
            "escape the heat, taking their liquid",
            "escape the liquid, taking their heat",
        ),
        (
            "Drano works by delivering its clog blend of sodium hydroxide to the special.",
            "Drano works by delivering its special blend of sodium hydroxide to the clog.",
            "clog blend of sodium hydroxide to the special",
            "special blend of sodium hydroxide to the clog",
        ),
        (  # one of them wholly in the other's place, on both sides
            "The couple stays faithful for their phrase lives; that is the whole point.",
            "The couple stays faithful for their whole lives; the phrase says so.",
            "faithful for their phrase lives",
            "faithful for their whole lives",
        ),
        (  # the opening of a sentence is a place
            "UBI basic income (Universal) is a welfare proposal.",
            "Universal basic income (UBI) is a welfare proposal.",
            "UBI basic",
            "Universal basic",
        ),
    ],
)
def test_mentions_trading_places_are_found(sentence, region, said, told):
    assert roles(sentence, region) == [(said, told)]


TOBY = '"Should\'ve Been a Cowboy" is a song recorded by country music artist Toby Keith.'


def test_a_title_and_its_maker_trading_places_are_found():
    sentence = "Cowboy sang the song 'Should Have Been a Toby Keith.'"
    assert roles(sentence, TOBY) == [
        (
            "Cowboy sang the song 'Should Have Been a Toby Keith",
            'Cowboy" is a song recorded by country music artist Toby Keith',
        )
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "Toby Keith sang the song 'Should Have Been a Cowboy.'",
        "Toby Keith recorded Should've Been a Cowboy.",  # no quotes: nothing to compare
    ],
)
def test_a_title_quoted_as_in_its_region_is_left_alone(sentence):
    assert roles(sentence, TOBY) == []


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        (
            "The United Kingdom includes Northern Ireland, Scotland, Wales, and England.",
            "The United Kingdom includes England, Scotland, Wales, and Northern Ireland.",
        ),
        (
            "People drive on the left in the UK, India, South Africa and Japan.",
            "If you drive on the left (UK, Japan, South Africa, India and others).",
        ),
        (  # each stands where the region has the other, but also where the region has itself
            "The heart pumps blood; the body needs blood.",
            "The body needs blood; the heart pumps blood; the body pumps blood.",
        ),
    ],
)
def test_lists_in_another_order_trade_no_places(sentence, region):
    assert roles(sentence, region) == []


def test_a_region_stating_both_directions_contradicts_neither():
    region = "Rome defeated Carthage at Zama; later Carthage defeated Rome at sea."
    assert roles("Carthage defeated Rome.", region) == []


def test_each_pair_is_reported_once():
    sentence = "Carthage defeated Rome and then Carthage defeated Rome again."
    assert len(roles(sentence, "Rome defeated Carthage.")) == 1


def test_one_mention_or_none_finds_nothing():
    assert roles("Rome won.", "Rome defeated Carthage.") == []
    assert roles("", "") == []


def test_a_title_the_region_also_names_unquoted_in_a_heading_still_trades_places():
    region = "Title: Go Outside in the Rain\n\n" + '"Go Outside in the Rain" is a song by Milira.'
    sentence = "Go Outside sings the song 'I Want to Milira in the Rain.'"
    assert roles(sentence, region) == [
        (
            "Go Outside sings the song 'I Want to Milira",
            'Go Outside in the Rain" is a song by Milira',
        )
    ]


def test_a_region_quoting_neither_or_both_trades_no_titles():
    region = 'The album "Milira" has the song "Go Outside in the Rain".'
    assert roles("Go Outside sings the song 'I Want to Milira in the Rain.'", region) == []


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (  # across commas, in a list of things each with its own complement
            "The rate of evaporation depends on the size of both air and water, the humidity of "
            "the air, and the temperature of the surface exposed.",
            "The rate at which they leave the surface depends on a number of factors - for "
            "instance the temperature of both air and water, the humidity of the air, and the "
            "size of the surface exposed.",
            "size of both air and water, the humidity of the air, and the temperature",
            "temperature of both air and water, the humidity of the air, and the size",
        ),
        (  # "between" with one of the two on each side is a relation, not a pair
            "It is the iron between the interaction in hemoglobin and oxygen that reddens blood.",
            "Blood is red because of the interaction between iron and oxygen.",
            "iron between the interaction",
            "interaction between iron",
        ),
        (  # a contract's parties, word for word the other way, a clause between them
            "Under clause 4 the lessee, after giving notice in writing, indemnifies the lessor.",
            "Clause 4 (Indemnity): Where the lessor, after giving notice in writing, indemnifies "
            "the lessee, no claim lies.",
            "lessee, after giving notice in writing, indemnifies the lessor",
            "lessor, after giving notice in writing, indemnifies the lessee",
        ),
        (  # the region also has the two in the sentence's order, in other words
            "Practice and examinations, including a chemistry test for all teachers plus a "
            "general certification exam, are required.",
            "For chemistry teachers, these include a general test for all teachers plus a "
            "chemistry certification exam.",
            "chemistry test for all teachers plus a general",
            "general test for all teachers plus a chemistry",
        ),
    ],
)
def test_two_mentions_exchanged_word_for_word_are_found(sentence, region, said, told):
    assert roles(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the region says it both ways
        (
            "The lessee, after notice, indemnifies the lessor.",
            "The lessor, after notice, indemnifies the lessee; the lessee, after notice, "
            "indemnifies the lessor.",
        ),
        # whole items of a list, even with more than "and" between
        (
            "Risk factors are the dose, the age of the patient, and the weight.",
            "Risk factors are the weight, the age of the patient, and the dose.",
        ),
        # a symmetric relation, or "between" around both
        ("The budget meets the target.", "The target meets the budget."),
        ("The gap between the heart and the lungs.", "The gap between the lungs and the heart."),
        # not in one sentence of the region
        ("The lessee pays the lessor.", "The lessor pays. The lessee is paid."),
    ],
)
def test_exchanges_with_no_order_are_left_alone(sentence, region):
    assert roles(sentence, region) == []


EVAPORATION = {
    "text": "While the water may be below boiling, under the vapour pressure of the atmosphere "
    "water molecules break free from the liquid at the surface and enter the surrounding air."
}
CONDENSATION = {
    "text": "The vapour pressure of the atmosphere can also cause water molecules in the air to "
    "enter the liquid at the surface, which can result in boiling."
}


def _verdict(sentence, evidence):
    [s] = verify(sentence, evidence).sentences
    return s.status, [c.kind for c in s.contradictions]


def test_an_order_another_region_states_as_said_with_more_words_does_not_stand():
    sentence = (
        "The vapour pressure of the atmosphere can also cause water molecules in the air to "
        "enter the liquid at the surface, which can result in boiling [1-2]."
    )
    assert "roles" not in _verdict(sentence, [EVAPORATION, CONDENSATION])[1]


def test_an_order_no_other_region_states_as_said_still_stands():
    sentence = "Molecules in the air enter the liquid at the surface [1]."
    assert _verdict(sentence, [EVAPORATION])[1] == ["roles"]


DOLPHINS = "In 1973 they defeated the Minnesota Vikings 24-7 in Super Bowl VIII."


def test_a_longer_name_is_read_as_its_own_mention_not_as_a_shorter_one_it_contains():
    # "Super Bowl VIII" in the region is the sentence's "Super Bowl VIII", not "Super Bowl".
    sentence = (
        "Their last Super Bowl win came when they defeated Super Bowl VIII 24-7 in Minnesota "
        "Vikings."
    )
    assert roles(sentence, DOLPHINS) == [
        ("Super Bowl VIII 24-7 in Minnesota Vikings", "Minnesota Vikings 24-7 in Super Bowl VIII")
    ]


def test_a_longer_name_in_the_order_the_region_has_stays_quiet():
    sentence = (
        "Their last Super Bowl win came when they defeated the Minnesota Vikings 24-7 in Super "
        "Bowl VIII."
    )
    assert roles(sentence, DOLPHINS) == []


VIJAYAWADA = (
    "Vijayawada is the 3rd largest city in Andhra Pradesh and is the largest city on its river."
)


def test_a_bare_preposition_turned_round_against_a_description_ending_in_it():
    sentence = "Andhra Pradesh in Vijayawada is the largest city on its river."
    assert roles(sentence, VIJAYAWADA) == [
        ("Andhra Pradesh in Vijayawada", "Vijayawada is the 3rd largest city in Andhra Pradesh")
    ]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        ("Vijayawada in Andhra Pradesh is the largest city on its river.", VIJAYAWADA),
        # a verb, not a description, before the preposition
        ("The summit in Geneva ended.", "Geneva was chosen in Summit week, and the summit ended."),
        # the two in one clause each way, the relation differs: no places traded either
        ("The summit in Geneva ended.", "Geneva was chosen in Summit talks."),
    ],
)
def test_a_bare_preposition_the_region_describes_the_same_way_or_not_at_all_stays_quiet(
    sentence, region
):
    assert roles(sentence, region) == []


CARDIOMEGALY = "The cardiothoracic ratio is the proportion of the heart size to the chest width."


def test_an_of_turned_round_against_a_noun_qualifying_a_noun():
    # "the heart size" is "the size of the heart"
    sentence = "The ratio compares the heart of the size to the chest width."
    assert roles(sentence, CARDIOMEGALY) == [("heart of the size", "heart size")]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        ("The ratio compares the size of the heart to the chest width.", CARDIOMEGALY),
        # a title before a name, not a qualifier the region turns round
        ("The band Orange Juice sang it.", "Orange Juice was the band that sang it."),
    ],
)
def test_an_of_the_region_says_as_a_qualifier_the_same_way_stays_quiet(sentence, region):
    assert roles(sentence, region) == []


GROSE = (
    "The term gained its meaning when it was defined in Grose's 1785 Dictionary of the Vulgar "
    "Tongue: to die."
)


def test_a_genitive_turned_round():
    # "Grose's Dictionary" is the Dictionary of Grose; the sentence makes Grose the Tongue's
    sentence = (
        "The term gained its meaning when it was defined in Dictionary of the Vulgar Tongue's "
        "1785 Grose: to die."
    )
    assert roles(sentence, GROSE) == [
        ("Vulgar Tongue's 1785 Grose", "Grose's 1785 Dictionary of the Vulgar Tongue")
    ]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        (GROSE, GROSE),
        ("The term was defined in the 1785 Dictionary of Grose.", GROSE),
        ("Paris, the capital of France, is large.", "France's capital, Paris, is large."),
    ],
)
def test_a_genitive_said_either_way_round_stays_quiet(sentence, region):
    assert roles(sentence, region) == []


UNITED_KINGDOM = "The United Kingdom governs England, Scotland, Wales, and Northern Ireland."


def test_a_relation_spread_over_a_list_turned_round_against_a_later_item():
    sentence = "Northern Ireland governs the United Kingdom."
    assert roles(sentence, UNITED_KINGDOM) == [
        (
            "Northern Ireland governs the United Kingdom",
            "The United Kingdom governs England, Scotland, Wales, and Northern Ireland",
        )
    ]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        ("The United Kingdom governs Northern Ireland.", UNITED_KINGDOM),
        # after "Italy" a clause of its own: France beat Spain only
        ("Italy beat France.", "France beat Spain, and Italy beat Germany."),
    ],
)
def test_a_list_said_the_same_way_or_not_ended_spreads_nothing(sentence, region):
    assert roles(sentence, region) == []


CURRY = "Golden State Warriors superstar Stephen Curry earns the highest salary."


def test_an_of_turned_round_against_a_noun_between_two_names():
    # "the Warriors superstar Stephen Curry" is Curry of the Warriors, not the Warriors of Curry
    sentence = "Golden State Warriors of Stephen Curry earns the highest salary."
    assert roles(sentence, CURRY) == [
        ("Golden State Warriors of Stephen Curry", "Golden State Warriors superstar Stephen Curry")
    ]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # linked the sentence's way, the two trade no places either (each opens a sentence)
        ("Stephen Curry of the Golden State Warriors earns the highest salary.", CURRY),
        # read as a verb, the word keeps its own direction
        ("Rome defeated Carthage.", "Rome defeated Carthage in the war."),
    ],
)
def test_a_noun_between_two_names_read_the_same_way_stays_quiet(sentence, region):
    assert roles(sentence, region) == []


def test_a_verb_between_two_names_still_turns_round():
    assert roles("Carthage defeated Rome.", "Rome defeated Carthage in the war.") == [
        ("Carthage defeated Rome", "Rome defeated Carthage")
    ]


@pytest.mark.parametrize(
    ("sentence", "passage"),
    [
        # a phrase opening the clause puts the subject after the verb, the cue last
        ("Der Verkäufer haftet nicht für Mängel [1].", "Für Mängel haftet der Verkäufer nicht."),
        # the case, not the order, says who is paid: "dem Mieter"
        (
            "Der Vermieter ersetzt dem Mieter die Kosten [1].",
            "Dem Mieter ersetzt der Vermieter die Kosten.",
        ),
        ("Die Gesellschaft haftet den Gläubigern [1].", "Den Gläubigern haftet die Gesellschaft."),
        (
            "De verhuurder vergoedt de huurder de kosten [1].",
            "De huurder vergoedt de verhuurder de kosten niet, maar de verhuurder vergoedt de "
            "huurder de kosten wel.",
        ),
        ("Nederland won van Spanje [1].", "Van Spanje won Nederland."),
        (
            "De vennootschap is aansprakelijk jegens de schuldeisers [1].",
            "Jegens de schuldeisers is de vennootschap aansprakelijk.",
        ),
    ],
)
def test_word_order_tells_no_roles_in_german_or_dutch(sentence, passage):
    s = verify(sentence, [{"text": passage}]).sentences[0]
    assert s.status == "verified", s.reason


@pytest.mark.parametrize(
    ("sentence", "passage", "said", "told"),
    [
        # an elided article is its own word: "l'acheteur" is a mention
        (
            "L'acheteur paie le vendeur [1].",
            "Le vendeur paie l'acheteur.",
            "acheteur paie le vendeur",
            "vendeur paie l'acheteur",
        ),
        (  # "a" is a verb there, no determiner
            "L'acheteur a payé le vendeur [1].",
            "Le vendeur a payé l'acheteur au comptant.",
            "acheteur a payé le vendeur",
            "vendeur a payé l'acheteur",
        ),
        (
            "L'employeur informe le salarié [1].",
            "Le salarié informe l'employeur par écrit.",
            "employeur informe le salarié",
            "salarié informe l'employeur",
        ),
        (  # an article joined to a preposition
            "El comprador paga al vendedor [1].",
            "El vendedor paga al comprador.",
            "comprador paga al vendedor",
            "vendedor paga al comprador",
        ),
        (  # a French passive's agent, after a form of "be", is its subject
            "Le vendeur a été payé par l'acheteur [1].",
            "Le vendeur a payé l'acheteur.",
            "vendeur a été payé par l'acheteur",
            "vendeur a payé l'acheteur",
        ),
    ],
)
def test_roles_turned_round_behind_romance_articles_are_found(sentence, passage, said, told):
    [s] = verify(sentence, [{"text": passage}]).sentences
    assert s.status == "unsupported"
    assert [(c.kind, c.sentence_text, c.passage_text) for c in s.contradictions] == [
        ("roles", said, told)
    ]


@pytest.mark.parametrize(
    ("sentence", "passage"),
    [
        ("L'acheteur paie le vendeur [1].", "L'acheteur paie le vendeur."),
        ("L'employeur informe le salarié [1].", "L'employeur informe le salarié par écrit."),
        ("El comprador paga al vendedor [1].", "El comprador paga al vendedor."),
        # a list has no order
        (
            "L'acheteur et le vendeur signent le contrat [1].",
            "Le vendeur et l'acheteur signent le contrat.",
        ),
        # the passive's agent said as the active's subject
        ("Le vendeur a été payé par l'acheteur [1].", "L'acheteur a payé le vendeur."),
        # "par" after no form of "be" is no agent
        (
            "L'acheteur paie le vendeur par chèque [1].",
            "L'acheteur paie le vendeur par chèque.",
        ),
    ],
)
def test_roles_behind_romance_articles_said_alike_stay_quiet(sentence, passage):
    [s] = verify(sentence, [{"text": passage}]).sentences
    assert s.contradictions == [], s.reason
    assert s.status == "verified", s.reason
