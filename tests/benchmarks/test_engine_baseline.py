"""The seed-000-style overlap that `make bench` times the engine against judges as seed 000 did."""

from collections import Counter

import pytest

from benchmarks import engine
from benchmarks.engine import make_case, seed_overlap

PASSAGES = [
    {"text": "Overtime work is paid at one and a half times the normal wage."},
    {"text": "Annual leave lasts twenty working days for every employee."},
]


def test_a_sentence_is_supported_when_two_fifths_of_its_key_terms_stand_in_a_cited_passage():
    text = "Overtime work earns double wages [1]. Employees receive annual holidays [2]."

    assert seed_overlap(text, PASSAGES) == [True, False]


def test_any_cited_passage_may_support_and_a_range_cites_each_number():
    text = "Annual leave lasts twenty days [1, 2]. Annual leave lasts twenty days [1-2]."

    assert seed_overlap(text, PASSAGES) == [True, True]


def test_a_sentence_citing_nothing_or_out_of_range_is_unsupported():
    text = "Overtime work is paid at a higher wage. Overtime work is paid well [7]."

    assert seed_overlap(text, PASSAGES) == [False, False]


def test_it_reads_one_verdict_per_sentence_of_the_benchmark_shapes():
    text, passages = make_case(50, 10)

    verdicts = seed_overlap(text, passages)

    assert len(verdicts) == 50 and all(verdicts)


@pytest.mark.parametrize(("flags", "verify_calls", "seed_calls"), [([], 4, 1), (["--seed"], 1, 4)])
def test_the_callgrind_run_repeats_verify_or_with_seed_the_overlap(
    monkeypatch, flags, verify_calls, seed_calls
):
    # Each is called once while the shape is built (caches warm), then --calls times more.
    calls = Counter()

    def counted(name, fn):
        def call(*args, **kwargs):
            calls[name] += 1
            return fn(*args, **kwargs)

        return call

    monkeypatch.setattr(engine, "verify", counted("verify", engine.verify))
    monkeypatch.setattr(engine, "seed_overlap", counted("seed", engine.seed_overlap))
    argv = ["engine.py", "--callgrind", "5x2", "--calls", "3", *flags]
    monkeypatch.setattr("sys.argv", argv)

    engine.main()

    assert calls == {"verify": verify_calls, "seed": seed_calls}
