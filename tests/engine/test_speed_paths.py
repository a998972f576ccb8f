"""The shortcuts taken for speed give what the full work gives (reports byte-identical)."""

from collections import Counter
from itertools import pairwise
from unittest.mock import patch

from hypothesis import example, given, settings
from hypothesis import strategies as st

from citations.engine import verify
from citations.engine.citations.legalfind import _may_hold_reference
from citations.engine.citations.legalforms import REF_RE
from citations.engine.support import contradiction
from citations.engine.support.contradiction import (
    converse,
    covary,
    denied_claim,
    direction,
    exclusion,
    opposite,
    pretests,
    roles,
)
from citations.engine.support.passage import Passage
from citations.engine.text import terms
from citations.engine.text.claims import analyse, pairs_of
from citations.engine.text.lexicon import ascii_word_runs
from citations.engine.text.terms import TERM_CACHE, TOKEN_RE, language_of

SETTINGS = settings(max_examples=300, deadline=None)
# Pieces of references and near misses, in any case, with the characters case folding pairs
# with ASCII ones (the long s, the Kelvin sign, dotted and dotless i).
LEGAL_PIECES = st.sampled_from(
    [
        "Art", "art.", "ARTICLE", "Artículo", "artikel", "Section", "sec.", "SEC", "\u017fec",
        "\u212a", "\u0130", "\u0131", "§", "§§", "42", "5", "(1)", "(a)", "U.S.C.", "USC",
        "C.F.R.", "CFR", " ", "\n", "\t", ", ", "GDPR", "BGB", "of the", "Code", "1983", "a",
    ]
)  # fmt: skip


@SETTINGS
@given(st.lists(LEGAL_PIECES, max_size=12).map("".join))
def test_the_legal_pre_check_never_skips_a_reference(text):
    if REF_RE.search(text) is not None:
        assert _may_hold_reference(text)


def test_the_legal_pre_check_skips_text_without_article_words():
    assert not _may_hold_reference("Employees get 30 days of leave [1]. Pay is 150 percent.")
    assert _may_hold_reference("See 42 U.S.C. 1983.")
    assert _may_hold_reference("See 42\nUSC 1983.")
    assert _may_hold_reference("Siehe \u00a7 823 BGB.")


def test_a_legal_looking_reference_is_reported_without_legal_evidence():
    report = verify("Processing must be lawful under Art. 6 GDPR.", [{"text": "Lawful."}])
    assert report.legal
    assert [c.raw for c in report.sentences[0].citations] == ["Art. 6 GDPR"]


def _plain_terms(content: str) -> dict[str, str]:
    """The definition: each term with the sentence's first word for it, in order."""
    terms: dict[str, str] = {}
    for token in TOKEN_RE.findall(content):
        produced = TERM_CACHE[token]
        for term in produced:
            terms.setdefault(term, token.casefold() if len(produced) == 1 else term)
    return terms


SENTENCE_WORDS = st.sampled_from(
    ["Leave", "leave", "LEAVES", "the", "of", "pay", "Pays", "notice", "東京大学", "大学", "30"]
)


@SETTINGS
@given(st.lists(SENTENCE_WORDS, max_size=10).map(" ".join))
def test_claim_terms_and_pairs_match_their_definitions(content):
    claim = analyse(content)
    assert claim.terms == _plain_terms(content)
    assert list(claim.terms) == list(_plain_terms(content))
    sequence = [TERM_CACHE[t] for t in TOKEN_RE.findall(content)]
    assert claim.bigrams == pairs_of(sequence)
    singles = [t[0] if len(t) == 1 else "" for t in sequence]
    assert claim.bigrams == {(a, b) for a, b in pairwise(singles) if a and b and a != b}


# ASCII stop-words of every language told apart, in any case, among other words and marks.
LANGUAGE_PIECES = st.sampled_from(
    [
        "the", "The", "AND", "der", "Die", "und", "le", "LES", "est", "el", "los", "y", "il",
        "che", "de", "het", "een", "van", "over", "come", "contract", "x_1", "30", " ", ", ",
        ".", "'", "\n", "-",
    ]
)  # fmt: skip


def _whole_words_head(text: str, limit: int) -> str:
    """The text up to ``limit`` characters, or up to the start of the word the limit cuts."""
    cut = (m.start() for m in terms.TOKEN_BMP_RE.finditer(text) if m.start() < limit < m.end())
    return text[: next(cut, limit)]


@SETTINGS
@given(
    st.lists(LANGUAGE_PIECES, max_size=30).map("".join),
    st.lists(st.text(max_size=40)),
    st.integers(0, 60),
    st.integers(0, 30),
)
@example("", ["de\u00fcr"], 0, 2)  # an ASCII head, cut before a non-ASCII letter
@example("", ["d\u00e9 de"], 0, 5)  # a non-ASCII head, cut in an ASCII word
def test_the_language_is_told_as_the_stop_word_counts_define_it(
    text, passages, text_limit, passage_limit
):
    # Small sample limits, so that most examples cut a word.
    with patch.multiple(terms, _SAMPLE_CHARS=text_limit, _PASSAGE_SAMPLE_CHARS=passage_limit):
        told = language_of(text, passages).name
    heads = [_whole_words_head(p, passage_limit) for p in passages]
    sample = " ".join([_whole_words_head(text, text_limit), *heads])
    words = Counter(map(terms.fold, terms.TOKEN_BMP_RE.findall(terms.nfkc(sample))))
    counts = {name: sum(words[w] for w in stops) for name, stops in terms._DETECT.items()}
    best = max(counts.values())
    want = next(name for name, n in counts.items() if n == best)  # the first of equals
    assert told == want


# Negation cues, the opposites table's function words and near misses, in any case, among
# digits, underscores, apostrophes and marks (ASCII: the word-by-word paths).
CUE_PIECES = st.sampled_from(
    [
        "not", "NOT", "nOt", "Never", "LaCKING", "didn't", "n't", "nothing", "Before", "MORE",
        "beforehand", "moreover", "up", "UPDATE", "within", "Without", "with_out", "x1",
        "_under", "over30", "30", "the", "Rise", "fell", " ", "\n", "-", "'", ".", ", ", "_",
    ]
)  # fmt: skip


@SETTINGS
@given(st.lists(CUE_PIECES, max_size=20).map("".join))
def test_the_contradiction_pre_checks_read_words_as_their_patterns_do(text):
    tokens = pretests.lower_tokens(text)
    assert tokens == ascii_word_runs(text.lower())
    stems = list(pretests.function_stems(text, tokens))
    assert stems == [opposite.function_stem(w) for w in opposite.FUNCTION_WORD_RE.findall(text)]


PREFIXED = st.sampled_from(["lawful", "unlawful", "in", "input", "non", "nonprofit", "legal"])
TITLES = st.sampled_from(["", "Unlawful acts", "Legal aid"])


@SETTINGS
@given(st.lists(PREFIXED, min_size=1), st.lists(PREFIXED, min_size=1), TITLES)
def test_the_prefix_pre_check_finds_either_side_with_the_prefix(claim, passage, title):
    # The plain definition: a sentence's term with a negative prefix taken off or put on is
    # one of the passage's (title's too), tested both ways round in the pre-check.
    prefixes = ("non", "dis", "un", "in", "im", "il", "ir")
    terms = analyse(" ".join(claim)).terms
    p = Passage(position=1, text=" ".join(passage), title=title)
    forms = {t[len(x) :] for t in terms for x in prefixes if t.startswith(x)}
    forms |= {x + t for t in terms for x in prefixes}
    plain = not forms.isdisjoint(p.terms)
    assert pretests.prefixed(terms, p) is plain


@SETTINGS
@given(
    st.lists(
        st.one_of(
            CUE_PIECES,
            st.sampled_from([". ", "! ", "?", ".\n", "n\u2019t", "ne pas", "é", "\t", "k" * 130]),
        ),
        max_size=30,
    ).map("".join)
)
@example("x" * 399 + "knot\tyyyy")  # a segment cut inside a word: "k" | "not"
def test_a_region_is_tested_for_negation_cues_as_its_own_text(text):
    # Through the passage-wide test first: a passage without a cue has none in any region.
    p = Passage(position=1, text=text)
    segments = range(len(p.terms) and len(p._segments))
    for first, last in ((f, la) for f in segments for la in segments if f <= la):
        span = p._span(first, last)
        region = text[span[0] : span[1]]
        plain = pretests.may_negate(region, pretests.lower_tokens(region))
        assert pretests.region_may_negate(p, span) is plain


@SETTINGS
@given(st.lists(CUE_PIECES, max_size=30).map("".join))
@example("Before the MORE update. " * 20 + "x" * 401 + " Within")  # a segment too long to index
def test_a_passages_function_stems_are_those_of_its_lower_cased_words(text):
    # The plain definition: the table's stems of the passage's words, lower-cased first (the
    # shortcut looks each word up as written).
    p = Passage(position=1, text=text)
    plain = frozenset(pretests.function_stems(text, pretests.lower_tokens(text)))
    assert pretests._passage_stems(p) == plain


MENTION_PIECES = st.sampled_from(
    ["The", "the", "THE", "a", "A", "Rome", "rome", "les", "ÉCOLE", "école", "x1", "_", " ", "'"]
)


@SETTINGS
@given(st.lists(MENTION_PIECES, max_size=20).map("".join))
def test_mention_starts_count_as_the_plain_definition(sentence):
    # The definition: every \w+ token that is capitalised or a determiner, counted.
    tokens = roles._TOKEN_RE.findall(sentence)
    plain = sum(1 for t in tokens if t[0].isupper() or t.lower() in roles._ANY_OPENER)
    assert roles.mention_starts(sentence) == plain


GATED_PIECES = st.sampled_from(
    ["excluding", "Except", "rose", "FELL", "higher", "husband", "wife", "in", "In", "2022",
     "8.1", "not", "n't", "sales", "the", " ", ", ", "-"]
)  # fmt: skip


@SETTINGS
@given(st.lists(GATED_PIECES, max_size=12).map("".join))
def test_a_sentence_without_any_tested_word_fails_each_test(sentence):
    # The one test of all five skips them only where each alone would say no.
    tokens = pretests.lower_tokens(sentence)
    if tokens is not None and contradiction._TEST_WORDS.isdisjoint(tokens):
        assert not pretests.may_negate(sentence, tokens)
        assert not exclusion.may_find(tokens, sentence)
        assert not (direction.may_find(tokens) or covary.may_find(tokens))
        assert not converse.may_find(tokens)


DENIAL_PIECES = st.sampled_from(
    ["denied", "Denied", "DENIED", "rejected", "that", "That", "reports", "x", " ", ". ", "\n"]
)


@SETTINGS
@given(st.lists(DENIAL_PIECES, max_size=20).map("".join))
def test_a_region_is_tested_for_a_denied_claim_as_its_own_text(text):
    # Through the passage-wide test first: a passage without a denying verb denies no claim.
    p = Passage(position=1, text=text)
    segments = range(len(p.terms) and len(p._segments))
    for first, last in ((f, la) for f in segments for la in segments if f <= la):
        span = p._span(first, last)
        assert pretests.region_may_deny_claim(p, span) is denied_claim.may_find(text, *span)
