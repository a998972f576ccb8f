"""Passage highlights: whatever offsets the report holds, a mark never cuts a word or a number
in half, the marks nest properly and every piece of text stays escaped."""

import html as html_lib
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citations.web.rendering.passage import mark_passage

TEXT = (
    "Refunds of 1,000.50 EUR need receipts within 30 days; Cafe\u0301 staff don\u2019t <b>wait</b>."
)


def at(word: str, offset: int = 1, width: int = 1) -> tuple[int, int]:
    """A span starting `offset` characters into `word` in TEXT."""
    start = TEXT.index(word) + offset
    return (start, start + width)


TAG = re.compile(r"<[^>]+>")
TOKEN = re.compile(r"(?:\w|[\u0300-\u036f])+(?:[.,'\u2019](?:\w|[\u0300-\u036f])+)*")


def cut_points(markup: str) -> tuple[str, set[int]]:
    """The plain text of `markup` and the offsets in it where a tag opens or closes."""
    plain, cuts = [], set()
    at = 0
    for piece in TAG.split(markup):
        text = html_lib.unescape(piece)
        plain.append(text)
        at += len(text)
        cuts.add(at)
    return "".join(plain), cuts


def assert_no_half_tokens(text: str, markup: str) -> None:
    plain, cuts = cut_points(markup)
    assert plain == text
    for m in TOKEN.finditer(text):
        inside = {c for c in cuts if m.start() < c < m.end()}
        assert not inside, (m.group(0), markup)
    # Well nested: every tag closes in reverse order of opening.
    stack = []
    for tag in TAG.findall(markup):
        name = tag.strip("</>").split()[0]
        if tag.startswith("</"):
            assert stack.pop() == name, markup
        else:
            stack.append(name)
    assert stack == []


@pytest.mark.parametrize(
    "spans",
    [
        [at("1,000", 2, 2)],  # inside "1,000.50"
        [at("Refunds", 1, 2), at("receipts", 3, 3)],
        [at("e\u0301", 1, 0), at("e\u0301", 0, 1)],  # between a letter and its accent
        [(-40, 5), (70, 999)],  # out of range both ways
        [(40, 20)],  # backwards
        [(14, 50), (20, 30), (45, 47)],  # overlapping
        [at("don", 2, 2)],  # inside "don't", written with a typographic apostrophe
        [at("<b>", 1, 3)],  # inside the "<b>" the text holds
    ],
)
def test_hostile_spans_never_cut_a_word_or_number(spans):
    markup = mark_passage(TEXT, spans, ["refund", "receipt", "1", "don", "caf"], ["30 days"])
    assert_no_half_tokens(TEXT, markup)
    assert "&lt;/b&gt;" in markup and "<b>" not in markup  # the text's own tags stay text


def test_a_span_inside_a_number_marks_all_of_it():
    markup = mark_passage(TEXT, [at("1,000", 2, 2)])
    assert '<mark class="best">1,000.50</mark>' in markup


def test_a_term_that_only_starts_a_number_or_word_is_not_marked():
    markup = mark_passage(TEXT, [], ["1", "don", "receipt"])
    assert '<b class="term">1' not in markup and '<b class="term">don' not in markup
    assert '<b class="term">receipts</b>' in markup


def test_the_conflicting_number_is_marked_inside_the_span_first():
    text = "30 days for leave. Receipts within 30 days of purchase."
    markup = mark_passage(text, [(19, 55)], ["receipts"], ["30 days"])
    assert markup.startswith("30 days for leave.")  # the first "30 days" is outside the span
    assert '<mark class="num-conflict">30 days</mark> of purchase' in markup
    # Spaced differently in the passage than the engine quotes it: still found.
    markup = mark_passage("Within 30\n days.", [], [], ["30 days"])
    assert '<mark class="num-conflict">30\n days</mark>' in markup


@settings(max_examples=200, deadline=None)
@given(
    spans=st.lists(st.tuples(st.integers(-5, 95), st.integers(-5, 95)), max_size=4),
    numbers=st.lists(st.sampled_from(["30 days", "1,000.50 EUR", "EUR need", "x"]), max_size=2),
)
def test_any_spans_keep_words_whole_and_markup_nested(spans, numbers):
    markup = mark_passage(TEXT, spans, ["receipt", "da", "staff", "1"], numbers)
    assert_no_half_tokens(TEXT, markup)
