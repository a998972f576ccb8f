"""`decided_by`: what decided each sentence's status, from the verdict rule itself."""

from citations.engine import DECIDERS, DEFAULT_THRESHOLD, verify

LEAVE = {"text": "Employees are entitled to 30 days of paid annual leave each year."}
EIFFEL = {"text": "The Eiffel Tower was completed in 1889 for the World's Fair."}


def decided(text, evidence):
    return [(s.status, s.decided_by) for s in verify(text, evidence).sentences]


def test_the_score_decides_either_way():
    assert decided("Employees get 30 days of paid annual leave each year [1].", [LEAVE]) == [
        ("verified", "support")
    ]
    assert decided("The company canteen serves vegetarian lunches daily [1].", [LEAVE]) == [
        ("unsupported", "support")
    ]


def test_a_veto_decides_whatever_the_score():
    [s] = verify("Employees get 14 days of paid annual leave each year [1].", [LEAVE]).sentences
    assert s.status == "unsupported" and s.decided_by == "number"
    [s] = verify("The Eiffel Tower was not completed for the World's Fair [1].", [EIFFEL]).sentences
    assert s.status == "unsupported" and s.decided_by == "contradiction"


def test_a_citation_that_does_not_resolve_decides_before_the_vetoes():
    text = "Employees get 14 days of paid annual leave each year [1][7]."
    assert decided(text, [LEAVE]) == [("unsupported", "citation")]
    assert decided("Employees get paid annual leave each year [7].", [LEAVE]) == [
        ("unsupported", "citation")
    ]


def test_uncited_and_neutral_sentences_have_no_decider():
    text = "In short: the employer also pays a yearly bonus to every employee."
    assert decided(text, [LEAVE]) == [("uncited", None)]
    assert decided("In short:", [LEAVE]) == [("neutral", None)]


def test_every_decider_is_documented_and_in_the_json():
    d = verify("Employees get 30 days of paid annual leave each year [1].", [LEAVE]).to_dict()
    assert d["sentences"][0]["decided_by"] in DECIDERS
    assert set(DECIDERS) == {"support", "number", "contradiction", "citation"}


def test_a_citation_counts_key_terms_as_its_sentence_does_and_names_its_numbers():
    text = "Employees are entitled to 30 days of paid annual leave each year [1]."
    [s] = verify(text, [LEAVE]).sentences
    assert "7 of 7 key terms (100%)" in s.reason
    assert s.citations[0].reason == (
        "passage [1] supports the sentence, carrying 7 of its 7 key terms: 'employees', "
        "'entitled', 'days', 'paid', 'annual', 'leave' and 1 more, and its number 30"
    )
    [s] = verify(text.replace("[1]", "[1][9]"), [LEAVE]).sentences
    assert s.citations[0].reason == (
        "passage [1] carries 7 of the sentence's 7 key terms ('employees', 'entitled', 'days', "
        "'paid', 'annual', 'leave' and 1 more) and its number 30 but does not support the "
        "sentence"
    )


def test_a_number_word_and_the_number_are_listed_once():
    [s] = verify("Staff get four weeks and four days of leave [1].", [LEAVE]).sentences
    assert [t.casefold() for t in s.missing_terms].count("four") == 1
    assert len({t.casefold() for t in s.matched_terms}) == len(s.matched_terms)


def test_a_citation_whose_passage_states_another_number_says_it():
    overtime = {"text": "Overtime is paid at 150 percent of the regular hourly wage."}
    text = "Overtime is paid at 200 percent for 40 days of annual leave [1][2]."
    [s] = verify(text, [LEAVE, overtime]).sentences
    assert s.decided_by == "number"
    leave, paid = (c.reason for c in s.citations)
    assert leave.startswith("passage [1] carries ") and leave.endswith(
        "but says 30 days, not 40 days"
    )
    assert paid.startswith("passage [2] carries ") and paid.endswith(
        "but says 150 percent, not 200 percent"
    )


def test_each_sentence_has_a_summary_with_the_deciding_fact_first_and_no_figures():
    overtime = {"text": "Overtime is paid at 150 percent of the regular hourly wage."}
    laptop = {"text": "A lost or stolen laptop must be reported to the security team."}
    text = (
        "Employees are entitled to 30 days of paid annual leave each year [1]. "
        "Overtime is paid at 200 percent of the regular wage [2]. "
        "The Eiffel Tower was not completed for the World's Fair [3]. "
        "The laptop is then wiped remotely [4]. "
        "Staff get 30 days [9]. Staff get 30 days [1,]. "
        "In short: the employer also pays a yearly bonus to everyone. Thus:"
    )
    report = verify(text, [LEAVE, overtime, EIFFEL, laptop])
    assert [s.summary for s in report.sentences] == [
        "Passage [1] supports it",
        "Passage [2] says 150 percent, not 200 percent",
        "Passage [3] says 'was completed', not 'was not completed'",
        "Passage [4] does not mention 'wiped' or 'remotely'",
        "[9] does not point to a given passage",
        "[1,] cannot be read as a citation",
        "It makes a claim but cites nothing",
        "Not a claim: nothing to check",
    ]
    assert "support" in report.sentences[1].reason  # the reason keeps the figures
    assert all(
        s.summary == d["summary"]
        for s, d in zip(report.sentences, report.to_dict()["sentences"], strict=True)
    )


def test_a_number_overruling_a_score_above_the_cut_says_the_score_and_the_number():
    text = "Employees are entitled to 14 days of paid annual leave each year [1]."
    [s] = verify(text, [LEAVE]).sentences
    assert s.support >= DEFAULT_THRESHOLD and s.decided_by == "number"
    assert s.reason == (
        f"support {s.support:.3f} reaches the {DEFAULT_THRESHOLD:.3f} cut, but the sentence "
        "says 14 days; passage [1] says 30 days"
    )


def test_a_number_below_the_cut_still_leads_its_reason():
    [s] = verify("Employees get 14 days of paid annual leave each year [1].", [LEAVE]).sentences
    assert s.support < DEFAULT_THRESHOLD
    assert s.reason.startswith("the sentence says 14 days; passage [1] says 30 days; support ")


def test_the_numbers_among_the_terms_are_marked_apart_from_the_key_terms():
    text = "Employees are entitled to 14 days of paid annual leave each year [1]."
    [s] = verify(text, [LEAVE]).sentences
    assert s.numbers == ["14"]
    assert s.to_dict()["numbers"] == ["14"]
    # A number word that is a key term too is counted as a key term, as the reason counts it.
    [s] = verify("Staff get four weeks and four days of leave [1].", [LEAVE]).sentences
    key_terms = len(s.matched_terms) + len(s.missing_terms) - len(s.numbers)
    assert f"of {key_terms} key terms" in s.reason
    assert set(s.numbers) <= {*s.matched_terms, *s.missing_terms}
    [s] = verify(EIFFEL["text"].replace(".", " [1]."), [EIFFEL]).sentences
    assert s.numbers == ["1889"] and "1889" in s.matched_terms
