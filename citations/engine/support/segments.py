"""A passage text cut into segments (about sentences), each with its key terms.

:class:`.passage.Passage` asks this once, the first time it is searched: the segments' spans
and term sets, for its region search, and from the same pass the text's pair text (each
token's one term in text order) and, for ASCII text, its words and their terms, so that
nothing cuts the text again. A segment is at most ``MAX_SEGMENT_CHARS`` characters: a text
with a longer one is cut at spaces, one piece at a time.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import accumulate, chain, compress, islice, pairwise

from ..text.claims import SINGLES, ascii_singles
from ..text.lexicon import ASCII_TOKEN_RE
from ..text.terms import TOKEN_BMP_RE, TOKEN_RE, has_astral, nfkc, term_cache, token_re

_SEGMENT_RE = re.compile(r"[^\n.!?\u3002\uff01\uff1f]+[.!?\u3002\uff01\uff1f]*")
# ASCII text with every character outside ASCII_TOKEN_RE's \w made a space but "\n" (kept) and
# ".!?" (made "\x1c", whitespace to split()): its split() is that pattern's findall, at about a
# third of the cost (2,000 x 100: 881.0 M -> 845.1 M), and _ASCII_SEGMENT_RE finds in it
# _SEGMENT_RE's segments, each ready to split (656.6 M -> 653.9 M). By bytes.translate: 1.0 us
# per 300-word passage where str.translate with a dict took 3.5 us.
_ASCII_WORDS_ONLY = bytes(
    b if ASCII_TOKEN_RE.fullmatch(chr(b)) or b == 10 else 28 if chr(b) in ".!?" else 32
    for b in range(256)
)
_ASCII_SEGMENT_RE = re.compile(r"[^\n\x1c]+\x1c*")
_ONE_LINE_SEGMENT_RE = re.compile(r"[^\x1c]+\x1c*")  # no "\n": one class, 7.5 -> 2.7 us (-13 M)
MAX_SEGMENT_CHARS = 400

# What index gives: each segment's span and its terms (segments with a key term only), then
# the pair text, the word terms and the words (each None where its pass does not give it).
type Index = tuple[
    list[tuple[int, int]], list[set[str]], str | None, list[str] | None, list[str] | None
]


def index(text: str) -> Index:
    """Cut the passage ``text`` into segments (about sentences) and collect each one's terms.

    Segments are kept as the pattern found them; the whitespace at their ends is trimmed
    only for the few that become a span (:meth:`.Passage._span`).
    """
    words_only = text
    if ascii_text := text.isascii():  # nearly always: segments found in its words only
        words_only = text.encode().translate(_ASCII_WORDS_ONLY).decode()
    if ascii_text and "\n" not in words_only:  # one line: a segment ends where the next starts
        pieces = _ONE_LINE_SEGMENT_RE.findall(words_only)
        first = len(words_only) - len(words_only.lstrip("\x1c"))  # (after any leading ".!?")
        spans = list(pairwise(accumulate(map(len, pieces), initial=first)))
    else:
        matches = list((_ASCII_SEGMENT_RE if ascii_text else _SEGMENT_RE).finditer(words_only))
        pieces = list(map(re.Match.group, matches))
        spans = list(map(re.Match.span, matches))
    if max(map(len, pieces), default=0) <= MAX_SEGMENT_CHARS:
        return _index_pieces(spans, pieces, ascii_text)
    return _index_long(text, spans, ascii_text)


def pair_text_of(text: str) -> str:
    """:attr:`.Passage.pair_text` read on its own, for a text whose :func:`index` gave none
    (one with a segment cut at spaces, very long)."""
    text = nfkc(text)
    tokens = token_re(text).findall(text)
    return _joined(map(SINGLES.__getitem__, map(term_cache().__getitem__, tokens)))


def _index_pieces(spans: list[tuple[int, int]], pieces: list[str], ascii_text: bool) -> Index:
    """Every segment short enough, tokenised and mapped to terms as whole lists: the loop
    over segments runs in C (a passage has tens of them, and many passages are cited)."""
    singles: list[str] | None
    words: list[str] | None
    if ascii_text:  # one term or none per token, looked up once
        token_lists = list(map(str.split, pieces))  # (pieces of the words-only text)
        words = list(chain.from_iterable(token_lists))
        singles = list(map(ascii_singles().__getitem__, words))
        pair_text = _joined_ascii(singles)
        in_turn = iter(singles)
        seg_terms = [set(islice(in_turn, len(t))) for t in token_lists]
        for seg in seg_terms:  # (one discard a segment, not a truth test a token)
            seg.discard("")
    else:
        seg_terms, pair_text = _segment_sets(pieces)
        singles = words = None
    if not all(seg_terms):  # a segment without a key term is no segment
        spans = list(compress(spans, seg_terms))
        seg_terms = list(filter(None, seg_terms))
    return spans, seg_terms, pair_text, singles, words


def _segment_sets(pieces: list[str]) -> tuple[list[set[str]], str]:
    """Each segment's terms, for text beyond ASCII (NFKC first; Chinese or Japanese
    tokens give several terms); the passage's pair text from the same pass."""
    pieces = list(map(nfkc, pieces))
    pattern = TOKEN_RE if any(map(has_astral, pieces)) else TOKEN_BMP_RE  # see token_re
    token_lists = list(map(pattern.findall, pieces))
    # Every token through the shared memo (a miss computes and stores it), in text order:
    # the word pairs come from the same pass (one tokenisation per passage, not two).
    in_order = list(map(term_cache().__getitem__, chain.from_iterable(token_lists)))
    pair_text = _joined(map(SINGLES.__getitem__, in_order))
    terms = iter(in_order)
    return [set(chain.from_iterable(islice(terms, len(t)))) for t in token_lists], pair_text


def _index_long(text: str, spans: list[tuple[int, int]], ascii_text: bool) -> Index:
    """Segments over ``MAX_SEGMENT_CHARS`` are cut at a space, one piece at a time."""
    segments: list[tuple[int, int]] = []
    segment_terms: list[set[str]] = []
    for start, end in spans:
        while end - start > MAX_SEGMENT_CHARS:
            cut = text.rfind(" ", start + 1, start + MAX_SEGMENT_CHARS)
            cut = cut if cut > start else start + MAX_SEGMENT_CHARS
            _add_segment(text, start, cut, ascii_text, segments, segment_terms)
            start = cut
        _add_segment(text, start, end, ascii_text, segments, segment_terms)
    return segments, segment_terms, None, None, None


def _add_segment(
    text: str,
    start: int,
    end: int,
    ascii_text: bool,
    segments: list[tuple[int, int]],
    segment_terms: list[set[str]],
) -> None:
    if ascii_text:
        tokens = TOKEN_BMP_RE.findall(text, start, end)
    else:
        normal = nfkc(text[start:end])
        tokens = token_re(normal).findall(normal)
    seg = set(chain.from_iterable(map(term_cache().__getitem__, tokens)))
    if seg:
        segments.append((start, end))
        segment_terms.append(seg)


def _joined(singles: Iterable[str | None]) -> str:
    """:attr:`.Passage.pair_text` from each token's one term ("" or None for none)."""
    return f" {' '.join([single or '' for single in singles])} "


def _joined_ascii(singles: list[str]) -> str:
    """:func:`_joined` for ASCII text, whose tokens have one term or "", never None: one C
    call, no loop over the tokens."""
    return f" {' '.join(singles)} "
