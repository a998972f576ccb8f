"""Hostile input: every one gets a report quickly, never an exception or super-linear time."""

import time

import pytest

from citations.engine import MAX_TEXT_CHARS, verify

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
    t0 = time.perf_counter()
    report = verify(text, EV)
    report.to_dict()
    assert time.perf_counter() - t0 < 3.0, name


def test_hostile_evidence():
    long_word = [{"text": "x" * 50_000}] * 200
    t0 = time.perf_counter()
    verify("x [1-200]. " * 2000, long_word)
    no_stops = [{"text": "leave " * 8_000}] * 200
    verify("Employees get leave [1-200]. " * 1000, no_stops)
    assert time.perf_counter() - t0 < 10.0


def test_growth_is_linear():
    unit = "Employees are entitled to annual leave [1]. "

    def run(k):
        t0 = time.perf_counter()
        verify(unit * k, EV)
        return time.perf_counter() - t0

    run(100)
    small, large = min(run(200) for _ in range(3)), min(run(2000) for _ in range(3))
    assert large < small * 10 * 3  # ten times the input, well under thirty times the time
