"""Passage's fast paths agree with the plain definitions: the segments and words of ASCII text,
the packed region search at every number of terms."""

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from citations.engine.support import packed_region
from citations.engine.support import passage as evidence
from citations.engine.support.passage import Passage
from citations.engine.support.segments import _ASCII_SEGMENT_RE, _ASCII_WORDS_ONLY, _SEGMENT_RE
from citations.engine.text.lexicon import ASCII_TOKEN_RE
from citations.engine.text.terms import LANGUAGES, reading, terms_of

WORDS = [f"word{c}{d}" for c in "abcdefgh" for d in "xyz"] + ["the", "and"]


def _definition(p: Passage, wanted: frozenset[str]):
    """The WINDOW consecutive segments with most wanted terms, earliest first, counted from a
    segment that has one; its span trimmed of whitespace."""
    segs, best, span = p._segment_terms, set(), None
    for first in range(len(segs)):
        if wanted.isdisjoint(segs[first]):
            continue
        found, last = set(), first
        for i in range(first, min(first + evidence.WINDOW, len(segs))):
            if not wanted.isdisjoint(segs[i]):
                found |= wanted & segs[i]
                last = i
        if len(found) > len(best):
            start, end = p._segments[first][0], p._segments[last][1]
            region = p.text[start:end]
            trimmed = (len(region) - len(region.lstrip()), len(region) - len(region.rstrip()))
            best, span = found, (start + trimmed[0], end - trimmed[1])
    return (best, span) if span else None


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.lists(st.sampled_from(WORDS), max_size=8), st.sampled_from([".", "!", "\n"])),
        min_size=1,
        max_size=25,
    ),
    st.sets(st.sampled_from(WORDS), max_size=20),
)
def test_packed_and_indexed_searches_match_the_definition(sentences, words):
    text = "".join(" " + " ".join(ws) + end for ws, end in sentences)
    p = Passage(position=1, text=text)
    wanted = p.terms & terms_of(" ".join(words))
    if not wanted:
        return
    want = _definition(p, wanted)
    got = p.window_of(wanted)  # packed up to packed_region.MAX_TERMS terms, indexed beyond
    assert (None if got is None else (set(got[0]), got[1])) == want
    again = Passage(position=2, text=text)  # the same text: its fields are kept
    again.terms  # noqa: B018 (the index, built on first use)
    got = again.window_of(wanted)
    assert (None if got is None else (set(got[0]), got[1])) == want
    indexed = Passage(position=1, text=text)
    indexed.terms  # noqa: B018 (the index, built on first use)
    got = indexed._region(wanted)
    assert (None if got is None else (set(got[0]), got[1])) == want


def test_fields_are_kept_per_text_and_language():
    # "running" is "run" in English, itself in German: the text's segments holding "run" are
    # not the same in the two, and neither reading takes the other's fields.
    text = "Filler words here. They run home. More filler words. Then running far. End words."
    for name, region in (
        ("english", "They run home. More filler words. Then running far."),
        ("german", "They run home."),
        ("english", "They run home. More filler words. Then running far."),
    ):
        with reading(LANGUAGES[name]):
            p = Passage(position=1, text=text)
            _, (start, end) = p.window_of(p.terms & terms_of("run"))
            assert text[start:end] == region


def test_sentences_of_many_terms_use_the_index():
    text = " ".join(WORDS[:20]) + ". Other words here."
    p = Passage(position=1, text=text)
    wanted = p.terms & terms_of(" ".join(WORDS[:20]))
    assert len(wanted) > packed_region.MAX_TERMS
    assert p.window_of(wanted) == (wanted, (0, text.index(".") + 1))
    assert p._fields is None and p._postings is not None


ASCII_PIECES = [
    "leave",
    "pay",
    "x1_",
    "the",
    "30",
    " ",
    ".",
    "!",
    "?",
    "\n",
    "\x1c",
    "\t",
    ",",
    "-",
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(ASCII_PIECES), max_size=40).map("".join))
def test_ascii_segments_and_words_come_from_the_words_only_text(text):
    def spans(pattern, text):
        return [m.span() for m in pattern.finditer(text)]

    words = text.translate(_ASCII_WORDS_ONLY)
    assert spans(_ASCII_SEGMENT_RE, words) == spans(_SEGMENT_RE, text)
    assert words.split() == ASCII_TOKEN_RE.findall(text)
    for lines in (text, text.replace("\n", " ")):  # with line breaks, and on one line
        p = Passage(position=1, text=lines)
        p.terms  # noqa: B018 (the index, built on first use)
        with_terms = [m.span() for m in _SEGMENT_RE.finditer(lines) if terms_of(m.group())]
        assert p._segments == with_terms


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sets(st.sampled_from(WORDS[:8]), min_size=1), min_size=1, max_size=64))
def test_a_terms_fields_are_those_of_its_segments(segments):
    for term in WORDS[:8]:
        # The definition: a term in segment s counts in the regions starting at s - WINDOW + 1
        # to s (low half of their fields) and in segment s (high half of its field).
        want = 0
        for s, seg in enumerate(segments):
            if term in seg:
                for first in range(max(0, s - evidence.WINDOW + 1), s + 1):
                    want |= 1 << (packed_region.FIELD_BITS * first)
                want |= (packed_region.MAX_TERMS + 1) << (packed_region.FIELD_BITS * s)
        fields: dict[str, int] = {}
        packed_region.add_fields(fields, segments, None)
        assert fields.get(term, 0) == want
        if term in WORDS[:4]:  # listed for a few terms only: theirs are the same
            some: dict[str, int] = {}
            packed_region.add_fields(some, segments, set(WORDS[:4]))
            assert some.get(term, 0) == want and some.keys() <= set(WORDS[:4])


def _term(word: str) -> str:
    (term,) = terms_of(word)
    return term


def _written_pairs(text: str) -> set[tuple[str, str]]:
    """The plain definition: each token's one key term beside the next token's."""
    singles = [
        next(iter(terms)) if len(terms) == 1 else "" for terms in map(terms_of, text.split())
    ]
    return {(a, b) for a, b in pairwise(singles) if a and b}


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([*WORDS[:6], "the", "and", "."]), max_size=40).map(" ".join),
    st.sets(st.tuples(st.sampled_from(WORDS[:6]), st.sampled_from(WORDS[:6]))),
)
def test_missing_pairs_are_those_the_text_never_writes_side_by_side(text, asked):
    missing = Passage(1, text).pairs_missing(frozenset(asked))
    assert missing == frozenset(asked - _written_pairs(text.replace(".", "")))


def test_a_pair_broken_by_a_stop_word_or_inside_a_longer_term_is_missing():
    p = Passage(1, "Employees pay the salary. Overpay salaries monthly.")
    employ, pay, salary = (_term(word) for word in ("employees", "pay", "salary"))
    assert p.pairs_missing(frozenset({(employ, pay), (pay, salary)})) == {(pay, salary)}


def test_pairs_of_text_beyond_ascii_and_of_very_long_segments():
    word = WORDS[0]
    long_text = " ".join([word] * 200) + " naïve café"
    naive, cafe = _term("naïve"), _term("café")
    p = Passage(1, long_text)
    assert p.pairs_missing(frozenset({(naive, cafe), (cafe, naive)})) == {(cafe, naive)}
