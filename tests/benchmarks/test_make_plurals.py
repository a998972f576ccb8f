"""The irregular plurals table is regenerable from WordNet: `benchmarks/make_plurals.py` writes
the shipped file byte for byte where Debian's wordnet-base is installed."""

import pytest

from benchmarks import make_plurals

# key terms (stems, an irregular plural's its singular's) of the words below, all common but one
TENTHS = dict.fromkeys(("child", "woman", "live", "life", "cri", "crying", "media", "medium"), 50)
TENTHS |= {"walrus": 50, "focus": 50, "foci": 10, "die": 50, "dice": 50}
LEMMAS = {
    "noun": {"woman", "crying", "walrus"},
    "verb": {"live", "cry"},
    "adj": set(),
    "adv": set(),
}


def test_the_shipped_table_is_what_the_script_writes():
    if not (make_plurals.WORDNET / "noun.exc").exists():
        pytest.skip("no WordNet in /usr/share/wordnet (apt-get install wordnet-base)")
    assert make_plurals.table_text() == make_plurals.OUT.read_text(encoding="utf-8")


def test_plurals_the_stemmer_keeps_apart_with_one_common_singular_are_kept():
    exceptions = "\n".join(
        (
            "children child",
            "lives life",  # a verb's form too
            "crying cry",  # a participle
            "cryings crying",  # a regular plural of another noun
            "media medium",  # a noun of its own
            "walruses walrus",  # the stemmer joins them already
            "foci focus",  # rare
            "dice die dice",  # two singulars
        )
    )
    assert make_plurals.plurals(exceptions, LEMMAS, TENTHS) == [
        ("children", "child"),
        ("women", "woman"),  # the "-men" rule
    ]
