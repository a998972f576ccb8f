"""The contradiction framework: which region is read, in what order, how much."""

from citations.engine import verify
from citations.engine.support.contradiction import (
    _checks,
    _Sentence,
    comparison,
    converse,
    covary,
    direction,
    exclusion,
    instead,
    opposite,
    roles,
    strength,
    years,
)
from citations.engine.support.contradiction.pretests import (
    function_stems,
    lower_tokens,
    passage_function_stems,
)
from citations.engine.support.contradiction.recorded import MAX_PER_SENTENCE
from citations.engine.support.contradiction.regions import whole_sentences
from citations.engine.support.passage import Passage
from citations.engine.text.terms import LANGUAGES, fold, reading, stem


def one(text, evidence):
    [sentence] = verify(text, evidence).sentences
    return sentence


def test_only_the_region_that_matched_is_read():
    # The passage negates "completed" too, but of another building, sentences away.
    far = (
        "The Eiffel Tower was completed in 1889 for the World's Fair. Visitors climb it daily. "
        "Tickets are sold online. Cafes line the square. The annex was not completed in time."
    )
    s = one("The Eiffel Tower was completed for the World's Fair [1].", [{"text": far}])
    assert s.status == "verified" and s.contradictions == []


def test_every_cited_passage_is_read_and_the_order_is_fixed():
    evidence = [
        {"text": "The museum opened its doors in 1990 after the renovation."},
        {"text": "The museum did not open its doors in 1990 after the renovation."},
    ]
    s = one("The museum did not open its doors in 1990 [1, 2].", evidence)
    assert [c.evidence for c in s.contradictions] == [1]
    s = one("The museum opened its doors in 1990 [1, 2].", evidence)
    assert [c.evidence for c in s.contradictions] == [2]


def test_contradictions_per_sentence_are_capped():
    passage = {"text": "Alpha grew. Beta rose. Gamma won. Delta opened. Epsilon passed."}
    text = "Alpha did not grow, Beta did not rise, Gamma did not win, Delta did not open [1]."
    assert len(one(text, [passage]).contradictions) <= MAX_PER_SENTENCE


def test_a_region_is_widened_to_the_sentences_it_cuts():
    text = "First one. The word was used (i.e. people who could not speak it) there. Next."
    start, end = text.index("The"), text.index("(i.e") + 4
    assert text[slice(*whole_sentences(text, start, end))] == (
        "The word was used (i.e. people who could not speak it) there."
    )


def test_a_list_is_read_with_the_line_that_opens_it():
    # a line ending in a colon opens the lines after it: "include:" is what the list says
    text = "Cream of tartar.\nSome substitutes include:\nlemon juice\nwhite vinegar\nyogurt"
    start, end = text.index("lemon"), text.index("vinegar") + 7
    assert text[slice(*whole_sentences(text, start, end))] == (
        "Some substitutes include:\nlemon juice\nwhite vinegar\n"
    )


def test_a_later_line_of_a_list_is_read_with_the_lines_before_it():
    # a sentence running the list together speaks of every line: the region starting at the
    # list's third line reads from the line that opens it
    text = "Intro.\nSome effects are:\nA rise in costs\nA loss of trust[21]\nFewer workers\n"
    start, end = text.index("Fewer"), len(text)
    assert text[slice(*whole_sentences(text, start, end))] == (
        "Some effects are:\nA rise in costs\nA loss of trust[21]\nFewer workers\n"
    )


def test_lines_that_end_as_sentences_are_no_list_to_widen_over():
    text = "Some effects are:\nCosts rise.\nTrust is lost.\nFewer workers remain\n"
    start, end = text.index("Fewer"), len(text)
    assert text[slice(*whole_sentences(text, start, end))] == "Fewer workers remain\n"


def test_the_cheap_tests_let_through_what_a_check_can_find():
    # roles needs two mentions (capitalised words or nouns after a determiner)
    assert roles.mention_starts("The United States gave the statue to France.") >= 2
    assert roles.mention_starts("Salaries rose quickly last year.") == 1
    assert roles.mention_starts("salaries rose quickly last year.") == 0
    # strength needs a strong word or a superlative
    for text, strong in [
        ("All patients recover.", True),
        ("It is the largest lake.", True),
        ("Most patients recover.", False),
    ]:
        assert strength.may_find(text, lower_tokens(text)) is strong


def test_the_opposite_test_reads_the_whole_passage_for_words_that_are_no_key_term():
    # the check reads the region widened to whole sentences: its "most" may stand past the span
    # (the test reads the passage: a passage's table words are found once, not per region)
    text = "Four players scored over 40 points in the game. The teams set the most points record."
    p = Passage(position=1, text=text)
    tests = _Sentence(False, frozenset(), frozenset({stem(fold("most"))}), *[False] * 7)
    assert opposite.find in _checks(tests, p, (0, text.index(" The teams")))
    tests = _Sentence(False, frozenset(), frozenset({stem(fold("before"))}), *[False] * 7)
    assert opposite.find not in _checks(tests, p, (0, len(text)))


def test_a_passages_function_stems_are_kept_per_language():
    # Its stemmer makes them: "including" is "includ" in English, itself in German; a passage
    # read in one language again in another is stemmed anew.
    text = "Wages rose before the increases, including bonuses."
    for name in ("english", "german", "english"):
        with reading(LANGUAGES[name]):
            want = frozenset(function_stems(text, lower_tokens(text)))
            assert passage_function_stems(Passage(1, text)) == want
    with reading(LANGUAGES["german"]):
        assert "including" in passage_function_stems(Passage(1, text))


def test_the_exclusion_direction_covary_and_converse_readings_run_where_their_tests_say():
    text = "Sales rose from 6,400 to 8,100. Trials ran in Brazil."
    p = Passage(position=1, text=text)
    tests = _Sentence(False, frozenset(), frozenset(), False, False, True, True, True, True, False)
    assert exclusion.find in _checks(tests, p, (0, len(text)))
    assert direction.find in _checks(tests, p, (0, len(text)))
    assert covary.find in _checks(tests, p, (0, len(text)))
    assert converse.find in _checks(tests, p, (0, len(text)))
    # a region without a digit gives no figures in order
    assert direction.find not in _checks(tests, p, (text.index("Trials"), len(text)))
    tests = _Sentence(False, frozenset(), frozenset(), *[False] * 7)
    assert not {exclusion.find, direction.find, covary.find, converse.find} & set(
        _checks(tests, p, (0, len(text)))
    )


def test_the_years_reading_runs_for_a_sentence_giving_a_year_and_a_passage_with_digits():
    tests = _Sentence(False, frozenset(), frozenset(), *[False] * 7, years=True)
    with_digits = Passage(position=1, text="It came into force in 2018.")
    assert years.find in _checks(tests, with_digits, (0, len(with_digits.text)))
    without = Passage(position=1, text="It came into force last year.")
    assert years.find not in _checks(tests, without, (0, len(without.text)))
    assert years.find not in _checks(tests._replace(years=False), with_digits, (0, 10))


def _sentence_tests(mentions: int, compares: bool = False) -> _Sentence:
    empty: frozenset[str] = frozenset()
    return _Sentence(False, empty, empty, False, mentions, *[False] * 4, compares)


def test_a_sentence_of_one_thing_runs_the_instead_reading_where_its_region_may_deny():
    # "The tenant appealed" against "The tenant did not appeal; the landlord appealed"
    text = "The tenant did not appeal; the landlord appealed. Costs were reserved."
    p = Passage(position=1, text=text)
    assert instead.find in _checks(_sentence_tests(1), p, (0, len(text)))
    assert roles.find not in _checks(_sentence_tests(1), p, (0, len(text)))
    assert instead.find not in _checks(_sentence_tests(0), p, (0, len(text)))
    # a passage holding no cue cannot deny the thing's verb
    quiet = Passage(position=1, text="The landlord appealed. Costs were reserved.")
    assert instead.find not in _checks(_sentence_tests(1), quiet, (0, len(quiet.text)))
    assert {roles.find, instead.find} <= set(_checks(_sentence_tests(2), quiet, (0, 10)))


def test_the_comparison_reading_runs_for_a_sentence_and_a_passage_that_compare():
    compares = Passage(position=1, text="Dogs are larger than cats.")
    plain = Passage(position=1, text="Dogs are large. Cats are small.")
    assert comparison.find in _checks(_sentence_tests(0, True), compares, (0, 10))
    assert comparison.find not in _checks(_sentence_tests(0, True), plain, (0, 10))
    assert comparison.find not in _checks(_sentence_tests(0), compares, (0, 10))
