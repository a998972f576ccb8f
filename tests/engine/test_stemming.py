"""Snowball stemming per language, the language told per call, and paraphrases it verifies."""

import pytest

from citations.engine import DEFAULT_THRESHOLD, verify
from citations.engine.text import terms
from citations.engine.text.terms import ENGLISH, LANGUAGES, language_of, reading, terms_of

MARGIN = 0.05


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("english", "transparency transparently transparent"),
        ("english", "released releases release releasing"),
        ("english", "reported reporting reports"),
        ("english", "child children Children"),  # irregular plurals: data/plurals_en.tsv
        ("english", "woman women"),
        ("english", "criterion criteria"),
        ("german", "Vertrag Verträge Verträgen Vertrages"),
        ("german", "Kündigung Kündigungen"),
        ("french", "contrat contrats"),
        ("french", "obligation obligations"),
        ("spanish", "contrato contratos"),
        ("spanish", "obligación obligaciones"),
        ("italian", "contratto contratti"),
        ("italian", "obbligazione obbligazioni"),
        ("dutch", "overeenkomst overeenkomsten"),
        ("dutch", "verplichting verplichtingen"),
    ],
)
def test_forms_of_a_word_meet_in_their_language(language, words):
    with reading(LANGUAGES[language]):
        stems = {frozenset(terms_of(word)) for word in words.split()}
    assert len(stems) == 1, stems


def test_an_english_irregular_plural_is_no_plural_in_another_language():
    with reading(LANGUAGES["dutch"]):
        assert terms_of("men") != terms_of("man")  # Dutch "men" is "one"


def test_a_sentence_naming_the_singular_finds_the_irregular_plural():
    [s] = verify(
        "A child needs a passport to travel abroad [1].",
        [{"text": "Children need a passport to travel abroad."}],
    ).sentences
    assert s.status == "verified"
    assert "found together" in s.reason


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Der Vertrag ist nichtig, und die Verträge sind aufzuheben.", "german"),
        ("Le contrat est nul et les contrats sont résiliés.", "french"),
        ("El contrato es nulo y los contratos se resuelven.", "spanish"),
        ("Il contratto è nullo e i contratti della società sono risolti.", "italian"),
        ("De overeenkomst is nietig en de overeenkomsten van het bedrijf.", "dutch"),
        ("The contract is void and the contracts are rescinded.", "english"),
        ("Globex Acme", "english"),  # no stop-words at all
    ],
)
def test_language_is_told_by_stop_words(text, language):
    assert language_of(text).name == language


def test_italian_and_dutch_stop_words_stay_english_key_terms():
    # "come" and "van" are Italian and Dutch stop-words, and English words.
    assert terms_of("come van") == {"come", "van"}
    with reading(LANGUAGES["dutch"]):
        assert terms_of("van") == set()


def test_cannot_is_can_not_and_no_key_term():
    # "can" and "not" are stop-words: written as one word they are no term a passage must hold
    assert terms_of("The contract cannot be terminated") == terms_of(
        "The contract can be terminated"
    )
    [s] = verify(
        "The contract cannot be terminated before 2026 [1].",
        [{"text": "The contract may not be terminated before 2026."}],
    ).sentences
    assert s.status == "verified"


def test_a_german_answer_meets_its_inflected_passage():
    passage = "Der Käufer kann von allen Verträgen zurücktreten, wenn die Lieferung ausbleibt."
    report = verify("Der Käufer kann von dem Vertrag zurücktreten [1].", [{"text": passage}])
    assert report.sentences[0].signals["coverage"] == 1.0


def _support(text: str, passage: str) -> float:
    report = verify(text, [{"text": passage}])
    return report.sentences[0].support


def test_derivational_paraphrase_is_verified_with_a_margin():
    passage = (
        "In exercising their rights and performing their obligations, the parties to a "
        "contract are persons who shall act honestly and transparently."
    )
    evidence = [{"text": passage, "law": "Civil Code", "article": "12"}]
    text = "The parties shall act honestly and with transparency (Art. 12 Civil Code)."
    sentence = verify(text, evidence).sentences[0]
    assert sentence.status == "verified"
    assert sentence.support >= DEFAULT_THRESHOLD + MARGIN


SALES = "Globex posted sales of 8.1 million dollars in 2022, up from 6.4 million dollars in 2021."


@pytest.mark.parametrize("marker", ["- ", "* ", "1. ", "> "])
def test_a_list_item_scores_as_the_plain_sentence(marker):
    plain = "Sales hit 8.1 million dollars in 2022 [1]"
    assert _support(marker + plain, SALES) == _support(plain, SALES)


def test_a_table_row_is_a_claim_whose_cells_are_words():
    report = verify("| Sales | 8.1 million dollars | 2022 [1] |", [{"text": SALES}])
    sentence = report.sentences[0]
    assert sentence.status == "verified"
    assert sentence.signals["coverage"] == 1.0
    assert sentence.signals["missing_numbers"] == 0.0


# A name of no language's stop-words, nor are its first letters: only the words at the cut
# can tell a language.
FILLER = "Zork "


def _cut_inside(word: str, limit: int, at: int) -> str:
    """Names, then ``word`` from character ``limit - at``: the limit falls after its
    ``at``-th letter."""
    names = (FILLER * (limit // len(FILLER) + 1))[: limit - at - 1]
    return f"{names} {word} Globex."


@pytest.mark.parametrize(
    ("word", "at"),  # cut to a Spanish, Italian, Dutch or French stop-word
    [("contract", 3), ("delivery", 3), ("vanished", 3), ("decided", 2)],
)
def test_a_word_cut_by_a_passage_sample_limit_does_not_count(word, at):
    passage = _cut_inside(word, terms._PASSAGE_SAMPLE_CHARS, at)
    assert passage[terms._PASSAGE_SAMPLE_CHARS - at :].startswith(word)

    assert language_of("Globex.", [passage]) is ENGLISH


def test_a_word_cut_by_the_answer_sample_limit_does_not_count():
    text = _cut_inside("contract", terms._SAMPLE_CHARS, 3)

    assert language_of(text) is ENGLISH


def test_a_non_ascii_word_cut_by_the_limit_does_not_count():
    # The limit falls after "de" of "deürnamen" (invented): "de" is a French and Dutch word.
    passage = _cut_inside("deürnamen", terms._PASSAGE_SAMPLE_CHARS, 2).replace("Zork", "Zörk")

    assert language_of("Globex.", [passage]) is ENGLISH


@pytest.mark.parametrize(
    "passage",
    [
        (FILLER * 20)[: terms._PASSAGE_SAMPLE_CHARS - 4] + " con",  # ends at the limit
        _cut_inside("con", terms._PASSAGE_SAMPLE_CHARS, 3),  # cut just after it
        FILLER + "con",  # shorter than the limit
    ],
)
def test_a_whole_word_at_or_before_the_limit_still_counts(passage):
    assert language_of("Globex.", [passage]).name == "spanish"
