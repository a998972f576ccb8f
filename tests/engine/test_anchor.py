"""The anchor rule: a sentence whose numbers stand in one sentence of its cited passage with all
its key terms but the verb reporting them is verified, whatever its score."""

import pytest

from citations.engine import DEFAULT_THRESHOLD, verify

SALES = "Globex posted sales of 8.1 million dollars in 2022, up from 6.4 million dollars in 2021."


def _one(text: str, passage: str = SALES):
    return verify(text, [{"text": passage}]).sentences[0]


@pytest.mark.parametrize("marker", ["", "- ", "* ", "1. "])
def test_numbers_with_their_nouns_verify_a_paraphrase_missing_its_verb(marker):
    s = _one(marker + "Sales hit 8.1 million dollars in 2022 [1].")
    assert s.support < DEFAULT_THRESHOLD  # the score alone would flag it
    assert s.status == "verified" and s.decided_by == "support"
    assert s.reason == (
        "its numbers (8.1 million, 2022) and 'sales' and 'dollars' stand together in one "
        f"sentence of passage [1]: '{SALES}'; only the reporting verb 'hit' is not there "
        f"(support {s.support:.3f} counts it missing)"
    )
    assert "cut" not in s.reason and s.summary == "Passage [1] supports it"
    assert s.citations[0].status == "verified"


@pytest.mark.parametrize(
    "text",
    [
        "Sales hit 9.1 million dollars in 2022 [1].",  # a changed number
        "Sales hit 8.1 million dollars in 2021 [1].",  # the numbers paired otherwise
        "Sales hit 6.4 million dollars in 2022 [1].",
        "Sales hit 8.1 million euros in 2022 [1].",  # a noun the passage lacks
        "Initech posted sales of 8.1 million dollars in 2022 [1].",  # a foreign name
        "Sales fell to 8.1 million dollars in 2022 [1].",  # a verb saying which way
        "Sales exceeded 8.1 million dollars in 2022 [1].",
        "Sales did not hit 8.1 million dollars in 2022 [1].",  # a negation
    ],
)
def test_no_anchor_for_what_the_passage_does_not_say(text):
    assert _one(text).status == "unsupported"


def test_no_anchor_without_numbers():
    s = _one("Sales hit a record in 2022 at Globex [1].", "Globex posted record sales.")
    assert s.status == "unsupported"


def test_grounds_built_without_a_claim_have_no_anchor():
    from citations.engine.support.model import Grounds

    grounds = Grounds([], frozenset(), frozenset(), frozenset(), {}, [], [], [], {}, 0.1)
    assert grounds.anchor() is None


def test_a_sentence_of_no_key_terms_is_not_verified_whatever_its_score():
    s = _one("It is so [1].", "Anything at all happened in 1995.")
    assert s.status == "unsupported" and s.decided_by == "support"
    assert s.reason.endswith("it has no key terms, nothing passage [1] could support")
    assert "reaches" not in s.reason
