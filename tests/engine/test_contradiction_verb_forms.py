"""Irregular verb forms meet their verb in the negation and opposite checks ("rose" is "rise"),
not in the support score."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction.negation import find
from citations.engine.support.contradiction.verb_forms import same_verb, verb_terms
from citations.engine.text.terms import LANGUAGES, reading
from tests.engine.readings import quoting

negation = quoting(find, "negation")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        ("Revenue rose.", "Revenue did not rise.", "Revenue rose", "did not rise"),
        ("Revenue did not rise.", "Revenue rose.", "did not rise", "Revenue rose"),
        (
            "The tenant paid the rent.",
            "The tenant did not pay the rent.",
            "tenant paid",
            "did not pay",
        ),
        ("Sales have not fallen.", "Sales fell.", "have not fallen", "Sales fell"),
        ("Globex bought Initech.", "Globex never bought Initech.", "Globex bought", "never bought"),
        ("The team won the final.", "The team did not win the final.", "team won", "did not win"),
        (
            "The court held the clause void.",
            "The court did not hold the clause void.",
            "court held",
            "did not hold",
        ),
    ],
)
def test_an_irregular_form_meets_its_verb_denied(sentence, region, said, told):
    assert negation(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # a form past the word a negation denies first is no verb it denies
        (
            "However, when someone is shocked by an AED, they may only show a very slight "
            "shoulder shrug or movement, not the dramatic movements seen in movies.",
            "When someone is shocked by an AED you may see a very slight shoulder shrug or "
            "movement, but their arms and legs will not shoot up like in the movies.",
        ),
        # nor does a form assert such a word ("leave" the noun, after "entitled")
        ("Employees are not entitled to leave.", "Employees left the building early."),
    ],
)
def test_a_form_meets_only_the_word_a_negation_denies_first(sentence, region):
    assert negation(sentence, region) == []


def test_the_sentence_s_word_said_in_an_irregular_form_is_no_opposite():
    # the region says the sentence's "rise" ("rose") of summer, its opposite of winter
    [s] = verify(
        "Prices rise in summer [1].", [{"text": "Prices rose in summer and fell in winter."}]
    ).sentences
    assert s.contradictions == []


def test_the_sentence_of_issue_21_is_unsupported_quoting_both_sides():
    [s] = verify("Revenue rose [1].", [{"text": "Revenue did not rise."}]).sentences
    assert s.status == "unsupported"
    assert [c.kind for c in s.contradictions] == ["negation"]
    assert s.reason.startswith("the sentence says 'Revenue rose'; passage [1] says 'did not rise'")
    assert "supports" not in s.reason


def test_the_support_score_keeps_its_own_terms():
    [s] = verify("Revenue rose [1].", [{"text": "Revenue did not rise."}]).sentences
    assert "rose" in s.missing_terms


def test_forms_are_english_only():
    assert verb_terms(["rose", "fell", "revenue"]) == ["rise", "fall", "revenue"]
    assert same_verb("rose") == same_verb("rise") >= {"rise", "rose", "risen"}
    with reading(LANGUAGES["german"]):
        assert verb_terms(["fell"]) == ["fell"]
        assert same_verb("fell") == {"fell"}
