"""The digits-first shortcut of support.model.numbers_of against its plain definition (every
number key of the passages, in digits or words), whole reports compared, with numbers in both
the sentences and the passages."""

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from citations.engine import core, verify
from citations.engine.support import model
from citations.engine.text import numbers

WORDS = st.sampled_from(
    ["Employees", "get", "days", "of", "leave", "paid", "30", "thirty", "four", "4", "1,200",
     "1200", "14", "fourteen", "percent", "150", "2.5", "the", "and"]
)  # fmt: skip
TEXTS = st.lists(WORDS, min_size=1, max_size=10).map(" ".join)


def plain_numbers_of(numbers, passages):
    return frozenset().union(*(p.numbers for p in passages))


def reports(text, evidence, monkeypatch):
    fast = verify(text, evidence).to_dict()
    with monkeypatch.context() as patched:
        patched.setattr(model, "numbers_of", plain_numbers_of)
        patched.setattr(core, "numbers_of", plain_numbers_of)
        plain = verify(text, evidence).to_dict()
    return fast, plain


@settings(max_examples=200, deadline=None)
@given(
    st.lists(TEXTS, min_size=1, max_size=3),
    st.lists(TEXTS, min_size=1, max_size=3),
    st.sampled_from(["one", "range", "each"]),
)
def test_numbers_of_gives_the_reports_of_its_definition(sentences, texts, cites):
    evidence = [{"text": t} for t in texts]
    n = len(texts)
    marker = {"one": "[1]", "range": f"[1-{n}]", "each": "".join(f"[{k + 1}]" for k in range(n))}
    text = " ".join(f"{s} {marker[cites]}." for s in sentences)
    with pytest.MonkeyPatch.context() as monkeypatch:
        fast, plain = reports(text, evidence, monkeypatch)
    assert fast == plain


def test_a_number_in_words_is_found_past_the_digits(monkeypatch):
    evidence = [{"text": "Employees get 30 days and four weeks of leave."}]
    fast, plain = reports("Employees get 30 days and 4 weeks of leave [1].", evidence, monkeypatch)
    assert fast == plain
    assert fast["sentences"][0]["status"] == "verified"


# Pieces of times, dates and near misses: month names inside words, am/pm and Uhr, separators.
TIME_PIECES = st.sampled_from(
    ["9", "09", "12", "2024", "1889", "03", "31", ":", ".", "-", " ", "a.m.", "am", "PM",
     "p. m", "Uhr", "March", "mar", "market", "May", "of", "12th", ",", "\u0663",
     "\u0661\u0669\u0668\u0669"]
)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.tuples(TIME_PIECES, st.sampled_from(["", " "])), max_size=10).map(
        lambda pieces: "".join(piece + gap for piece, gap in pieces)
    )
)
@example("On 12 March 2024.")
@example("Signed March 12, 2024 in the market.")
@example("The 3rd of May 1889.")
@example("Due 2024-03-12.")
@example("Opens 9 a.m. daily.")
@example("Closes 17.30 Uhr; the market's 9.30 is a number.")
def test_the_time_and_date_pre_check_never_skips_one(text):
    # The definition: every date and time the full scans find, with no pre-check.
    with_scans = []
    for m in numbers._DATE_RE.finditer(text):
        if (date := numbers._date(m)) is not None:
            with_scans.append(date)
    for m in numbers._TIME_RE.finditer(text):
        inside = any(v.start <= m.start() < v.end for v in with_scans)
        if not inside and (time := numbers._time(m)) is not None:
            with_scans.append(time)
    assert numbers._times_and_dates(text) == sorted(with_scans, key=lambda v: v.start)
