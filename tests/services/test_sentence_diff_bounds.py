"""The sentence diff is bounded: its work grows linearly with the answer whatever the text,
and it is computed once, when a revision is stored, never again by a view."""

import sys

import pytest

from citations.domain import diff
from citations.domain.diff import sentence_alignment, sentence_diff
from citations.services import answer_revise
from tests.factories import make_answer


def report(texts):
    return {"sentences": [{"text": t, "status": "neutral"} for t in texts]}


# Texts that made the old difflib diff quadratic: repeated sentences, few distinct ones.
SHAPES = {
    "one sentence repeated": lambda n: (["Yes."] * n, ["Yes."] * (n - 1) + ["No."]),
    "two alternating": lambda n: (
        ["A." if i % 2 else "B." for i in range(n)],
        ["B." if i % 2 else "A." for i in range(n)],
    ),
    "small vocabulary": lambda n: (
        [f"S{i % 7}." for i in range(n)],
        [f"S{(i * 3) % 5}." for i in range(n)],
    ),
    "unique, one changed": lambda n: (
        [f"S{i}." for i in range(n)],
        [f"S{i}." if i != n // 2 else "Changed." for i in range(n)],
    ),
}


class Counted(str):
    """A sentence text that counts the hashes and comparisons the alignment asks of it."""

    calls = 0

    def __hash__(self):
        Counted.calls += 1
        return str.__hash__(self)

    def __eq__(self, other):
        Counted.calls += 1
        return str.__eq__(self, other)


def work(shape, n) -> tuple[int, int]:
    """(Python steps, sentence hashes and comparisons) of one diff: counts, not time, so the
    figures are exact whatever else the machine is doing."""
    old, new = ({"sentences": [{"text": Counted(t)} for t in texts]} for texts in SHAPES[shape](n))
    steps = 0

    def tracer(frame, event, arg):
        nonlocal steps
        steps += 1  # every call, line and return of Python code (difflib's loops were here)
        return tracer

    Counted.calls = 0
    sys.settrace(tracer)
    try:
        rows = sentence_diff(old, new)
    finally:
        sys.settrace(None)
    assert sum(row.kind != "added" for row in rows) == n
    return steps, Counted.calls


@pytest.mark.parametrize("shape", SHAPES)
def test_the_diff_work_grows_linearly_with_the_number_of_sentences(shape):
    (small_steps, small_calls), (large_steps, large_calls) = work(shape, 250), work(shape, 1_000)
    # 4x the sentences: linear work is 4x; the old difflib diff took ~16x the steps.
    assert large_steps <= 4.5 * small_steps
    assert large_calls <= 4.5 * small_calls


def test_rows_keep_reading_order_and_pair_unchanged_sentences():
    rows = sentence_diff(report(["A.", "B.", "C."]), report(["A.", "B2.", "C.", "D."]))
    assert [(r.kind, (r.new or r.old)["text"]) for r in rows] == [
        ("same", "A."),
        ("removed", "B."),
        ("added", "B2."),
        ("same", "C."),
        ("added", "D."),
    ]


def test_a_stored_alignment_that_no_longer_fits_the_reports_is_recomputed():
    old, new = report(["A.", "B."]), report(["A.", "C."])
    stale = [["same", 2]]  # as if a re-verification had split the sentences differently
    assert [r.kind for r in sentence_diff(old, new, stale)] == ["same", "removed", "added"]


@pytest.mark.django_db
def test_a_revision_stores_its_alignment_and_views_do_not_recompute_it(monkeypatch):
    original = make_answer(text="Employees get 45 days of leave [1]. Managers decide.")
    revision = answer_revise(
        answer=original, text="Employees get 30 days of leave [1]. Managers decide."
    )
    assert revision.sentence_alignment == [["removed", 1], ["added", 1], ["same", 1]]

    def refuse(*args, **kwargs):
        raise AssertionError("the diff was computed again")

    monkeypatch.setattr(diff, "PatienceSequenceMatcher", refuse)
    old = original.verifications.latest().report
    new = revision.verifications.latest().report
    rows = sentence_diff(old, new, revision.sentence_alignment)
    assert [r.kind for r in rows] == ["removed", "added", "same"]


def test_the_alignment_runs_merge_and_skip_empty_pieces():
    old, new = report(["A.", "B.", "C."]), report(["X.", "Y.", "C."])
    assert sentence_alignment(old, new) == [["removed", 2], ["added", 2], ["same", 1]]
