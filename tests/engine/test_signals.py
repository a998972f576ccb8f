"""The one list of signals (support.signals) and what is derived from it or checked against it:
the model file, the ideal values, the reasons' phrases, the README; and the one verdict rule."""

import json
from pathlib import Path

import pytest

from citations.engine import verify
from citations.engine.support import model
from citations.engine.support.contradiction import Contradiction
from citations.engine.support.signals import IDEAL, NAMES, SIGNALS
from citations.engine.verdict import reasons, rules

README = Path(__file__).resolve().parents[2] / "README.md"


def test_names_are_distinct_and_every_signal_has_a_meaning():
    assert len(set(NAMES)) == len(NAMES)
    assert all(s.meaning.strip().endswith(".") for s in SIGNALS)


def test_the_model_file_is_fitted_on_the_listed_signals():
    assert json.loads(model.MODEL_FILE.read_text("utf-8"))["features"] == list(NAMES)
    assert tuple(model.WEIGHTS) == NAMES


def test_a_model_file_of_other_signals_is_refused_on_load(tmp_path):
    fitted = json.loads(model.MODEL_FILE.read_text("utf-8"))
    fitted["features"] = [*fitted["features"][:-1], "something_new"]
    path = tmp_path / "support_model.json"
    path.write_text(json.dumps(fitted), "utf-8")
    with pytest.raises(RuntimeError, match=r"something_new.*refit it"):
        model._load(path)


def test_every_signal_is_in_the_reports_with_its_ideal_the_best_value():
    evidence = [{"text": "Employees are entitled to 30 days of paid annual leave each year."}]
    (sentence,) = verify("Employees get 30 days of paid annual leave [1].", evidence).sentences
    assert tuple(sentence.signals) == NAMES
    assert set(IDEAL) == set(NAMES)
    assert all(dict(model.shortfalls(IDEAL)).get(name) is None for name in NAMES)


def test_every_signal_has_a_phrase_or_is_listed_as_phrase_less():
    assert set(reasons._PHRASES) == set(NAMES)


def test_the_readme_names_every_signal():
    text = README.read_text("utf-8")
    missing = [name for name in NAMES if f"`{name}`" not in text]
    assert not missing, f"README.md does not name the signals {missing}"


def _grounds(support=0.9, missing_numbers=(), key_terms=1.0):
    found = {"key_terms": key_terms}
    return model.Grounds(
        [], frozenset(), frozenset(), frozenset(), {}, [], list(missing_numbers), [], found, support
    )


def test_one_rule_decides_the_verdict():
    assert rules.holds(_grounds(0.5), 0.5)
    assert not rules.holds(_grounds(0.499), 0.5)
    assert not rules.holds(_grounds(0.9), 0.5, ["a citation does not resolve"])
    assert not rules.holds(_grounds(0.9, ["a missing number"]), 0.5)
    assert not rules.holds(_grounds(0.9, key_terms=0.0), 0.5)  # nothing to support
    contradicted = _grounds(0.9)
    contradicted.contradictions = [
        Contradiction("negation", (0, 9), 1, (0, 5), "was not done", "was done")
    ]
    assert not rules.holds(contradicted, 0.5)
    assert [veto.name for veto in rules.VETOES] == ["contradiction", "missing_numbers"]


def test_a_missing_number_vetoes_the_sentence_and_its_repair_whatever_the_score():
    evidence = [
        {"text": "Employees are entitled to 30 days of paid annual leave each year."},
        {"text": "Employees are entitled to 14 days of paid annual leave each year."},
    ]
    # At a cut of 0 every score reaches it: only a veto makes a sentence unsupported.
    (sentence,) = verify(
        "Employees get 14 days of annual leave [1].", evidence, threshold=0.0
    ).sentences
    assert sentence.status == "unsupported"
    assert sentence.reason == (
        "support 0.352 reaches the 0.000 cut, but the sentence says 14 days; "
        "passage [1] says 30 days"
    )
    assert [s.evidence for s in sentence.suggestions] == [[2]]
    (wrong,) = verify(
        "Employees get 31 days of annual leave [1].", evidence, threshold=0.0
    ).sentences
    assert wrong.status == "unsupported" and wrong.suggestions == []
