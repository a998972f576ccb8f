"""The negation check: one side negates what the other asserts, in the cited region."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction.negation import find
from citations.engine.text.words import words_of
from tests.engine.readings import cited_alone, quoting

negation = quoting(find, "negation")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "The Eiffel Tower was not completed for the World's Fair.",
            "The Eiffel Tower was completed in 1889 for the World's Fair.",
            "was not completed",
            "was completed",
        ),
        (  # the passage negates, the sentence asserts
            "The tower was completed in 1889.",
            "The tower was not completed in 1889.",
            "was completed",
            "was not completed",
        ),
        (  # the object, when the passage words the verb otherwise
            "Globex did not grow its sales between 2021 and 2022.",
            "Globex posted sales of 8.1 million dollars in 2022, up from 6.4 million in 2021.",
            "did not grow its sales",
            "posted sales",
        ),
        (
            "The tenant shall not sublet the flat.",
            "The tenant shall sublet the flat to a family member.",
            "shall not sublet",
            "shall sublet",
        ),
        (
            "The company didn't increase the fine.",
            "The company increased the fine in March.",
            "didn't increase",
            "increased",
        ),
        ("The contract is unlawful.", "The contract is lawful under the statute.", "unlawful", ""),
        (
            "Der Turm wurde nicht 1889 fertiggestellt.",
            "Der Turm wurde 1889 fertiggestellt.",
            "wurde nicht 1889",
            "wurde 1889",
        ),
        (
            "La tour n'a pas été achevée en 1889.",
            "La tour a été achevée en 1889.",
            "n'a pas été achevée",
            "été achevée",
        ),
        ("El museo nunca abrió los domingos.", "El museo abrió los domingos.", "nunca abrió", ""),
        (  # a relative clause states a fact: "that" opens no condition
            "It is a procedure that cannot be applied in an environment with lateral movement.",
            "The procedure can be applied in an environment which treats lateral movement.",
            "cannot be applied",
            "be applied",
        ),
        (  # a cue both sides say ("lack") is no other wording of the sentence's "not"
            "A lack of participation could not exacerbate existing inequalities.",
            "This lack of consultation exacerbates existing inequalities.",
            "could not exacerbate",
            "exacerbates",
        ),
        (  # a "Don't" inside a quoted title negates nothing of either text
            "Luther Ingram did not sing the song 'If Loving You Is Wrong I Don't Want to Be "
            "Right.'",
            "The song '(If Loving You Is Wrong) I Don't Want to Be Right' was sung by Luther "
            "Ingram, whose recording topped the chart.",
            "did not sing",
            "was sung",  # "sung" is a form of "sing"
        ),
        (  # a word that says no, which the region asserts too, is what the cue denies
            "Others argue that there is not less money in soccer than in other sports.",
            "There is less money and less prestige in soccer than other sports.",
            "is not less",
            "is less",
        ),
        (
            "There may not be a loss of culture and trust among citizens.",
            "A loss of culture and the diminishment of trust among citizens.",
            "may not be a loss",
            "loss",
        ),
        (  # the region takes it back elsewhere, but with fewer of the sentence's words
            "The affected area should not be covered with a bandage until it crusts over.",
            "The rash should be completely covered with a bandage until it crusts over. If "
            "the rash cannot be covered, stay at home until it crusts over.",
            "should not be covered",
            "covered",
        ),
        (
            "Another reason could not be to win delegates for the party platform.",
            "Even if a candidate has no chance of winning the primary vote outright, they "
            "might win delegates for the party platform.",
            "could not be to win delegates",
            "win delegates",
        ),
        (  # "not always" weakens, but denies a plain "always" of the region
            "Auer rods are not always classified as pathological.",
            "Auer rods are never seen in lymphoblasts. Auer rods are always classified as "
            "pathological.",
            "not always classified",
            "always classified",
        ),
        (  # the manner, when the region says it ("successfully" here)
            "A small company cannot successfully use the same trade mark as a rival.",
            "A small company can successfully use the same trade mark as a rival.",
            "cannot successfully",
            "can successfully",
        ),
        (  # a manner beside other words the region says in its own
            "Norman Borlaug is not widely regarded as the father of the Green Revolution.",
            "Borlaug was often called the father of the Green Revolution.",
            "is not widely regarded as the father",
            "the father",
        ),
        (  # a plain "when" clause states when a fact holds
            "The brain perceives edges or shapes when they are not defined in the visual stimulus.",
            "These fragments give the impression of a white triangle, defined by a sharp "
            "illusory contour, in the visual stimulus.",
            "are not defined",
            "defined",
        ),
    ],
)
def test_a_negation_against_an_assertion_is_found(sentence, region, said, told):
    found = negation(sentence, region)
    assert found, (sentence, region)
    assert found[0][0] == said
    assert told in found[0][1]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # double negation cancels
        ("The contract is not unlawful.", "The contract is lawful under the statute."),
        ("The clinic is not without staff.", "The clinic has staff on every ward."),
        # the same negation in other words
        ("The plan failed to win the vote.", "The plan did not win the vote."),
        ("The study did not show a difference.", "The study showed no difference at all."),
        ("The bill lacks support in the Senate.", "The bill has no support in the Senate."),
        # "not only" affirms
        ("Exercise not only improves sleep but also mood.", "Exercise improves sleep and mood."),
        # both sides negate
        ("Employees are not entitled to leave.", "Employees are not entitled to paid leave."),
        # an instruction or a condition denies no fact
        ("Do not punish the cat.", "Punishing the cat makes things worse."),
        ("It can be fatal if not treated promptly.", "Colic can be fatal when treated late."),
        # the region negates something else than the sentence asserts
        ("Aspirin reduces pain.", "Aspirin reduces pain. It does not reduce swelling."),
        # "not all" weakens (the strength check's business), it does not negate
        ("Not all warm regions are poor.", "Warm regions are poor in many cases."),
        # the region says no about what the sentence denies, in other words
        ("The court did not approve the deal.", "The court refused to approve the deal."),
        # "not always" beside a region that says it too, or says "always" of something else
        ("Auer rods are not always pathological.", "Auer rods are not always pathological."),
        ("Auer rods are not always classified.", "Blasts are always counted by hand."),
        # a word that says no the region does not say: the cue cancels it
        ("There is not less money in soccer.", "Soccer has as much money as other sports."),
        # the region denies it as fully as it asserts it: it says both, the sentence one
        (
            "The rash should not be covered with a bandage.",
            "By day the rash should be covered with a bandage. At night the rash should not "
            "be covered with a bandage.",
        ),
        # a title quoted on one side only: the region's words are the sentence's, verbatim
        (
            'The song sung in the film is "Non, Je Ne Regrette Rien" by Edith Piaf.',
            "Edith Piaf sang Non, je ne regrette rien in the film.",
        ),
        (
            'The song is "Non, Je Ne Regrette Rien" ("No, I Do Not Regret Anything") by Piaf.',
            "Non, Je Ne Regrette Rien (No Regrets) is a famous Edith Piaf song.",
        ),
        # a title's own "Don't" is no negation of the region's
        (
            "Luther Ingram sang 'I Don't Want to Be Right' in 1972.",
            'Luther Ingram sang "(If Loving You Is Wrong) I Don\'t Want to Be Right" in 1972.',
        ),
        # only a manner is denied, of words the sentence asserts itself: no region says it
        (
            "No, a small company cannot successfully use the same trade mark as a rival "
            "because trade marks are used to distinguish the products of a company.",
            "Trade marks are used to distinguish products and services from those of their "
            "competitors.",
        ),
        # a concession's condition ("even when") negates no fact
        (
            "The brain perceives edges or shapes even when they are not explicitly defined in "
            "the visual stimulus.",
            "These fragments give the impression of a white triangle, defined by a sharp "
            "illusory contour, in the visual stimulus.",
        ),
    ],
)
def test_faithful_sentences_find_nothing(sentence, region):
    assert negation(sentence, region) == []


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        ("Aspirin is given to children.", "Aspirin should not be given to children.",
         "is given", "should not be given"),
        ("The fee will be paid in May.", "The fee will not be paid in May.",
         "be paid", "will not be paid"),
        ("The bill must be signed.", "The bill must not be signed.",
         "be signed", "must not be signed"),
    ],
)  # fmt: skip
def test_a_firm_modal_not_be_denies_the_participle(sentence, region, said, told):
    assert negation(sentence, region) == [(said, told)]


def test_may_not_be_hedges_unless_a_statute_forbids():
    sentence, region = "The group is abelian.", "The group may not be abelian."
    assert negation(sentence, region) == []
    sold, forbidden = "The drug may be sold to minors.", "The drug may not be sold to minors."
    assert negation(sold, forbidden) == []
    found = find(sold, words_of(sold), forbidden, words_of(forbidden), statute=True)
    assert [
        (sold[f.sentence_start : f.sentence_end], forbidden[f.region_start : f.region_end])
        for f in found
    ] == [("be sold", "may not be sold")]
    evidence = [{"text": forbidden, "law": "Medicines Act", "article": "5"}]
    [s] = verify("The drug may be sold to minors [Medicines Act, Article 5].", evidence).sentences
    assert s.status == "unsupported"
    assert s.reason.startswith("the sentence says 'be sold'; passage [1] says 'may not be sold'")


def test_cannot_be_denies_the_participle_where_the_sentence_says_it_can_be_done():
    possible, impossible = (
        "The contract can be terminated at any time.",
        "The contract cannot be terminated before 2026.",
    )
    assert negation(possible, impossible) == [("be terminated", "cannot be terminated")]
    # a sentence saying no possibility reads the region's "cannot be" as a qualification
    assert negation("Terminate the contract in writing.", impossible) == []
    assert negation("The contract is terminated.", impossible) == []
    # nor a possibility the sentence conditions
    assert negation("The contract can be terminated after 2026.", impossible) == []
    assert (
        negation(
            "The file can be selected once it is saved.",
            "The file cannot be selected until it is saved.",
        )
        == []
    )
    [s] = verify(f"{possible[:-1]} [1].", [{"text": impossible}]).sentences
    assert s.status == "unsupported"
    assert s.reason.startswith(
        "the sentence says 'be terminated'; passage [1] says 'cannot be terminated'"
    )


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        ("The tenant may sublet the flat.", "The tenant is not permitted to sublet the flat.",
         "may sublet", "is not permitted to sublet"),
        ("Employees may claim damages.", "Employees are not entitled to claim damages.",
         "may claim", "are not entitled to claim"),
        ("The tenant may sublet the flat.", "The tenant is prohibited from subletting the flat.",
         "may sublet", "is prohibited from subletting"),
        ("The tenant may sublet the flat.", "The tenant is forbidden to sublet the flat.",
         "may sublet", "is forbidden to sublet"),
        # a thing granted, not a verb: the grant itself is denied
        ("Employees are entitled to a pension.", "Employees are not entitled to a pension.",
         "are entitled", "are not entitled"),
    ],
)  # fmt: skip
def test_leave_denied_or_a_prohibition_denies_the_verb(sentence, region, said, told):
    assert negation(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        ("The tenant may not sublet the flat.", "The tenant is not allowed to sublet the flat."),
        ("The tenant may not sublet the flat.", "The tenant is prohibited from subletting it."),
        ("Subletting is prohibited.", "The tenant is prohibited from subletting the flat."),
    ],
)
def test_a_prohibition_said_in_other_words_agrees(sentence, region):
    assert negation(sentence, region) == []


def test_a_subject_whose_predicate_is_denied_is_no_assertion_of_it():
    sentence, region = (
        "Children should not take aspirin.",
        "Aspirin should not be given to children.",
    )
    assert negation(sentence, region) == []
    s = cited_alone(sentence, region)
    assert s.status == "verified"


@pytest.mark.parametrize(
    ("sentence", "said", "told"),
    [
        ("The tenant is liable for the damage.", "The tenant", "Neither the tenant"),
        ("The landlord is liable for the damage.", "The landlord", "nor the landlord"),
    ],
)
def test_neither_nor_denies_each_of_the_things_it_joins(sentence, said, told):
    region = "Neither the tenant nor the landlord is liable for the damage."
    assert negation(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        (  # "nor" continues the denial: no second cue turning it back
            "Neither the tenant nor the landlord is liable for the damage.",
            "The tenant is not liable for the damage, nor is the landlord.",
        ),
        (
            "The landlord is not liable for the damage.",
            "Neither the tenant nor the landlord is liable for the damage.",
        ),
        ("The tenant does not smoke nor drink.", "The tenant neither smokes nor drinks."),
    ],
)
def test_neither_nor_agrees_with_a_denial_of_each(sentence, region):
    assert negation(sentence, region) == []
    s = cited_alone(sentence, region)
    assert s.status == "verified"


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [  # the stemmer keeps the final "e" of one form only: "unsafe" -> "unsaf", "safe" -> "safe"
        (
            "The vaccine is safe for pregnant women.",
            "The vaccine is unsafe for pregnant women.",
            "is safe",
            "unsafe",
        ),
        (
            "The witness was unsure of the date.",
            "The witness was sure of the date.",
            "unsure",
            "was sure",
        ),
    ],
)
def test_a_negative_prefix_is_read_whatever_the_stem_leaves_of_the_word(
    sentence, region, said, told
):
    assert negation(sentence, region) == [(said, told)]
    s = cited_alone(sentence, region)
    assert s.status == "unsupported"


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "An employee may be dismissed while on sick leave.",
            "Dismissal of an employee during sick leave is prohibited.",
            "be dismissed",
            "Dismissal of an employee during sick leave is prohibited",
        ),
        (
            "Workers under 18 may work at night.",
            "Night work is prohibited for workers under the age of 18.",
            "at night",
            "Night work is prohibited",
        ),
    ],
)
def test_a_passive_prohibition_forbids_what_its_clause_said_before_it(sentence, region, said, told):
    assert negation(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        (
            "Workers under 18 may not work at night.",
            "Night work is prohibited for workers under the age of 18.",
        ),
        ("Smoking is prohibited in restaurants.", "Smoking is prohibited in restaurants."),
    ],
)
def test_a_passive_prohibition_agrees_with_a_denial(sentence, region):
    assert negation(sentence, region) == []


def test_legal_shall_not_against_shall():
    found = negation("The buyer shall not pay the costs.", "The buyer shall pay the costs.")
    assert found == [("shall not pay", "shall pay")]


def test_offsets_are_into_the_texts_given():
    sentence = "Sales did not increase in 2022."
    region = "In 2022 sales increased, says the report."
    [f] = find(sentence, words_of(sentence), region, words_of(region))
    assert sentence[f.sentence_start : f.sentence_end] == "did not increase"
    assert region[f.region_start : f.region_end] == "sales increased"


def test_a_negation_covering_a_degree_the_region_lacks_may_deny_the_degree_alone():
    # "not ... fully" denies that the separation is complete, not that distillation separates.
    sentence = (
        "It is not possible to separate fully a mixture of water and ethanol by distillation."
    )
    region = "Chemists use distillation to separate mixtures of water and ethanol into their parts."
    assert negation(sentence, region) == []
    # The degree said on both sides is what the negation denies.
    assert negation(
        "The mixture is not fully separated by distillation.",
        "The mixture is fully separated by distillation.",
    ) == [("is not fully", "is fully")]


def test_last_is_the_most_recent_not_a_word_that_says_no():
    # "its last year" beside the region's assertion does not say the sentence's "did not".
    assert negation(
        "The firm did not increase its sales in 2023.",
        "The firm increased its sales in 2023, its last year on record.",
    ) == [("did not increase", "firm increased")]


def test_not_since_needs_the_region_to_say_what_it_denies():
    # "not ... since" denies over a stretch of time: a region naming the thing without the
    # sentence's verb may be telling of the last time, the negation in its own words.
    assert (
        negation(
            "They have not won a Super Bowl since then.",
            "Who knew that would be the last time we would see a Dallas Cowboys Super Bowl "
            "for over two decades?",
        )
        == []
    )
    assert negation(
        "They have not won the Super Bowl since 1996.",
        "They won the Super Bowl again in 2004, their first since 1996.",
    ) == [("have not won", "They won")]


def test_a_denied_verb_of_knowing_leaves_what_follows_it_true():
    # "may not realize the diverse ways" says there are such ways: a region telling of them
    # (and of someone understanding them) is no assertion that people realize them.
    assert (
        negation(
            "People with limited understanding of autism may not realize the diverse ways in "
            "which autistic individuals communicate.",
            "She is interested in understanding the diverse ways that people communicate, and "
            "particularly how autistic people communicate.",
        )
        == []
    )
    # The verb itself, asserted by the region, is denied.
    assert negation(
        "Most voters do not know the name of the candidate.",
        "Most voters know the name of the candidate, a poll found.",
    ) == [("do not know", "voters know")]


def test_a_cue_with_nothing_after_it_denies_what_it_leaves_out_of_its_own_subject():
    # "life satisfaction isn't" says no of life satisfaction, not of the approaches
    sentence = "All of these approaches do not have flaws."
    elliptical = (
        "I'll mention why these approaches are all flawed in ways that life satisfaction isn't."
    )
    assert negation(sentence, elliptical) == [("do not have flaws", "all flawed")]
    # a cue covering words of its clause still says no near them
    covering = "I'll mention why these approaches are all flawed in ways that never matter."
    assert negation(sentence, covering) == []


def test_a_soft_verb_after_to_says_no_of_its_object_only():
    sentence = "This phrase did not contain something true."
    purpose = "A phrase we often used to avoid punishment contained something true."
    assert negation(sentence, purpose) == [("did not contain", "punishment contained")]
    # what it says no of is what the sentence denies: "to avoid containing" agrees
    avoided = "We chose this phrase to avoid containing something true."
    assert negation(sentence, avoided) == []


def test_an_aside_in_brackets_neither_parts_the_words_nor_ends_the_sentence():
    sentence = "Barbara Feldon is not an actress."
    aside = "Barbara Feldon (born Barbara Anne Hall; March 12, 1933) is an American actress."
    assert negation(sentence, aside) == [("is not an actress", "American actress")]
    # without the brackets the same words are another sentence, far from the name: no word
    # the region says of her, so the region's clause naming her is what it says instead
    apart = (
        "Barbara Feldon was born in Illinois; her best-known part, years later, made her an"
        " American actress."
    )
    assert negation(sentence, apart) == [
        ("is not an actress", "Barbara Feldon was born in Illinois")
    ]


def test_a_paraphrase_is_read_where_the_region_speaks_of_the_shared_words_together():
    sentence = "Last week in Lisbon, Jones did not attend."
    told = "Jones gave the opening speech in Lisbon last week."
    assert negation(sentence, told) == [("did not attend", "Jones gave the opening speech")]
    # the name alone, with nothing else the sentence says near it, asserts nothing of it
    assert negation("Jones did not attend the meeting.", "Jones lives near the coast.") == []


def test_a_denied_word_the_region_has_only_far_from_the_shared_words_is_read_as_a_paraphrase():
    sentence = "Last week in Lisbon, Jones did not attend."
    far = "Jones gave the opening speech in Lisbon last week. Thousands of students attend."
    assert negation(sentence, far) == [("did not attend", "Jones gave the opening speech")]
    # the far word asserts nothing either where the region says no of the shared words
    refused = "Jones refused to speak in Lisbon last week. Thousands of students attend."
    assert negation(sentence, refused) == []


@pytest.mark.parametrize(
    ("region", "told"),
    [
        (
            "UK passport holders do not need a Mexican visa. Brits get a tourist card.",
            "do not need a Mexican visa",
        ),
        ("UK passport holders enjoy visa-free travel. Brits get a tourist card.", "visa-free"),
    ],
)
def test_a_denied_free_compound_says_the_word_is_needed(region, told):
    sentence = "Brits are not visa-exempt but get a tourist card."
    assert negation(sentence, region) == [("are not visa-exempt", told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        (  # the compound itself says no, as the region does
            "Brits are visa-exempt but get a tourist card.",
            "UK passport holders do not need a Mexican visa. Brits get a tourist card.",
        ),
        (  # the region names a visa that is needed too
            "Brits are not visa-exempt but get a tourist card.",
            "Brits do not need a visa to visit but need a visa to work. Brits get a tourist card.",
        ),
        (  # "not visa-free" is a visa needed, as the region says
            "Brits are not visa-exempt but get a tourist card.",
            "Travel is not visa-free for Brits, who also get a tourist card.",
        ),
        # the region says the word is needed, in words of its own: the cue denies none of the
        # words after the compound either
        ("Such gifts are not tax-free.", "Such gifts are subject to tax."),
        (
            "Lottery winnings are not tax-free in Spain.",
            "In Spain, lottery winnings above 40,000 euros are taxed at 20 percent.",
        ),
        (
            "Indian citizens are not visa-exempt for Schengen countries.",
            "Indian citizens need a visa to enter Schengen countries.",
        ),
    ],
)
def test_a_denied_free_compound_is_quiet_where_the_region_needs_the_word_or_says_no_alike(
    sentence, region
):
    assert negation(sentence, region) == []


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "Pope wrote “to err is not human, to forgive divine” in 1711.",
            "In 1711 Pope wrote “to err is human, to forgive divine” in a poem.",
            "is not human",
            "is human",
        ),
        (  # the region quotes the cue the sentence leaves out
            'The band sang "we will be silent tonight" in 1999.',
            'In 1999 the band sang "we will never be silent tonight" live.',
            "will be",
            "will never be",
        ),
    ],
)
def test_a_quotation_with_a_cue_its_source_lacks_is_a_negation(sentence, region, said, told):
    assert negation(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    "region",
    [
        # the same words, quoted as the sentence quotes them
        "In 1711 Pope wrote “to err is not human, to forgive divine” in a poem.",
        # the same words unquoted: not the saying the sentence quotes
        "In 1711 Pope wrote that to err is human, to forgive divine, in a poem.",
    ],
)
def test_a_quotation_with_a_cue_is_quiet_where_the_region_quotes_no_other_words(region):
    sentence = "Pope wrote “to err is not human, to forgive divine” in 1711."
    assert negation(sentence, region) == []


def test_a_cue_opening_a_quotation_may_be_its_own():
    sentence = 'Piaf sang "No regrets for the past" in 1960.'
    assert negation(sentence, 'In 1960 Piaf sang "regrets for the past" in Paris.') == []


def test_a_counterfactual_says_the_fact_it_supposes_undone():
    region = "Charles II returned from France in 1660, and the monarchy was restored."
    supposed = "If Charles II had not returned from France, the monarchy might have ended."
    assert negation(supposed, region) == []
    said = "By 1660 Charles II had not returned from France."
    assert negation(said, region) == [("had not returned", "II returned")]


def test_a_german_or_dutch_cue_ending_its_clause_denies_the_clause_before_it():
    region = "Wirksam ist der Vertrag nicht."
    assert negation("Der Vertrag ist nicht wirksam.", region) == []
    said = negation("Der Vertrag ist wirksam.", region)
    assert said == [("ist wirksam", "Wirksam ist der Vertrag nicht")]
    dutch = "Geldig is het contract niet."
    assert negation("Het contract is niet geldig.", dutch) == []
    assert negation("Het contract is geldig.", dutch) == [
        ("is geldig", "Geldig is het contract niet")
    ]


def _judged(sentence: str, passage: str):
    return verify(sentence, [{"text": passage}]).sentences[0]


@pytest.mark.parametrize(
    ("sentence", "passage", "told"),
    [
        # the subject opens the clause: the cue denies the verb after it, and what follows
        ("De verkoper betaalt de prijs [1].", "De verkoper betaalt de prijs niet.", "betaalt"),
        (
            "De huurder draagt het risico [1].",
            "De huurder draagt het risico na de oplevering niet.",
            "draagt",
        ),
        ("Der Käufer zahlt den Preis [1].", "Der Käufer zahlt den Preis nicht.", "zahlt"),
        # a phrase opens it, the subject follows the verb
        (
            "Der Mieter haftet für Abnutzung [1].",
            "Für Abnutzung haftet der Mieter nicht.",
            "haftet",
        ),
    ],
)
def test_a_cue_ending_its_clause_denies_the_verb_after_the_topic(sentence, passage, told):
    s = _judged(sentence, passage)
    assert s.status == "unsupported"
    assert [(c.kind, c.passage_text.split()[0]) for c in s.contradictions] == [("negation", told)]


@pytest.mark.parametrize(
    ("sentence", "passage"),
    [
        ("Der Mieter haftet nicht für Abnutzung [1].", "Für Abnutzung haftet der Mieter nicht."),
        ("De verkoper betaalt de prijs niet [1].", "De verkoper betaalt de prijs niet."),
        # the cue ends another clause, of another subject
        (
            "De verkoper betaalt de prijs [1].",
            "De verkoper betaalt de prijs, maar de koper betaalt de kosten niet.",
        ),
        (
            "De koper betaalt de prijs [1].",
            "De koper betaalt de prijs; de verkoper betaalt de kosten niet.",
        ),
        (
            "De verkoper levert het huis op tijd [1].",
            "De verkoper levert het huis op tijd. De koper betaalt de prijs niet.",
        ),
    ],
)
def test_a_cue_ending_another_clause_or_said_alike_denies_nothing(sentence, passage):
    s = _judged(sentence, passage)
    assert s.status == "verified", s.reason


def test_a_sentence_cue_ending_its_clause_is_quoted_from_the_verb():
    s = _judged("De verkoper betaalt de prijs niet [1].", "De verkoper betaalt de prijs.")
    assert [(c.sentence_text, c.passage_text) for c in s.contradictions] == [
        ("betaalt de prijs niet", "verkoper betaalt")
    ]


@pytest.mark.parametrize(
    ("sentence", "passage", "told"),
    [
        # an auxiliary between the region's cue and the word it denies
        ("The fee has been paid [1].", "The fee has not been paid.", "has not been paid"),
        ("The bridge was being repaired [1].", "The bridge was not being repaired.", "repaired"),
        # French "ne" elided before a vowel, its "pas" or "jamais" and an auxiliary passed over
        ("Le vendeur a payé le prix [1].", "Le vendeur n'a pas payé le prix.", "n'a pas payé"),
        ("Le vendeur a payé le prix [1].", "Le vendeur n\u2019a jamais payé le prix.", "payé"),
        ("Le contrat est valable [1].", "Le contrat n'est pas valable.", "n'est pas valable"),
        ("Le contrat a été signé [1].", "Le contrat n'a pas été signé.", "signé"),
        ("El contrato ha sido firmado [1].", "El contrato no ha sido firmado.", "firmado"),
        ("Il contratto è stato firmato [1].", "Il contratto non è stato firmato.", "firmato"),
    ],
)
def test_a_region_cue_passes_over_auxiliaries_to_the_word_it_denies(sentence, passage, told):
    s = _judged(sentence, passage)
    assert s.status == "unsupported", s.reason
    assert [c.kind for c in s.contradictions] == ["negation"]
    assert told in s.contradictions[0].passage_text


@pytest.mark.parametrize(
    ("sentence", "passage"),
    [
        # the sentence's elided cue, beyond ASCII: the cheap test must see "n'" before a word
        ("Le vendeur n'a pas payé l'acheteur [1].", "Le vendeur a payé l'acheteur."),
        ("Le vendeur n\u2019a pas payé le prix [1].", "Le vendeur a payé le prix."),
    ],
)
def test_an_elided_french_cue_in_the_sentence_is_read(sentence, passage):
    s = _judged(sentence, passage)
    assert [c.kind for c in s.contradictions] == ["negation"], s.reason
    assert s.contradictions[0].sentence_text.startswith("n")


@pytest.mark.parametrize(
    ("sentence", "passage"),
    [
        # said alike, both ways
        ("Le contrat n'a pas été signé [1].", "Le contrat n'a pas été signé."),
        ("The fee has not been paid [1].", "The fee has not been paid."),
        ("Le vendeur a payé le prix [1].", "Le vendeur a payé le prix."),
        # a determiner is no auxiliary: the cue denies the thing, not the verb after it
        ("The process was used [1].", "It is not the fracking process that was used."),
        # a modal's "be" is passed over by nothing: "cannot be selected" qualifies, under a
        # condition the region gives, what the sentence tells to do
        (
            "Select the option from the menu [1].",
            "Options in the menu cannot be selected while a file is open.",
        ),
        # the elided "n'" of another clause's subject
        (
            "Le vendeur a payé le prix [1].",
            "Le vendeur a payé le prix, mais l'acheteur n'a pas payé les frais.",
        ),
    ],
)
def test_passed_over_auxiliaries_find_nothing_said_alike_or_of_another(sentence, passage):
    s = _judged(sentence, passage)
    assert s.status == "verified", s.reason


def test_a_key_said_both_ways_decides_nothing_only_in_one_year():
    # said both ways with no year, or in the same year: nothing
    region = "The rules do not apply to your home but apply when you sell it."
    assert negation("The rules apply to your home.", region) == []
    # denied in one year, asserted in another: the denial of its year stands
    region = "Globex's sales did not fall in 2023, but fell in 2022."
    assert negation("Globex's sales fell in 2023.", region) == [("sales fell", "did not fall")]
    assert negation("Globex's sales fell in 2022.", region) == []
    sentence = "Globex's sales did not fall in 2022, but fell in 2023."
    assert negation(sentence, "Globex's sales fell in 2022.") == [("did not fall", "sales fell")]
    sentence = "Globex's sales did not fall in 2023, but fell in 2022."
    assert negation(sentence, "Globex's sales fell in 2022.") == []
