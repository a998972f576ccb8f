from citations.engine.text.terms import LANGUAGES, reading
from citations.engine.text.words import words_of


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
