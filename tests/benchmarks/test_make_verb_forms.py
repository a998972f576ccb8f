"""The irregular verb forms table is regenerable from WordNet: `benchmarks/make_verb_forms.py`
writes the shipped file byte for byte where Debian's wordnet-base is installed."""

import pytest

from benchmarks import make_verb_forms

TENTHS = {term: 50 for term in ("rise", "rose", "risen", "lay", "laid", "lie", "won", "win")}


def test_the_shipped_table_is_what_the_script_writes():
    if not (make_verb_forms.WORDNET / "verb.exc").exists():
        pytest.skip("no WordNet in /usr/share/wordnet (apt-get install wordnet-base)")
    assert make_verb_forms.table_text() == make_verb_forms.OUT.read_text(encoding="utf-8")


def test_forms_the_stemmer_keeps_apart_with_one_common_base_are_kept():
    exceptions = "\n".join(
        (
            "rose rise",
            "risen rise",
            "abetted abet",  # the stemmer joins them already
            "appalled appal appall",  # spelling variants
            "laid lay",
            "lay lie",  # a verb of its own, with a common form ("laid")
            "wonned won",  # stemmed as "won": no form of its own
            "won win",
            "rent rend",  # "rend" is rare
            "was be",  # a stop-word
        )
    )
    assert make_verb_forms.forms(exceptions, TENTHS) == [
        ("laid", "lay"),
        ("risen", "rise"),
        ("rose", "rise"),
        ("won", "win"),
    ]
