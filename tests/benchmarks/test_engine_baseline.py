"""The seed-000-style overlap that `make bench` times the engine against judges as seed 000 did."""

from collections import Counter
from itertools import islice

import pytest

from benchmarks import engine
from benchmarks.engine import VOCABULARY, copies, make_case, renamed, seed_overlap
from citations.engine.text.terms import ENGLISH, language_of

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


def test_each_copy_is_new_text_of_the_same_words_in_the_same_pattern():
    # The timed calls' passages are texts the process has not seen, of words it has.
    case = make_case(20, 10)
    copies = [renamed(case, k) for k in range(4)]
    assert copies[0] == case
    texts = [(text, *(p["text"] for p in passages)) for text, passages in copies]
    assert len(set(texts)) == 4 and len({t for each in texts for t in each}) == 4 * 11
    for text, passages in copies[1:]:
        assert {w.strip(".").lower() for w in text.split()[:3]} <= set(VOCABULARY)
        assert seed_overlap(text, passages) == seed_overlap(*case)
        assert [p["text"].count(".") for p in passages] == [p["text"].count(".") for p in case[1]]


def test_the_timed_copies_are_read_in_the_cases_language():
    # A passage's sample for the language once ended in a cut word ("con" of "contract"), and
    # 415 of the first 1,499 renamed copies of this English case read as Italian or Dutch;
    # the cut word no longer counts, so every copy is read as English and timed.
    case = make_case(20, 10)

    def language(copy):
        return language_of(copy[0], [p["text"] for p in copy[1]])

    assert language(case) is ENGLISH
    timed = list(islice(copies(case), 12))
    assert timed == [renamed(case, k) for k in range(1, 13)]
    assert all(language(copy) is ENGLISH for copy in timed)
    assert len({copy[0] for copy in timed}) == 12 and case not in timed


@pytest.mark.parametrize(("flags", "verify_calls", "seed_calls"), [([], 5, 1), (["--seed"], 2, 4)])
def test_the_callgrind_run_repeats_verify_or_with_seed_the_overlap(
    monkeypatch, flags, verify_calls, seed_calls
):
    # Each is called once while the shape is built (per-word memos warm; verify once more on
    # every word capitalised), then once on each of --calls new copies: no measured call's
    # texts were seen before.
    calls = Counter()
    texts = []

    def counted(name, fn):
        def call(text, passages):
            calls[name] += 1
            texts.append(passages[0]["text"])
            return fn(text, passages)

        return call

    monkeypatch.setattr(engine, "verify", counted("verify", engine.verify))
    monkeypatch.setattr(engine, "seed_overlap", counted("seed", engine.seed_overlap))
    argv = ["engine.py", "--callgrind", "5x2", "--calls", "3", *flags]
    monkeypatch.setattr("sys.argv", argv)

    engine.main()

    assert calls == {"verify": verify_calls, "seed": seed_calls}
    assert len(set(texts)) == 4  # the shape's, then three copies'
