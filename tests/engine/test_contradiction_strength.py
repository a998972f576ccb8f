"""The strength check: a sentence that says more than its region (all/some, shall/may, only)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citations.engine.support.contradiction.obligation import OBLIGE_RE
from citations.engine.support.contradiction.pretests import lower_tokens
from citations.engine.support.contradiction.strength import _TRIGGER_RE, find, may_find
from citations.engine.text.words import words_of
from tests.engine.readings import quoted


def strength(sentence: str, region: str, legal: bool = True) -> list[tuple[str, str]]:
    return quoted(
        find(sentence, words_of(sentence), region, words_of(region), legal=legal),
        sentence,
        region,
        "strength",
    )


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (  # legal text: "shall" is no "may"
            "The employer shall pay the costs of the hearing.",
            "The employer may pay the costs of the hearing.",
            "employer shall pay the costs",
            "employer may pay the costs",
        ),
        (
            "All patients recover within a week.",
            "Most patients recover within a week.",
            "All patients recover within a week",
            "Most patients recover within a week",
        ),
        (
            "No one survived the crash.",
            "Few survived the crash.",
            "No one survived the crash",
            "Few survived the crash",
        ),
        (
            "Explorers always had no idea what to call the places.",
            "Explorers often had no idea what to call the places.",
            "Explorers always had no idea",
            "Explorers often had no idea",
        ),
        (
            "Training increases the heart's size, so it must push out more blood.",
            "Training increases the heart size so it can push out more blood with each beat.",
            "must push out more blood",
            "can push out more blood",
        ),
        (  # a sole word needs no weak word in the region: its absence is enough
            "The gel only clears the clog.",
            "The gel clears the clog in minutes.",
            "gel only clears the clog",
            "gel clears the clog",
        ),
        (
            "Transportation is always the biggest culprit of pollution.",
            "Transportation is actually the biggest culprit of pollution.",
            "Transportation is always the biggest culprit of pollution",
            "Transportation is actually the biggest culprit of pollution",
        ),
        (  # a superlative the region lacks
            "Paris is the largest city in France.",
            "Paris is a large city in France.",
            "Paris is the largest city in France",
            "Paris is a large city in France",
        ),
        (  # a quantifier of something else ("each state") says nothing of "always"
            "The Senate is always the smaller body.",
            "The Senate is the smaller body, and each state has two delegates in it.",
            "Senate is always the smaller body",
            "Senate is the smaller body",
        ),
        (  # a firm word in a relative clause of other things does not lift the hedge
            "The leave must be split into two parts.",
            "The leave may be split into two parts, one of which shall be at least 14 days.",
            "leave must be split into two parts",
            "leave may be split into two parts",
        ),
        (  # a necessity the region denies is no necessity: "not required to pay" may pay
            "The employer must pay the costs.",
            "The employer is not required to pay the costs.",
            "employer must pay the costs",
            "employer is not required to pay the costs",
        ),
        (  # a strong word the region negates is weak there
            "The drug always works.",
            "The drug does not always work, trials show.",
            "drug always works",
            "drug does not always work",
        ),
    ],
)
def test_a_stronger_sentence_is_found_with_both_sides(sentence, region, said, told):
    assert strength(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # as strong as the region
        ("Every patient recovers within a week.", "All patients recover within a week."),
        ("The gel always clears every clog.", "The gel clears all clogs in minutes."),
        ("The employer must pay the costs.", "The employer shall pay the costs."),
        ("Both houses must pass the bill.", "Both houses have to pass the bill."),
        ("Employees must register.", "Registration is mandatory for all employees."),
        # a plain order or statement binds as "must" does
        ("Employees must submit receipts within 30 days.", "Submit your receipts within 30 days."),
        ("The tenant must pay the rent monthly.", "The tenant pays the rent monthly."),
        ("Paris is the largest city in France.", "Paris is the biggest city in France."),
        ("Stephen Curry will earn the highest salary.", "Curry will earn a highest salary."),
        ("The gel only clears the clog.", "The gel clears just the clog."),
        # weaker than the region, or hedged: allowed
        ("Some patients recover within a week.", "All patients recover within a week."),
        ("Patients usually recover within a week.", "Patients always recover within a week."),
        ("All patients may recover within a week.", "Most patients recover within a week."),
        # negated strength is no claim
        ("Not all patients recover within a week.", "Some patients recover within a week."),
        ("The gel does not only clear clogs.", "The gel clears clogs."),
        ("His fame cannot be solely attributed to luck.", "Luck played its part in his fame."),
        # a quantifier or "will" needs a weak word against it: a plain region says as much
        ("The company will release the phone in May.", "The company releases the phone in May."),
        ("All patients recover within a week.", "Patients recover within a week."),
        # the weak word is about something else, far from the shared terms
        (
            "All patients recover within a week.",
            "Patients recover within a week. Doctors may prescribe rest in rare cases.",
        ),
        # "will" binds its verb: a hedge on another verb of the same things is no weaker claim
        (
            "A lower heart rate will deliver the same blood volume.",
            "Athletes often have lower heart rates.",
        ),
        # a superlative sought is no superlative claimed
        (
            "Determining the most appropriate test depends on the child's age.",
            "The test depends on the child's age.",
        ),
        # the region says nothing of the sentence's terms
        ("The gel always clears the clog.", "Drain cleaners come in many forms."),
        # a relative clause of the sentence's own terms binds them
        (
            "The employer must grant the leave.",
            "Staff may ask for leave, which the employer must grant.",
        ),
        # "each year" is a rate, as "annual" is, no "all"
        (
            "After six months, employees get 21 working days of paid leave each year.",
            "An employee who has worked for more than six months is entitled to annual paid leave"
            " of 21 working days. The leave may be split into two parts, one of which shall be at"
            " least 14 consecutive days.",
        ),
    ],
)
def test_sentences_no_stronger_than_their_region_are_left_alone(sentence, region):
    assert strength(sentence, region) == []


def test_each_strong_word_is_reported_in_sentence_order():
    sentence = "All patients recover, and doctors must report every case."
    region = "Most patients recover. Doctors may report each case."
    assert [said for said, _ in strength(sentence, region)] == [
        "All patients recover",
        "doctors must report every case",
    ]


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (  # "always" is no "only": the region's sole word is about something else
            "The capital gains are always calculated on the difference in value.",
            "The capital gain is the difference in value. Only half of the capital gain is "
            "taxable.",
            "capital gains are always calculated on the difference",
            "capital gain is the difference",
        ),
        (  # nor is "only" an "always" ("routinely" says how often, not how exclusively)
            "The choice of test only depends on the child's age.",
            "Infants are routinely screened; the test used depends on the age of the child.",
            "choice of test only depends on the child",
            "test used depends on the age of the child",
        ),
        (  # "all but a few" is nearly all, weaker than "always"
            "The gray squirrel has always pushed them to the brink of extinction.",
            "The gray squirrel has pushed them to the brink of extinction in all but a few areas.",
            "gray squirrel has always pushed them to the brink",
            "gray squirrel has pushed them to the brink of extinction in all",
        ),
        (  # a weak word capitalised inside a title hedges nothing of the sentence
            "Toby Keith only sang the song 'Should Have Been a Cowboy.'",
            '"Should\'ve Been a Cowboy" is a song recorded by Toby Keith.',
            "Toby Keith only sang the song",
            "song recorded by Toby Keith",
        ),
        (  # an inserted "always" the region nowhere says, in other words than the sentence's
            "In step growth the reactive species are always present at the chain ends.",
            "All molecules present can react with any other molecule. During propagation, "
            "monomers react to the active site at the end of the growing chain.",
            "growth the reactive species are always present at the chain ends",
            "end of the growing chain",
        ),
        (  # no term near "always" in the region: the sentence's other terms find where
            "This is always supported by the fact that the word was used by Scots to mean small.",
            "Pinkie was used by Scots to refer to something small, as Jamieson explained.",
            "always supported by the fact",
            "used by Scots to refer to something small",
        ),
        (  # a record's "single" is no "only"
            "The band Orange Juice only sang 'Rip It Up'.",
            '"Rip It Up" is a 1983 single by Scottish indie pop band Orange Juice.',
            "band Orange Juice only sang 'Rip",
            'Rip It Up" is a 1983 single by Scottish indie pop band Orange Juice',
        ),
    ],
)
def test_a_strong_word_the_region_does_not_say_is_found(sentence, region, said, told):
    assert strength(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        ("The species are always present at the chain ends.", "Species never leave the ends."),
        ("Tenants only pay the rent.", "Tenants pay the rent alone, nothing else."),
        ("The court always hears both parties.", "The court hears both parties every time."),
        ("The gel only clears clogs.", "The gel clears clogs and nothing else."),
        ("Smoking is the only cause of the damage.", "Smoking is the single cause of the damage."),
        # a sentence hedging elsewhere is not judged as a whole on its strong word
        (
            "The installations are site-specific, which means they exist only in the space and "
            "are often temporary.",
            "The installations are typically site-specific, immersive and often temporary.",
        ),
        # one term beside a weak word is not enough for a quantifier: "each" is of the patient
        (
            "Extraction rests on a case-by-case assessment of each patient's individual needs.",
            "Unfortunately, most individuals simply do not have enough room in their mouth.",
        ),
    ],
)
def test_a_region_as_strong_in_its_own_words_is_left_alone(sentence, region):
    assert strength(sentence, region) == []


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (  # the region's "only" is the sentence's own, no stand-in for its "must"
            "We must perceive only four dimensions of space.",
            "We can perceive only four dimensions of space.",
            "must perceive only four dimensions",
            "can perceive only four dimensions",
        ),
        (  # nor is the region's "all" the sentence's "always"
            "All of these measures always have flaws.",
            "All of these measures are flawed in some ways.",
            "measures always have flaws",
            "measures are flawed in some",
        ),
        (  # "certain" after "is" is "certainly"
            "The cat is certain a British Shorthair.",
            "The cat is likely a British Shorthair.",
            "cat is certain a British Shorthair",
            "cat is likely a British Shorthair",
        ),
        (  # a region says "can" in other words
            "The dyes must form stable complexes with mycolic acids.",
            "The dyes are able to form stable complexes with mycolic acids.",
            "dyes must form stable complexes with mycolic",
            "dyes are able to form stable complexes with mycolic",
        ),
        (
            "High-conflict family environments must heighten the risk of illness.",
            "Children in high-conflict family environments are more prone to illness.",
            "High-conflict family environments must heighten the risk of illness",
            "high-conflict family environments are more prone to illness",
        ),
        (  # "nearly all" is no "all"
            "All patients recover within a week.",
            "Nearly all patients recover within a week.",
            "All patients recover within a week",
            "Nearly all patients recover within a week",
        ),
        (  # "one of the largest" ranks, it does not put first
            "Paris is the largest city in France.",
            "Paris is one of the largest cities in France.",
            "Paris is the largest city in France",
            "Paris is one of the largest cities in France",
        ),
        (  # the region says the modal's other terms in other words: three of the sentence's
            "Gutters must refer to any place where runoff is stored.",
            "A gutter is a general term. It could mean any place where runoff is stored.",
            "Gutters must refer to any place",
            "could mean any place where runoff is stored",
        ),
    ],
)
def test_a_stronger_sentence_is_found_where_the_region_hedges_in_its_own_words(
    sentence, region, said, told
):
    assert strength(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # "certain" before a noun is "some": a hedge, no claim
        (
            "Under certain conditions the dyes must form stable complexes.",
            "The dyes can form stable complexes.",
        ),
        ("The cat is certainly a British Shorthair.", "The cat is definitely a British Shorthair."),
        # "as soon as possible" hedges nothing
        (
            "Officers must attend to the victims as soon as possible.",
            "Officers attend to the victims as soon as possible.",
        ),
        # "one of the largest" in the sentence claims no first place
        ("Paris is one of the largest cities in France.", "Paris is a big city in France."),
        # "almost all" in the sentence is a hedge too
        ("Almost all patients recover within a week.", "Most patients recover within a week."),
        # a paraphrase stating the modal's terms plainly, and a hedge on other terms only
        (
            "Gutters must refer to any place where runoff is stored.",
            "It means any place where runoff is stored. Runoff can be stored for months.",
        ),
    ],
)
def test_a_paraphrase_or_a_hedged_sentence_is_left_alone(sentence, region):
    assert strength(sentence, region) == []


def test_a_hedge_in_a_relative_clause_hedges_that_clause_not_the_strong_word():
    region = "Hydrogen is a clean fuel that can be produced from domestic resources."
    sentence = "Hydrogen is the only clean fuel that can be produced from domestic resources."
    assert strength(sentence, region) == [
        ("Hydrogen is the only clean fuel", "Hydrogen is a clean fuel that can")
    ]
    reported = "Studies have always shown that older men tend to speak more slowly."
    assert strength(reported, "Studies have shown that older men tend to speak more slowly.") == [
        ("Studies have always shown that older men", "Studies have shown that older men tend")
    ]
    # before the relative clause the hedge is the strong word's own
    hedged = "Hydrogen may be the only clean fuel that is produced from domestic resources."
    assert strength(hedged, region) == []


_PIECES = st.sampled_from(
    [
        "All",
        "all",
        "ONLY",
        "must",
        "certain",
        "Certainly",
        "largest",
        "LARGEST",
        "best",
        "nest",
        "rest",
        "interest",
        "test_est",
        "tallest9",
        "x",
        "may",
        "some",
        "has",
        "to",
        "Required",
        "caf\u00e9",
        "\u212aest",
        " ",
        " ",
        ", ",
        ".",
        "-",
        "'",
        "_",
        "9",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, max_size=12))
def test_the_cheap_test_on_words_says_what_the_pattern_says(pieces):
    text = "".join(pieces)
    pattern = _TRIGGER_RE.search(text) or OBLIGE_RE.search(text)
    assert may_find(text, lower_tokens(text)) is (pattern is not None)


def test_just_before_a_verb_is_emphasis_and_no_stand_in_for_all():
    sentence = "There are all parts of soccer that do not align with American ideals."
    region = "There are several parts of soccer that just do not align with American ideals."
    assert strength(sentence, region) == [("all parts of soccer", "several parts of soccer")]
    # before a noun "just" is "only", as strong as "all"
    assert strength(sentence, "There are just parts of soccer that do not align.") == []


def test_need_a_names_a_necessity_as_firm_as_must_near_the_terms():
    sentence = "Applicants must gain a degree and a teaching course."
    # as firm as the sentence: no contradiction (outside a statute too)
    as_firm = "Scottish teachers need a degree and a teaching course."
    assert strength(sentence, as_firm, legal=False) == []
    # a hedged "may need to" in the sentence is no echo standing in for the region's "need"
    hedged_too = sentence[:-1] + ", and in some cases they may need to gain a degree."
    assert strength(hedged_too, as_firm, legal=False) == []
    # a need of another thing in the region's sentence says nothing firm of these terms
    other_need = (
        "You need a large temperature (about 100 degrees, the point where things turn) for"
        " applicants to gain a degree."
    )
    assert strength(sentence, other_need, legal=False) != []
    # "the need, a ..." is a noun, no necessity
    noun = "The need a degree answers is why applicants gain a degree and a teaching course."
    assert strength(sentence, noun, legal=False) != []


@pytest.mark.parametrize(
    "region",
    [
        "The rent is payable by the tenant no later than the third day of each month.",
        "The rent is due from the tenant by the third day of each month.",
    ],
)
def test_payable_or_due_is_an_obligation_as_firm_as_must(region):
    sentence = "The tenant must pay the rent by the third day of each month."
    assert strength(sentence, region, legal=False) == []


def test_due_to_gives_a_cause_and_obliges_no_one():
    sentence = "The tenant must pay the rent."
    assert strength(sentence, "The tenant pays the rent, due to the lease.", legal=False) != []


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        ("Only members can vote.", "Members and guests can vote."),
        ("Only members may vote.", "Members may vote."),
    ],
)
def test_a_modal_after_only_grants_and_hedges_it_not(sentence, region):
    assert strength(sentence, region, legal=False) == [(sentence[:-1], region[:-1])]


def test_a_modal_before_only_hedges_it():
    sentence = "When shocked, they may only show a slight shoulder shrug."
    assert (
        strength(sentence, "When shocked, you may see a slight shoulder shrug.", legal=False) == []
    )


def test_restricted_to_says_only():
    assert strength("Only members may vote.", "Voting is restricted to members.", legal=False) == []
    assert strength("Only members may vote.", "Voting is limited to members.", legal=False) == []
