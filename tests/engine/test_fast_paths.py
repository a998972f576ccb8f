"""The fast paths give exactly what the plain definitions give."""

from hypothesis import given, settings
from hypothesis import strategies as st

from citations.engine import verify
from citations.engine.citations.parse import find_citations
from citations.engine.support import passage as evidence
from citations.engine.support.passage import Passage
from citations.engine.support.segments import _ASCII_WORDS_ONLY
from citations.engine.text.lexicon import ASCII_TOKEN_RE, ascii_word_runs
from citations.engine.text.terms import TOKEN_BMP_RE, TOKEN_RE, terms_of, token_re

SETTINGS = settings(max_examples=300, deadline=None)
WORDS = st.sampled_from(["leave", "pay", "notice", "salary", "contract", "days", "the", "30"])


@SETTINGS
@given(st.text(max_size=200))
def test_bmp_token_pattern_matches_the_full_one(text):
    assert token_re(text).findall(text) == TOKEN_RE.findall(text)


def test_astral_text_uses_the_full_pattern():
    text = "brahmi \U00011000\U00011038 word"
    assert token_re(text) is TOKEN_RE
    assert token_re("plain text") is TOKEN_BMP_RE
    assert TOKEN_RE.findall(text) == ["brahmi", "\U00011000\U00011038", "word"]


def _naive_window(p: Passage, wanted: set[str]):
    """The definition: the WINDOW consecutive segments with most wanted terms, earliest first,
    counted from a segment that has one."""
    segs = p._segment_terms
    best, span = set(), None
    for first, seg in enumerate(segs):
        if not wanted & seg:
            continue
        found, last = set(), first
        for i in range(first, min(first + evidence.WINDOW, len(segs))):
            if wanted & segs[i]:
                found |= wanted & segs[i]
                last = i
        if len(found) > len(best):
            best, span = found, p._span(first, last)
    return (best, span) if span else None


@SETTINGS
@given(
    st.lists(st.lists(WORDS, min_size=1, max_size=6), min_size=1, max_size=12),
    st.sets(WORDS, max_size=5),
)
def test_window_search_matches_the_definition(sentences, words):
    text = " ".join(" ".join(ws) + "." for ws in sentences)
    wanted = terms_of(" ".join(words))
    for packed in (True, False):  # the packed search (short passages) and the indexed one
        p = Passage(position=1, text=text)
        got = p.best_window(wanted) if packed else _indexed_region(p, wanted)
        want = _naive_window(p, wanted & p.terms) if wanted & p.terms else None
        assert (None if got is None else (set(got[0]), tuple(got[1]))) == want


def _indexed_region(p: Passage, wanted: set[str]):
    found = p.terms & wanted
    return p._region(frozenset(found)) if found else None


def test_packed_search_is_used_for_short_passages_only():
    short = Passage(position=1, text="Leave is paid. Notice is due. " * 10)
    long = Passage(position=1, text="Leave is paid. Notice is due. " * 100)
    wanted = terms_of("leave notice")
    first = "Leave is paid. Notice is due. Leave is paid."
    for p in (short, long):
        assert p.best_window(wanted) == (wanted, (0, len(first)))
    assert short._fields is not None and short._postings is None
    assert long._fields is None and long._postings is not None


def test_long_passages_find_the_first_best_region():
    long = Passage(position=1, text="Leave is paid. Notice is due. " * 100)
    wanted = terms_of("leave notice")
    # Three segments: the region runs to the last of them holding a wanted term.
    first = "Leave is paid. Notice is due. Leave is paid."
    assert long.best_window(wanted) == (wanted, (0, len(first)))


def test_repeated_citations_are_separate_objects_with_their_own_offsets():
    text = "One [1]. Two [1]. Three [Labour Law, Art. 30]. Four [Labour Law, Art. 30]."
    citations, _ = find_citations(text, "auto")
    assert [text[c.start : c.end] for c in citations] == [c.raw for c in citations]
    assert len({id(c) for c in citations}) == 4
    assert [c.style for c in citations] == ["numeric", "numeric", "legal", "legal"]


def test_sentence_ending_after_a_citation_or_bracket():
    text = "Staff get leave [1]. Pay is monthly (see contract). Next e.g. here."
    spans = [text[s.start : s.end] for s in verify(text, [{"text": "x"}]).sentences]
    assert spans == ["Staff get leave [1].", "Pay is monthly (see contract).", "Next e.g. here."]


def test_terms_of_the_title_alone_have_no_region():
    p = Passage(position=1, text="Leave is paid. Notice is due.", title="Termination")
    wanted = terms_of("termination")
    assert wanted <= p.terms
    assert p.best_window(wanted) is None


def test_region_starting_before_the_first_hit_is_not_taken():
    # The earliest best count is the region (0, 1), but segment 0 holds no wanted term: the
    # region starts at segment 1, as the definition says.
    p = Passage(position=1, text="Salary is monthly. Leave is paid. Notice is due.")
    wanted = terms_of("leave notice")
    assert p.best_window(wanted) == (wanted, (19, 48))
    assert _naive_window(p, wanted) == (wanted, (19, 48))


@SETTINGS
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=200))
def test_ascii_text_split_into_words_matches_the_token_pattern(text):
    assert text.translate(_ASCII_WORDS_ONLY).split() == ASCII_TOKEN_RE.findall(text)
    assert ascii_word_runs(text) == ASCII_TOKEN_RE.findall(text)
