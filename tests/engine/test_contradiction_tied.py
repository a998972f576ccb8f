"""The opposite a passage says outside the region read, of the very thing the sentence names."""

from citations.engine import verify
from citations.engine.support.contradiction.tied import MAX_CHARS

# Sentences between the passage's far sentence and the region the sentence matches: farther
# than the region search's window of three segments.
_BETWEEN = (
    "The stain was described in 1906. It is used in many laboratories. Slides are read under "
    "oil. Technicians are trained for years. "
)
# The sentence of most cases: "chronic" where the passage's far sentence says "Acute".
_CHRONIC = (
    "Auer rods are seen in chronic promyelocytic leukemia and in the myeloid blasts of acute "
    "leukemias [1]."
)


def one(text, passage):
    [sentence] = verify(text, [{"text": passage}]).sentences
    return sentence


def quotes(sentence):
    return [(c.sentence_text, c.passage_text) for c in sentence.contradictions]


def test_the_opposite_of_the_same_thing_elsewhere_in_the_passage_contradicts():
    passage = (
        "Acute promyelocytic leukemia is known to show many Auer rods. "
        + _BETWEEN
        + "Auer rods are classically seen in the myeloid blasts of acute leukemias."
    )
    s = one(_CHRONIC, passage)
    assert s.status == "unsupported"
    assert quotes(s) == [("chronic", "Acute")]
    assert "the sentence says 'chronic'; passage [1] says 'Acute'" in s.reason


def test_the_same_words_read_in_the_region_are_not_read_again():
    passage = "Auer rods are classically seen in acute promyelocytic leukemia."
    s = one("Auer rods are classically seen in acute promyelocytic leukemia [1].", passage)
    assert s.status == "verified" and s.contradictions == []


def test_a_passage_saying_the_sentences_word_of_the_same_thing_too_agrees():
    passage = (
        "Acute promyelocytic leukemia is known to show many Auer rods. "
        + _BETWEEN
        + "Chronic promyelocytic leukemia is rarer. "
        + _BETWEEN
        + "Auer rods are classically seen in the myeloid blasts of acute leukemias."
    )
    s = one(_CHRONIC, passage)
    assert s.contradictions == []


def test_one_word_in_common_tells_the_topic_not_the_thing():
    # "acute myeloid leukemia" shares only "leukemia" with "chronic promyelocytic leukemia"
    passage = (
        "Acute myeloid leukemia is known to show many Auer rods. "
        + _BETWEEN
        + "Auer rods are classically seen in the myeloid blasts of acute leukemias."
    )
    s = one(_CHRONIC, passage)
    assert s.contradictions == []


def test_an_opposite_that_is_no_key_term_is_not_read_outside_the_region():
    # "more" and "less" qualify anything: far from the region, no tie to the sentence's things
    passage = (
        "Less severe symptoms are treated at home. "
        + _BETWEEN
        + "Patients recover within two weeks of treatment at the clinic."
    )
    s = one("Patients with more severe symptoms recover within two weeks [1].", passage)
    assert s.contradictions == []


def test_beside_a_key_term_read_so_a_word_that_is_none_is_not():
    passage = (
        "Acute promyelocytic leukemia is known to show many Auer rods. "
        + _BETWEEN
        + "Less severe cases are treated at home. "
        + _BETWEEN
        + "Auer rods are classically seen in the myeloid blasts of acute leukemias."
    )
    s = one(
        "Auer rods are seen in chronic promyelocytic leukemia and, in more severe cases, in the "
        "myeloid blasts of acute leukemias [1].",
        passage,
    )
    assert quotes(s) == [("chronic", "Acute")]


def test_a_passage_longer_than_a_region_is_not_read_whole():
    far = "Acute promyelocytic leukemia is known to show many Auer rods. "
    region = "Auer rods are classically seen in the myeloid blasts of acute leukemias."
    filler = _BETWEEN * (MAX_CHARS // len(_BETWEEN) + 1)
    s = one(_CHRONIC, far + filler + region)
    assert s.contradictions == []
