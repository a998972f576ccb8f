"""Every verdict of the golden corpus (benchmarks/golden.py) is the one committed: a change
fails here until the corpus is regenerated in a commit that lists the changes."""

import warnings

import pytest

from benchmarks import golden

FIX = (
    "\nIf these changes are intended: `make golden` (python benchmarks/golden.py --regenerate) "
    "rewrites tests/engine/golden/reports.jsonl; commit it with the changes it prints."
)


@pytest.mark.once
def test_the_engine_reports_what_the_golden_corpus_holds():
    changes = golden.check()
    for skipped in changes.skipped:
        warnings.warn(skipped, stacklevel=1)
    assert not changes.changed, changes.text() + FIX


def test_a_changed_verdict_is_printed_with_its_sentence_and_both_reasons():
    case = {"text": "Employees get 30 days of paid annual leave [1].", "evidence": [{"text": "x"}]}
    new = golden.outcome("tests", case)
    old = {**new.stored(), "sha256": "0" * 64, "statuses": "v", "reasons": ["it was fine"]}
    changes = golden.compare({new.case: old}, [new], shown=5)
    assert changes.changed == 1
    assert changes.lines[1:4] == [
        "  sentence 0 'Employees get 30 days of paid annual leave [1].': verified -> unsupported",
        "    old: it was fine",
        f"    new: {new.reasons[0]}",
    ]
    assert changes.lines[-1] == "tests: 1 changed, 1 verified -> unsupported"


def test_an_unchanged_report_is_identical_and_a_missing_one_counted():
    case = {"text": "Heading", "evidence": []}
    same = golden.outcome("random", case)
    assert golden.compare({same.case: same.stored()}, [same], shown=5).changed == 0
    gone = golden.compare({same.case: same.stored()}, [], shown=5)
    assert gone.changed == 1 and gone.lines == ["random: 1 removed"]
