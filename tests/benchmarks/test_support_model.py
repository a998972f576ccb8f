"""The support model is regenerable from the repository: `benchmarks/fit_support.py --check`,
run in the suite on the pinned AttributionBench dev file (CI has it beside the checkout)."""

import json

import pytest

from benchmarks import fit_support
from benchmarks.attribution import DEFAULT_DATA


@pytest.mark.once
def test_fitting_on_the_pinned_data_regenerates_the_model_file_byte_for_byte():
    if not DEFAULT_DATA.exists():
        pytest.skip(f"no labelled data at {DEFAULT_DATA}: the model's refit is not checked")
    assert fit_support.data_problem(DEFAULT_DATA) == ""
    assert fit_support.model_text(DEFAULT_DATA) == fit_support.MODEL.read_text(encoding="utf-8")


def test_the_model_pins_the_data_and_another_file_is_refused(tmp_path):
    pinned = json.loads(fit_support.MODEL.read_text(encoding="utf-8"))["data_sha256"]
    assert len(pinned) == 64
    other = tmp_path / "other.jsonl"
    other.write_text('{"claim": "x"}\n', encoding="utf-8")
    problem = fit_support.data_problem(other)
    assert "is not the file the model was fitted on" in problem and pinned in problem
    assert fit_support.data_problem(other, new_data=True) == ""
    assert fit_support.data_problem(tmp_path / "absent.jsonl").startswith("no data at")
