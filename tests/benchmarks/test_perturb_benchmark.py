"""The perturbation generator of benchmarks/perturb.py on hand-made claims (no data, no DB)."""

import json
import random
import re

import pytest

from benchmarks import perturb_words as w
from benchmarks.perturb import BASE
from benchmarks.perturbations import (
    KINDS,
    foreign_name,
    lemma_of_past,
    negation,
    number,
    opposite,
    perturb,
    roles,
    strength,
)

EVIDENCE = (
    "The Eiffel Tower in Paris was completed in 1889 by Gustave Eiffel's company. In 2006 "
    "Google acquired YouTube for 1.65 billion dollars; sales increased and some critics "
    "may object."
)
CLAIMS = [
    "The Eiffel Tower in Paris was completed in 1889.",
    "Google acquired YouTube in 2006 for 1.65 billion dollars.",
    "Sales increased after Google acquired YouTube, and some critics may object.",
    "Gustave Eiffel built the tower.",
]


def rng() -> random.Random:
    return random.Random(7)


def test_two_runs_give_the_same_changes():
    first = [perturb(c, EVIDENCE, f"id{i}") for i, c in enumerate(CLAIMS)]
    second = [perturb(c, EVIDENCE, f"id{i}") for i, c in enumerate(CLAIMS)]
    assert first == second
    assert {kind for changes in first for kind in changes} == set(KINDS)


def test_every_change_changes_the_claim_and_names_its_kind():
    for i, claim in enumerate(CLAIMS):
        for kind, change in perturb(claim, EVIDENCE, f"id{i}").items():
            assert change.kind == kind and change.original == claim
            assert change.text != claim


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("The tower was completed in 1889.", "The tower was not completed in 1889."),
        ("Cats can climb trees.", "Cats cannot climb trees."),
        ("She had two sons.", "She did not have two sons."),
        ("She has won twice.", "She has not won twice."),
        ("Milira released the album in 1990.", "Milira did not release the album in 1990."),
        ("Ludacris wrote the verse.", "Ludacris did not write the verse."),
        ("Milira sings the song.", "Milira does not sing the song."),
    ],
)
def test_negation(claim, expected):
    assert negation(claim, "", rng()).text == expected


def test_negation_leaves_a_negated_claim_alone():
    assert negation("The tower was not completed.", "", rng()) is None


@pytest.mark.parametrize(
    ("word", "lemma"),
    [
        ("created", "create"),
        ("started", "start"),
        ("stopped", "stop"),
        ("carried", "carry"),
        ("required", "require"),
        ("avoided", "avoid"),
        ("controlled", "control"),
        ("used", "use"),
    ],
)
def test_lemma_of_a_regular_past(word, lemma):
    assert lemma_of_past(word) == lemma


def test_opposite_swaps_a_word_for_its_antonym():
    change = opposite("Sales increased in the first year.", "", rng())
    assert change.text in (
        "Sales decreased in the first year.",
        "Sales increased in the last year.",
    )


def test_opposite_list_is_broad_and_symmetric_enough():
    assert len(w.ANTONYMS) >= 120  # 60+ pairs, both directions
    assert w.ANTONYMS["increase"] == "decrease" and w.ANTONYMS["decrease"] == "increase"


def test_opposite_leaves_names_alone():
    assert opposite("He lives on the Upper West Side.", "", rng()) is None


def test_roles_swaps_two_names_the_evidence_holds():
    change = roles("Google acquired YouTube in 2006.", EVIDENCE, rng())
    assert change.text == "YouTube acquired Google in 2006."


def test_roles_ignores_a_name_the_evidence_lacks():
    assert roles("Google acquired Vimeo.", EVIDENCE, rng()) is None


def test_roles_falls_back_to_key_nouns():
    change = roles("The lawyer questioned the witness.", "A lawyer and a witness.", rng())
    assert change.text == "The witness questioned the lawyer."


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("Critics may object.", "Critics must object."),
        ("Some critics object.", "All critics object."),
        ("Critics often object.", "Critics always object."),
        ("Paris is a capital.", "Paris is the only capital."),
        ("Paris is one of the capitals.", "Paris is the only one of the capitals."),
        ("The tower is tall.", "The tower is always tall."),
        ("Milira sings the song.", "Milira only sings the song."),
    ],
)
def test_strength(claim, expected):
    assert strength(claim, "", rng()).text == expected


def _numbers(text: str) -> set[str]:
    return set(re.findall(r"\d[\d,.]*\d|\d", text))


@pytest.mark.parametrize("seed", range(5))
def test_number_changes_a_number_to_one_the_evidence_lacks(seed):
    claim = "The Eiffel Tower was completed in 1889."
    evidence = "Completed in 1889; 1890 and 1888 were other years named, as was 1891."
    change = number(claim, evidence, random.Random(seed))
    (new,) = _numbers(change.text)
    assert new not in _numbers(evidence) and 1877 <= int(new) <= 1901
    assert change.text == claim.replace("1889", new)


def test_number_keeps_decimals_and_thousands():
    assert re.fullmatch(
        r"It cost \d\.\d\d billion\.", number("It cost 1.65 billion.", "", rng()).text
    )
    assert re.fullmatch(
        r"\d{1,2},\d{3} people came\.", number("12,000 people came.", "", rng()).text
    )


def test_number_skips_a_claim_without_numbers_and_names_with_digits():
    assert number("The tower is tall.", "", rng()) is None
    assert number("COVID-19 spread fast.", "", rng()) is None
    assert number("4. Turn on the diffuser.", "", rng()) is None


def test_a_capitalised_opener_the_evidence_writes_in_lower_case_is_no_name():
    evidence = "Independent filmmakers are independent."
    assert foreign_name("Independent filmmakers sell.", evidence, rng()) is None


def test_foreign_name_puts_in_a_name_no_passage_has():
    change = foreign_name("The Eiffel Tower is in Paris.", EVIDENCE, random.Random(1))
    new = change.what.split(" -> ")[1]
    assert new not in EVIDENCE and new in change.text
    if "Paris ->" in change.what:
        assert new in w.PLACES


def test_foreign_name_replaces_every_mention():
    change = foreign_name("Google bought it; Google paid.", "Google", rng())
    assert "Google" not in change.text and change.text.count(change.what.split(" -> ")[1]) == 2


def test_the_frozen_base_names_claims_once():
    frozen = json.loads(BASE.read_text(encoding="utf-8"))
    indices = [c["index"] for c in frozen["claims"]]
    assert indices == sorted(set(indices)) and len(frozen["sha256"]) == 64
    assert set(frozen["today"]) == set(KINDS)
