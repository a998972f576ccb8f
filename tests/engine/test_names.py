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
