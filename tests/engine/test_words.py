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
