"""The direction reading: a verb of change against the figures the region gives in order."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction.direction import find, may_find
from tests.engine.readings import quoting

turned = quoting(find, "opposite")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "Globex sales fell to 8.1 million dollars in 2022.",
            "Globex posted sales of 8.1 million dollars in 2022, up from 6.4 million dollars "
            "in 2021.",
            "fell to 8.1 million",
            "8.1 million dollars in 2022, up from 6.4 million",
        ),
        (
            "Globex sales rose to 6.4 million dollars.",
            "Globex posted sales of 6.4 million dollars in 2022, down from 8.1 million.",
            "rose to 6.4 million",
            "6.4 million dollars in 2022, down from 8.1 million",
        ),
        # a range the region reads from its low end, and a fall it cannot read as one
        (
            "The population of the town fell to 8,100.",
            "The population of the town grew from 6,400 to 8,100.",
            "fell to 8,100",
            "6,400 to 8,100",
        ),
        (
            "The population of the town grew to 6,400.",
            "The population of the town went from 8,100 to 6,400.",
            "grew to 6,400",
            "8,100 to 6,400",
        ),
        # a year after each value, the same unit: the later year's value is the later one
        (
            "The number of residents declined to 8,100.",
            "The town had 6,400 residents in 2010 and 8,100 residents in 2020.",
            "declined to 8,100",
            "6,400 residents in 2010 and 8,100 residents in 2020",
        ),
        (
            "The number of residents increased to 6,400.",
            "The town had 6,400 residents in 2020, compared with 8,100 residents in 2010.",
            "increased to 6,400",
            "6,400 residents in 2020, compared with 8,100 residents in 2010",
        ),
        # verbs that make a quantity go down ("reduced", "cut", "lowered") say a fall too
        (
            "The fee was reduced to 500 dollars.",
            "The fee increased from 300 to 500 dollars.",
            "reduced to 500",
            "300 to 500",
        ),
        (
            "The council cut the budget to 8.1 million.",
            "The budget went from 6.4 million to 8.1 million.",
            "cut the budget to 8.1 million",
            "6.4 million to 8.1 million",
        ),
        (
            "The bank lowered its rate to 5 percent.",
            "The bank's rate went from 4 to 5 percent.",
            "lowered its rate to 5",
            "4 to 5",
        ),
    ],
)
def test_a_verb_of_change_against_the_figures_in_order_is_found(sentence, region, said, told):
    assert turned(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the way the figures go
        (
            "Globex sales rose to 8.1 million dollars in 2022.",
            "Globex posted sales of 8.1 million dollars in 2022, up from 6.4 million dollars "
            "in 2021.",
        ),
        (
            "The population of the town fell to 6,400.",
            "The population of the town went from 8,100 to 6,400.",
        ),
        # negated, it says nothing of the way
        (
            "Globex sales did not rise to 6.4 million dollars.",
            "Globex posted sales of 6.4 million dollars in 2022, down from 8.1 million.",
        ),
        # a difference is no value of the pair
        (
            "The population of the town fell by 1,700.",
            "The population of the town grew from 6,400 to 8,100.",
        ),
        # two quantities: another unit, or another thing named between them
        (
            "The number of users fell to 8.1 million.",
            "The firm had 8.1 million users in 2022 and 600 staff in 2021.",
        ),
        (
            "Cases in France fell to 5 million.",
            "Spain had 3 million cases in 2021 and France 5 million cases in 2022.",
        ),
        # the values in two sentences
        (
            "Sales fell to 8.1 million.",
            "Sales were 6.4 million in 2021. Sales were 8.1 million in 2022.",
        ),
        # "rose to" says where the quantity ended: not the earlier value of a pair
        ("Attendance rose to 12,000 in 2015.", "Attendance was 12,000 in 2015 and 9,000 in 2020."),
        # a span's two ends, not a change ("ranged from", "vary from", "aged from")
        (
            "Prices fell to 2 dollars per kilo at the end of the season.",
            "Prices ranged from 2 to 4 dollars per kilo over the season.",
        ),
        (
            "Temperatures fell to 5 degrees at night.",
            "Temperatures vary from 5 to 25 degrees, falling at night.",
        ),
        # the sentence's figure is a range: no one value the quantity went to
        (
            "Participation declined among people aged 18 to 25.",
            "Participation fell among people aged from 18 to 25.",
        ),
        (
            "The share fell to between 10 and 15 percent.",
            "The share went from 10 to 15 percent by 2020, then fell back.",
        ),
        # a fall said by a verb that makes the quantity go down, the way the figures go
        ("The fee was reduced to 300 dollars.", "The fee went from 500 to 300 dollars."),
        (
            "The council cut the budget to 6.4 million.",
            "The budget went from 8.1 million to 6.4 million.",
        ),
        # "lower" alone is mostly a comparison or a name ("lower than 500", "the lower 48")
        ("Costs were lower than 500 dollars.", "Costs rose from 300 to 500 dollars."),
    ],
)
def test_figures_that_agree_or_do_not_give_one_quantity_in_order_find_nothing(sentence, region):
    assert turned(sentence, region) == []


def test_the_cheap_test_needs_a_verb_of_change_not_a_digit():
    assert may_find(["sales", "fell", "to", "8"])
    assert may_find(["fees", "were", "reduced", "to", "8"])
    # the way without a value, against a region's two figures
    assert may_find(["sales", "fell", "sharply"])
    assert not may_find(["sales", "were", "8"])


def test_the_verdict_quotes_both_sides():
    evidence = [
        {
            "text": "Globex posted sales of 8.1 million dollars in 2022, up from 6.4 million "
            "dollars in 2021."
        }
    ]
    [s] = verify("Globex sales fell to 8.1 million dollars in 2022 [1].", evidence).sentences
    assert s.status == "unsupported"
    assert s.reason.startswith(
        "the sentence says 'fell to 8.1 million'; passage [1] says '8.1 million dollars in "
        "2022, up from 6.4 million'"
    )
    [s] = verify("Globex sales rose to 8.1 million dollars in 2022 [1].", evidence).sentences
    assert s.status == "verified"


def test_the_figures_of_a_span_share_the_unit_after_the_last():
    # "from 8.1 to 6.4 million" goes from 8.1 million down, not from 8.1 up
    region = "Globex sales went from 8.1 to 6.4 million dollars in 2022."
    assert turned("Globex sales fell to 6.4 million dollars.", region) == []
    assert turned("Globex sales rose to 6.4 million dollars.", region) == [
        ("rose to 6.4 million", "8.1 to 6.4 million")
    ]
    # each figure with its own unit reads as it did
    region = "Globex sales went from 900 thousand to 1.2 million dollars in 2022."
    assert turned("Globex sales fell to 1.2 million dollars.", region) == [
        ("fell to 1.2 million", "900 thousand to 1.2 million")
    ]


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "Globex's sales grew between 2021 and 2022.",
            "Globex posted sales of 6.4 million dollars in 2022, down from 8.1 million dollars "
            "in 2021.",
            "Globex's sales grew",
            "6.4 million dollars in 2022, down from 8.1 million",
        ),
        (  # a currency sign before each figure
            "Sales rose from 2021 to 2022.",
            "Sales fell from $8.1 million to $6.4 million.",
            "Sales rose",
            "8.1 million to $6.4 million",
        ),
        (  # a year after each value, the earlier first
            "The residents of the town declined in number.",
            "The town had 6,400 residents in 2010 and 8,100 residents in 2020.",
            "residents of the town declined",
            "6,400 residents in 2010 and 8,100 residents in 2020",
        ),
    ],
)
def test_a_verb_of_change_with_no_value_against_its_subjects_figures_is_found(
    sentence, region, said, told
):
    assert turned(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the way the figures go
        (
            "Globex's sales grew between 2021 and 2022.",
            "Globex posted sales of 8.1 million dollars in 2022, up from 6.4 million dollars "
            "in 2021.",
        ),
        ("Sales grew.", "Sales went from 6.4 to 8.1 million."),
        # another quantity, or the sentence's named after the figures only
        ("Globex's profits grew.", "Globex sales went from 8.1 million to 6.4 million."),
        ("Sales rose.", "Costs fell from 8 to 6 million while sales rose from 3 to 5 million."),
        # negated, it says no way
        ("Sales did not grow.", "Sales went from 8.1 million to 6.4 million."),
        # other years
        (
            "Sales grew between 2018 and 2019.",
            "Sales went from 8.1 million in 2021 to 6.4 million in 2022.",
        ),
        # the region gives the sentence's way too
        (
            "Sales rose.",
            "Sales fell from 8 to 6 million in 2021 and rose from 6 to 9 million in 2022.",
        ),
        # a span's two ends, not a change
        ("Prices fell.", "Prices ranged from $2 to $4 per kilo."),
        # a value the pair does not hold compares with nothing
        ("Sales grew by 5 percent.", "Sales went from 8.1 million to 6.4 million."),
    ],
)
def test_a_verb_of_change_with_no_value_agreeing_or_of_another_quantity_finds_nothing(
    sentence, region
):
    assert turned(sentence, region) == []


def test_a_change_told_by_two_figures_against_a_verb_quotes_both_sides():
    evidence = [
        {
            "text": "Globex posted sales of 6.4 million dollars in 2022, down from 8.1 million "
            "dollars in 2021."
        }
    ]
    [s] = verify("Globex's sales grew between 2021 and 2022 [1].", evidence).sentences
    assert s.status == "unsupported"
    assert s.reason.startswith(
        "the sentence says 'Globex's sales grew'; passage [1] says '6.4 million dollars in "
        "2022, down from 8.1 million'"
    )


GLOBEX_DOWN = (
    "Globex posted sales of 6.4 million dollars in 2022, down from 8.1 million dollars in 2021."
)


GLOBEX_FROM_TO = (
    "Sales at Globex went from 8.1 million dollars in 2021 to 6.4 million dollars in 2022."
)


def test_a_value_with_its_year_then_to_another_is_a_change():
    # "in 2021" says when 8.1 million stood; a unit word may stand before "to" alone
    assert turned("Sales at Globex grew.", GLOBEX_FROM_TO) == [
        ("Sales at Globex grew", "8.1 million dollars in 2021 to 6.4 million")
    ]
    assert turned("Sales grew.", "Sales went from 8.1 million dollars to 6.4 million dollars.") == [
        ("Sales grew", "8.1 million dollars to 6.4 million")
    ]
    assert turned("Sales at Globex fell.", GLOBEX_FROM_TO) == []
    # a span of two values, or of two years, is no such change
    assert turned("Sales at Globex grew.", "Sales at Globex ranged from 2021 to 2022.") == []
    [s] = verify("Sales at Globex grew [1].", [{"text": GLOBEX_FROM_TO}]).sentences
    assert s.status == "unsupported"
    assert s.reason.startswith(
        "the sentence says 'Sales at Globex grew'; passage [1] says '8.1 million dollars in "
        "2021 to 6.4 million'"
    )


def test_a_region_saying_the_sentences_way_in_a_verb_leaves_a_sentence_without_years():
    # "grew strongly for years" may be when the sentence's growth was
    region = "Sales at Globex grew for years. " + GLOBEX_FROM_TO
    assert turned("Sales at Globex grew.", region) == []
    # a year the sentence names is read against the figures of that year
    assert turned("Sales at Globex grew in 2022.", region) == [
        ("Sales at Globex grew", "8.1 million dollars in 2021 to 6.4 million")
    ]
    # a verb of the other way is no such saying
    region = "Globex's sales grew sharply: from 6.4 million dollars in 2021 to 8.1 million dollars."
    assert turned("Globex's sales fell sharply.", region) == [
        ("Globex's sales fell", "6.4 million dollars in 2021 to 8.1 million")
    ]


@pytest.mark.parametrize(
    "sentence",
    ["Globex's sales grew [1].", "Globex's sales rose sharply [1].", "Sales at Globex rose [1]."],
)
def test_a_verb_of_change_with_no_figure_in_the_sentence_is_read(sentence):
    # no digit in the sentence: the region's two figures tell the way
    [s] = verify(sentence, [{"text": GLOBEX_DOWN}]).sentences
    assert s.status == "unsupported"
    assert [c.kind for c in s.contradictions] == ["opposite"]
    assert s.reason.startswith("the sentence says '")
    assert "passage [1] says '6.4 million dollars in 2022, down from 8.1 million'" in s.reason
    assert "supports" not in s.reason


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the way the figures go
        ("Globex's sales fell [1].", GLOBEX_DOWN),
        ("Globex's sales declined sharply [1].", GLOBEX_DOWN),
        # another quantity than the figures'
        ("Globex's profits grew [1].", GLOBEX_DOWN),
        # a region without figures: nothing to read
        ("Globex's sales grew [1].", "Globex posted lower sales in 2022 than in 2021."),
    ],
)
def test_a_verb_of_change_with_no_figure_agreeing_or_of_another_quantity_finds_nothing(
    sentence, region
):
    [s] = verify(sentence, [{"text": region}]).sentences
    assert not s.contradictions


ROSE_THEN_FELL = "Globex's sales rose in 2022 and fell in 2023."


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "Globex's sales fell in 2022.",
            ROSE_THEN_FELL,
            "Globex's sales fell in 2022",
            "rose in 2022",
        ),
        (
            "Globex's sales rose in 2023.",
            ROSE_THEN_FELL,
            "Globex's sales rose in 2023",
            "fell in 2023",
        ),
        (  # words between the verb and its year
            "Sales at Globex grew strongly in 2021.",
            "Sales at Globex declined sharply in 2021 but recovered in 2022.",
            "Sales at Globex grew strongly in 2021",
            "declined sharply in 2021",
        ),
        (  # the sentence's one year before its verb
            "In 2022, Globex's sales fell.",
            ROSE_THEN_FELL,
            "In 2022, Globex's sales fell",
            "rose in 2022",
        ),
    ],
)
def test_a_verb_of_change_against_the_regions_verb_for_its_year_is_found(
    sentence, region, said, told
):
    assert turned(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the way the region gives for that year
        ("Globex's sales rose in 2022.", ROSE_THEN_FELL),
        ("Globex's sales fell in 2023.", ROSE_THEN_FELL),
        # a year the region gives no way for
        ("Globex's sales fell in 2021.", ROSE_THEN_FELL),
        # another quantity, or another clause's
        ("Globex's profits fell in 2022.", ROSE_THEN_FELL),
        ("Costs fell in 2022.", "Costs fell while sales rose in 2022."),
        (
            "The share of renters grew in 2020.",
            "The share of owners fell in 2020 as the share of renters grew.",
        ),
        # negated, the sentence says no way; the region's denied way is none either
        ("Globex's sales did not fall in 2022.", ROSE_THEN_FELL),
        ("Sales rose in 2022.", "Sales did not fall in 2022 and rose in 2023."),
        # the region gives both ways for the year
        ("Sales fell in 2022.", "Sales rose in 2022 in Europe and fell in 2022 in Asia."),
        # the verb's year is another verb's: "rose, then fell in 2023"
        ("Sales rose in 2023.", "Sales fell and then rose in 2023."),
        # the year in another sentence of the region
        ("Sales fell in 2022.", "Sales rose. In 2022 costs fell."),
        # the sentence's one year before its verb, the region's way for it
        ("In 2022, Globex's sales rose.", ROSE_THEN_FELL),
        # two years before one verb: no one year it is said in
        ("Between 2022 and 2023, Globex's sales fell.", ROSE_THEN_FELL),
    ],
)
def test_a_verb_of_change_agreeing_with_its_years_verb_or_of_another_finds_nothing(
    sentence, region
):
    assert turned(sentence, region) == []


def test_a_verb_against_the_regions_verb_for_its_year_quotes_both_sides():
    [s] = verify("Globex's sales fell in 2022 [1].", [{"text": ROSE_THEN_FELL}]).sentences
    assert s.status == "unsupported"
    assert s.reason.startswith(
        "the sentence says 'Globex's sales fell in 2022'; passage [1] says 'rose in 2022'"
    )
    for agreeing in ("Globex's sales rose in 2022 [1].", "Globex's sales fell in 2023 [1]."):
        [s] = verify(agreeing, [{"text": ROSE_THEN_FELL}]).sentences
        assert s.status == "verified"


given_for = quoting(find, "number")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "Sales were 8.1 million dollars in 2022.",
            GLOBEX_DOWN,
            "8.1 million dollars in 2022",
            "6.4 million dollars in 2022, down from 8.1 million dollars in 2021",
        ),
        (
            "Sales at Globex reached 6.4 million dollars in 2021.",
            GLOBEX_FROM_TO,
            "6.4 million dollars in 2021",
            "8.1 million dollars in 2021 to 6.4 million dollars in 2022",
        ),
        (
            "The town had 8,100 residents in 2010.",
            "The town had 6,400 residents in 2010 and 8,100 residents in 2020.",
            "8,100 residents in 2010",
            "6,400 residents in 2010 and 8,100 residents in 2020",
        ),
        # the sentence's one year before its one figure
        (
            "In 2022, Globex's sales were 8.1 million dollars.",
            GLOBEX_DOWN,
            "In 2022, Globex's sales were 8.1 million dollars",
            "6.4 million dollars in 2022, down from 8.1 million dollars in 2021",
        ),
        (
            "Globex's sales in 2022 were 8.1 million dollars.",
            GLOBEX_DOWN,
            "in 2022 were 8.1 million dollars",
            "6.4 million dollars in 2022, down from 8.1 million dollars in 2021",
        ),
    ],
)
def test_a_figure_the_region_gives_for_another_year_is_found(sentence, region, said, told):
    assert given_for(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the figure for its year
        ("Sales were 6.4 million dollars in 2022.", GLOBEX_DOWN),
        ("Sales were 8.1 million dollars in 2021.", GLOBEX_DOWN),
        # a year the region gives no figure for
        ("Sales were 8.1 million dollars in 2020.", GLOBEX_DOWN),
        # another quantity: another unit, or another thing before the figure
        ("Globex had 8.1 million customers in 2022.", GLOBEX_DOWN),
        ("Profits were 8.1 million dollars in 2022.", GLOBEX_DOWN),
        # the region gives the figure for the year elsewhere too
        (
            "Sales were 8.1 million dollars in 2022.",
            "Sales were 8.1 million dollars in 2022 in Europe; overall, sales were 6.4 million "
            "dollars in 2022, down from 8.1 million dollars in 2021.",
        ),
        # the figure's year unsaid: "in 2022" says when of the other figure
        ("Sales fell from 8.1 million dollars to 6.4 million dollars in 2022.", GLOBEX_DOWN),
        # the sentence's one year before its one figure, the figure for it
        ("In 2022, Globex's sales were 6.4 million dollars.", GLOBEX_DOWN),
        # one year before two figures: no one figure it is said of
        ("In 2022, sales were 8.1 million dollars, against 6.4 million dollars.", GLOBEX_DOWN),
    ],
)
def test_a_figure_for_its_year_or_of_another_quantity_finds_nothing(sentence, region):
    assert given_for(sentence, region) == []


def test_a_figure_given_for_another_year_quotes_both_sides():
    [s] = verify("Sales were 8.1 million dollars in 2022 [1].", [{"text": GLOBEX_DOWN}]).sentences
    assert s.status == "unsupported"
    assert [c.kind for c in s.contradictions] == ["number"]
    assert s.reason.startswith(
        "the sentence says '8.1 million dollars in 2022'; passage [1] says '6.4 million dollars "
        "in 2022, down from 8.1 million dollars in 2021'"
    )
    for agreeing in (
        "Sales were 6.4 million dollars in 2022 [1].",
        "Sales were 8.1 million dollars in 2021 [1].",
    ):
        [s] = verify(agreeing, [{"text": GLOBEX_DOWN}]).sentences
        assert s.status == "verified"


def test_the_cheap_test_lets_a_figure_with_a_year_through():
    assert may_find(["sales", "were", "8", "1", "million", "in", "2022"])
    assert not may_find(["sales", "were", "high", "in", "2022"])


FELL_THEN_ROSE = "Globex's sales fell in 2022 and rose in 2023."


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "Globex grew its sales.",
            GLOBEX_DOWN,
            "Globex grew its sales",
            "6.4 million dollars in 2022, down from 8.1 million",
        ),
        (
            "Globex grew its sales in 2022.",
            FELL_THEN_ROSE,
            "Globex grew its sales in 2022",
            "fell in 2022",
        ),
        (  # "a" opens a degree, no object
            "Globex sales rose a lot.",
            GLOBEX_DOWN,
            "Globex sales rose",
            "6.4 million dollars in 2022, down from 8.1 million",
        ),
    ],
)
def test_a_verb_of_change_with_an_object_against_the_objects_way_is_found(
    sentence, region, said, told
):
    assert turned(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the object is the quantity that went one way: another one's change tells nothing
        ("Globex grew its profits.", GLOBEX_DOWN),
        ("Globex grew its profits between 2021 and 2022.", GLOBEX_DOWN),
        ("Globex grew its sales in 2022.", "Globex's costs fell in 2022 and rose in 2023."),
        # the object's way
        ("Globex cut its sales in 2022.", FELL_THEN_ROSE),
    ],
)
def test_a_verb_of_change_with_an_object_of_another_quantity_or_its_way_finds_nothing(
    sentence, region
):
    assert turned(sentence, region) == []
