"""Hostile input: a report or a RejectedInput naming the limit; never super-linear.

Absolute time budgets for these inputs live in ``benchmarks/hostile.py`` (wall-clock
assertions fail on a busy machine); here growth is measured in function calls, not seconds.
"""

import sys

import pytest

from citations.engine import (
    MAX_CITATION_LINKS,
    MAX_CITATIONS_PER_SENTENCE,
    MAX_TEXT_CHARS,
    RejectedInput,
    verify,
)

EV = [{"text": "Employees are entitled to annual leave.", "law": "Labour Law", "article": "1"}] * 5
N = MAX_TEXT_CHARS

HOSTILE = {
    "open brackets": "[" * N,
    "close brackets": "]" * N,
    "unclosed lists": "[1," * (N // 3),
    "nested": "[[[[1]]]]" * (N // 9),
    "ranges": "a [1-5] " * (N // 8),
    "huge numbers": ("[" + "9" * 298 + "] ") * (N // 301),
    "long word": "x" * N,
    "long word with dot": "x" * (N - 2) + ". ",
    "dots": "." * N,
    "dotted": "a." * (N // 2),
    "spaces": " " * N,
    "newlines": "\n" * N,
    "NUL": "\x00" * N,
    "surrogates": "\ud800 \udfff " * (N // 4),
    "RTL": ("\u202e مرحبا بالعالم [1]. " * (N // 20))[:N],
    "combining": ("e" + "\u0301" * 50 + " ") * (N // 52),
    "digits": "1" * N,
    "digit groups": "1,0" * (N // 3),
    "legal spam": "[Labor Code, Art. 1] " * (N // 21),
    "distinct laws": "".join(f"[Law {i}, Art. {i}] " for i in range(N // 22)),
    "sentences": "Employees get leave [1]. " * (N // 25),
    "abbreviations": "e.g. " * (N // 5),
    "number words": "thirty-six " * (N // 11),
    "negations": "not " * (N // 4),
    "capitals": "Aaaa " * (N // 5),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_text_is_fast_and_safe(name):
    text = HOSTILE[name]
    assert len(text) <= MAX_TEXT_CHARS
    try:
        verify(text, EV).to_dict()
    except RejectedInput as error:
        # Thousands of citations in one run-on "sentence" are refused by name, at once.
        assert "MAX_CITATIONS_PER_SENTENCE" in str(error), name


def test_hostile_evidence_is_bounded_by_the_citation_limits():
    long_word = [{"text": "x" * 50_000}] * 200
    no_stops = [{"text": "leave " * 8_000}] * 200
    # 2,000 sentences citing 200 passages each: refused before any support work.
    with pytest.raises(ValueError, match="MAX_CITATION_LINKS"):
        verify("X [1-200]. " * 2000, long_word)
    with pytest.raises(ValueError, match="MAX_CITATION_LINKS"):
        verify("Employees get leave [1-200]. " * 1000, no_stops)
    # Just under the limit the work is done (its time: benchmarks/hostile.py).
    report = verify("Employees get leave [1-200]. " * (MAX_CITATION_LINKS // 200), no_stops)
    assert report.counts["unsupported"] == MAX_CITATION_LINKS // 200


def test_a_sentence_with_too_many_citations_is_refused_by_name():
    text = "Employees get leave " + "[1]" * (MAX_CITATIONS_PER_SENTENCE + 1) + "."
    with pytest.raises(ValueError, match="sentence 0 has 65 citations; MAX_CITATIONS_PER"):
        verify(text, EV)
    assert verify("Employees get leave " + "[1]" * MAX_CITATIONS_PER_SENTENCE + ".", EV).passed


def test_a_wide_range_repeated_in_a_long_sentence_is_rated_once():
    words = " ".join(f"term{i} {i}" for i in range(6000))
    evidence = [{"text": f"term{i} {i} and more"} for i in range(200)]
    report = verify(words[:90_000] + " [1-200]" * 48 + ".", evidence)
    (sentence,) = report.sentences
    # Thousands of its numbers are in no passage: unsupported, so no citation supports it,
    # though each carries terms; the 48 copies are rated once and read alike.
    assert sentence.status == "unsupported"
    assert {c.status for c in sentence.citations} == {"unsupported"}
    assert len({c.reason for c in sentence.citations}) == 1
    assert "and 5794 more are not in" in sentence.reason


def calls_made(text: str) -> int:
    """Python and C function calls made while verifying `text`: a count of work that, unlike
    seconds, a busy machine does not change."""
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(count)
    try:
        verify(text, EV)
    finally:
        sys.setprofile(None)
    return calls


def test_growth_is_linear():
    unit = "Employees are entitled to annual leave [1]. "
    calls_made(unit * 100)  # compiled patterns and caches out of the way
    small, large = calls_made(unit * 200), calls_made(unit * 2000)
    # Ten times the input: about ten times the calls (9.8 today); quadratic work would be ~100.
    assert small * 5 < large < small * 12


def test_a_passage_whose_words_are_all_in_its_title():
    # Found by hypothesis: a passage with no words in its text left the region search empty.
    report = verify(
        "Annual leave rules apply here [1].", [{"text": "---", "title": "Annual leave"}]
    )
    sentence = report.sentences[0]
    assert sentence.status == "unsupported"
    # The title heads every region of its passage: its terms count as found together.
    assert "only 2 of 4 key terms" in sentence.reason
