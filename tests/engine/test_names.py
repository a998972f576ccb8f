"""Names a sentence mentions (text.names): which capitalised words count."""

from citations.engine.text.names import find_names


def shown(text):
    return [n.shown for n in find_names(text, astral=False)]


def test_a_name_alone_in_brackets_is_a_name():
    assert shown("Mining databases for degradation genes (Crowhurst) can help.") == ["Crowhurst"]
    assert shown("The model (Kestrel Society) was fitted.") == ["Kestrel Society"]


def test_an_abbreviation_or_an_aside_in_brackets_is_none():
    # "(AI)" abbreviates the words before it; an aside's first word is capitalised as any
    # sentence's first word is.
    assert shown("Artificial intelligence (AI) can help.") == []
    assert shown("Titanium dioxide (TiO2) is stable.") == []
    assert shown("It was fitted (See the appendix) twice.") == []


def test_a_capital_after_a_semicolon_or_a_dash_inside_a_line_is_a_name():
    # neither opens a sentence: "Jones" is a name as inside any clause
    assert shown("Smith did not appeal; Jones appealed.") == ["Jones"]
    assert shown("Smith did not appeal \u2014 Jones appealed.") == ["Jones"]
    assert shown("Smith did not appeal\u2014Jones appealed.") == ["Jones"]
    assert shown("Smith did not appeal - Jones appealed.") == ["Jones"]


def test_a_sentence_start_after_a_colon_a_list_dash_or_in_a_compound_is_none():
    assert shown("Results: Sales grew.") == []
    assert shown("- Sales grew.") == []
    assert shown("Prices:\n- Sales grew.") == []
    # a hyphen right after a word joins a compound: its second part starts no name alone
    assert shown("The firm Rolls-Royce grew.") == ["Rolls"]
