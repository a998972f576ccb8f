from citations.engine import verify
from citations.engine.text.terms import LANGUAGES, reading
from citations.engine.text.words import between, outward, words_of


def test_words_keep_offsets_stop_words_and_stems():
    text = "The tower was not completed in 1889."
    words = words_of(text)
    assert [w.text for w in words] == ["The", "tower", "was", "not", "completed", "in", "1889"]
    assert all(text[w.start : w.end] == w.text for w in words)
    negation = words[3]
    assert (negation.folded, negation.term) == ("not", "")  # a stop-word: no key term
    assert words[4].stem == words[4].term == "complet"
    assert words[6].term == ""  # numbers are not key terms


def test_words_fold_case_and_accents():
    [word] = words_of("Misérables")
    assert word.folded == "miserables"


def test_a_words_stem_is_its_languages_whatever_was_read_before():
    # The forms are remembered per language: an English reading of a word first must not
    # hand its English stem to a German reading (a report would depend on what the same
    # process verified earlier).
    with reading(LANGUAGES["english"]):
        (english,) = words_of("Verträgen")
    with reading(LANGUAGES["german"]):
        (german,) = words_of("Verträgen")
    assert german.stem == LANGUAGES["german"].stem("vertragen")
    assert german.stem != english.stem


def test_the_marks_inside_a_number_end_nothing_between_its_words():
    text = "Sales of 8.1 million, 1,200 units. Next"
    w = words_of(text)
    assert [x.text for x in w[2:6]] == ["8", "1", "million", "1"]
    assert between(text, w[2].end, w[3].start) == ""  # "8.1"
    assert between(text, w[4].end, w[5].start) == ", "  # a clause's comma has its space
    assert between(text, w[5].end, w[6].start) == ""  # "1,200"
    assert between(text, w[1].end, w[8].start) == " 81 million, 1200 units. "  # across words
    assert between(text, w[7].end, w[8].start) == ". "


def test_a_decimal_ends_no_sentence_of_a_strength_quote():
    sentence = "Globex is the largest retailer in Berlin [1]."
    passage = "Globex posted sales of 8.1 million dollars in 2022. It opened a store in Berlin."
    [s] = verify(sentence, [{"text": passage}]).sentences
    [c] = s.contradictions
    assert c.kind == "strength"
    assert c.passage_text.startswith("Globex posted sales of 8.1")


def test_outward_walks_to_a_break_or_the_most_asked():
    text = "One two, three four five. Six"
    w = words_of(text)
    assert list(outward(text, w, 2, 1, 5, frozenset("."))) == [3, 4]  # stops at the full stop
    assert list(outward(text, w, 2, -1, 5, frozenset(","))) == []  # the comma before "three"
    assert list(outward(text, w, 4, -1, 2, frozenset("."))) == [3, 2]  # at most two
