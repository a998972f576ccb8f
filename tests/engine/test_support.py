from citations.engine import DEFAULT_THRESHOLD, verify

LEAVE = [{"text": "Employees are entitled to 30 days of paid annual leave each year."}]


def one(text, evidence=LEAVE, **kw):
    report = verify(text, evidence, **kw)
    assert len(report.sentences) == 1
    return report.sentences[0]


def test_supported_sentence_is_verified_with_terms_and_span():
    s = one("Employees get 30 days of paid annual leave [1].")
    assert s.status == "verified"
    assert "employees" in s.matched_terms and "30" in s.matched_terms
    assert s.missing_terms == ["get"]
    (c,) = s.citations
    assert c.status == "verified"
    (span,) = c.spans
    assert span.evidence == 1
    assert LEAVE[0]["text"][span.start : span.end] == LEAVE[0]["text"]


def test_unrelated_sentence_is_unsupported():
    s = one("The moon orbits the planet every month [1].")
    assert s.status == "unsupported"
    assert s.support is not None and s.support < DEFAULT_THRESHOLD
    assert f"below the {DEFAULT_THRESHOLD:.3f} cut: only 0 of 5 key terms" in s.reason
    assert s.citations[0].status == "unsupported"
    assert s.citations[0].spans == []


def test_threshold_is_the_cut_on_support():
    text = "Employees enjoy generous paid holidays abroad [1]."
    s = one(text)
    assert 0.0 < s.support < 1.0
    assert one(text, threshold=s.support).status == "verified"
    assert one(text, threshold=min(1.0, s.support + 0.001)).status == "unsupported"


def test_missing_number_is_named():
    evidence = [{"text": "Overtime is capped at 200 hours a year."}] * 3
    s = one("Overtime is capped at 2,000 hours a year [3].", evidence)
    assert s.status == "unsupported"
    assert s.reason.startswith("the sentence says 2,000 hours; passage [3] says 200 hours")
    assert "2,000" in s.missing_terms
    s = one("Overtime is capped at 2,000 in a year [3].", evidence)
    assert s.reason.startswith("number 2,000 is not in passage [3]")


def test_a_missing_number_decides_whatever_the_score():
    s = one("Employees get 31 days of paid annual leave each year [1].", threshold=0.0)
    assert s.status == "unsupported"
    assert s.reason == (
        f"support {s.support:.3f} reaches the 0.000 cut, but the sentence says 31 days; "
        "passage [1] says 30 days"
    )


def test_thousands_separators_compare_by_value():
    evidence = [{"text": "The fine is 1200 euros."}]
    assert one("The fine is 1,200 euros [1].", evidence).status == "verified"
    evidence = [{"text": "The fine is 1,200 euros."}]
    assert one("The fine is 1200 euros [1].", evidence).status == "verified"
    assert one("The fine is 1\u00a0200 euros [1].", evidence).status == "verified"


def test_numbers_inside_citations_do_not_count():
    evidence = [{"text": "Leave is thirty days."}] * 5
    assert one("Leave is thirty days [5].", evidence).status == "verified"


def test_a_passage_with_digits_still_states_the_numbers_it_writes_in_words():
    # The passage's digits (30) do not state all of the sentence's numbers, so its number
    # words are read as well (they are skipped only when the digits state them all).
    evidence = [{"text": "Leave is 30 days, and notice is three weeks."}]
    s = one("Leave is 30 days and notice is 3 weeks [1].", evidence)
    assert s.status == "verified" and "3" in s.citations[0].carried
    s = one("Leave is 30 days and notice is 4 weeks [1].", evidence)
    assert s.status == "unsupported" and "4" in s.missing_terms


def test_number_words_match_digits_both_ways():
    assert one("Employees get thirty days of paid annual leave [1].").status == "verified"
    evidence = [{"text": "The employee gets three weeks of leave."}]
    assert one("The employee gets 3 weeks of leave [1].", evidence).status == "verified"
    s = one("The employee gets four weeks of leave [1].", evidence)
    assert s.status == "unsupported" and "four" in s.reason


def test_a_negation_the_passage_does_not_share_decides():
    # Issue 21: the region says what the sentence denies, so the words matching is not enough.
    s = one("Employees are not entitled to paid annual leave [1].")
    assert s.status == "unsupported"
    assert s.reason.startswith("the sentence says 'are not entitled'; passage [1] says")
    evidence = [{"text": "Employees are not entitled to paid leave during probation."}]
    assert one("Employees are not entitled to paid leave [1].", evidence).status == "verified"


def test_name_the_passage_lacks():
    evidence = [{"text": "Baby is a song by Justin Bieber with the rapper Ludacris."}]
    assert one("Baby is a song by Justin Bieber with Ludacris [1].", evidence).status == "verified"
    s = one("Baby is a song by Drake [1].", evidence)
    assert s.status == "unsupported" and "'Drake' is not named in passage [1]" in s.reason


def test_union_of_cited_passages_supports():
    evidence = [
        {"text": "Employees are entitled to annual leave."},
        {"text": "Overtime is paid at a premium rate."},
    ]
    report = verify(
        "Employees get annual leave [1] and overtime is paid at a premium [2].", evidence
    )
    (s,) = report.sentences
    assert s.status == "verified"
    assert [c.status for c in s.citations] == ["verified", "verified"]


def test_unresolved_citation_makes_the_sentence_unsupported():
    s = one("Employees get 30 days of paid annual leave [1][2].")
    assert s.status == "unsupported"
    # Inside an unsupported sentence a citation carries terms but supports nothing.
    assert [c.status for c in s.citations] == ["unsupported", "unresolved"]
    assert "but does not support the sentence" in s.citations[0].reason
    assert "does not resolve" in s.reason


def test_words_of_every_script():
    cases = [
        (
            "Der Arbeitnehmer hat Anspruch auf bezahlten Jahresurlaub.",
            "Der Arbeitnehmer hat Anspruch auf Jahresurlaub [1].",
        ),
        ("Le salarié a droit à un congé payé annuel.", "Le salarié a droit au congé annuel [1]."),
        ("يستحق العامل إجازة سنوية مدفوعة الأجر", "يستحق العامل إجازة سنوية [1]."),
        ("कर्मचारी को वार्षिक छुट्टी का अधिकार है", "कर्मचारी को वार्षिक छुट्टी मिलती है [1]."),
    ]
    for passage, sentence in cases:
        s = one(sentence, [{"text": passage}])
        assert s.status == "verified", (sentence, s.reason)
        assert s.matched_terms


def test_case_folding_and_nfkc():
    evidence = [{"text": "STRASSE and ﬁnance office"}]
    s = one("The Straße finance office [1].", evidence)
    assert s.status == "verified", s.reason


def test_arabic_vowel_marks_are_ignored():
    s = one("يستحق العامل إجازة [1].", [{"text": "يَسْتَحِقُّ العامِلُ إجازةً"}])
    assert s.status == "verified", s.reason


def test_english_light_stemming():
    evidence = [{"text": "The song was released in 1990 and charted."}]
    assert one("The song releases charting in 1990 [1].", evidence).status == "verified"


def test_best_span_is_the_matching_region():
    text = "Pensions start at sixty-seven. Parking is free on Sundays. Annual leave is thirty days."
    s = one("Annual leave is thirty days [1].", [{"text": text}])
    (span,) = s.citations[0].spans
    assert text[span.start : span.end] == "Annual leave is thirty days."


def test_title_counts_as_evidence():
    evidence = [{"text": "It lasts thirty days.", "title": "Annual leave"}]
    assert one("Annual leave lasts thirty days [1].", evidence).status == "verified"


def test_accents_are_folded_for_latin_scripts():
    evidence = [{"text": "Les Misérables is a novel by Victor Hugo."}]
    s = one("The novel Les Miserables is by Victor Hugo [1].", evidence)
    assert s.status == "verified"
    assert "miserables" in s.matched_terms


def test_accent_folding_keeps_stop_words_stop_words():
    from citations.engine.text.terms import token_terms

    assert token_terms("était") == ()
    assert token_terms("Straße") == ("strass",)
    assert token_terms("नमस्ते") == ("नमस्ते",)  # Devanagari vowel signs are no accents


def test_name_in_another_form_counts():
    evidence = [{"text": "The treaty was signed by every country in Europe in 1957."}]
    assert one("The treaty was signed by every European country [1].", evidence).status == (
        "verified"
    )
    evidence = [{"text": "The agency of the United States regulates the drug market."}]
    assert one("The drug market is regulated by a US agency [1].", evidence).status == "verified"
    evidence = [{"text": "The agency of the U.S. regulates the drug market."}]
    assert one("The drug market is regulated by a US agency [1].", evidence).status == "verified"


def test_other_names_still_fail():
    evidence = [{"text": "The agency of the United Kingdom regulates the drug market."}]
    s = one("The drug market is regulated by a US agency [1].", evidence)
    assert s.status == "unsupported" and "'US' is not named in passage [1]" in s.reason
    evidence = [{"text": "The treaty was signed by every country in Asia in 1957."}]
    s = one("The treaty was signed by every European country [1].", evidence)
    assert s.signals["missing_names"] == 1.0
    assert "'European' is not named in passage [1]" in s.reason


def test_not_only_is_no_negation():
    evidence = [{"text": "Regular exercise improves sleep and mood in adults."}]
    s = one("Regular exercise not only improves sleep but also mood in adults [1].", evidence)
    assert s.status == "verified"
    s = one("Regular exercise does not improve sleep and mood in adults [1].", evidence)
    assert s.status == "unsupported" and "says 'does not improve'" in s.reason
