"""The passage's half of the checks' cheap pre-tests, and the words both halves read.

A pre-test says whether a check may find something in a region before the check reads it: a
check reads the two texts word by word, and most pairs hold nothing it looks for (no negation
cue, no word of the opposites table, no key term with a negative prefix). The sentence's half
is found once for all its passages (the package's ``_Sentence``); the passage's half, here, is
asked of every region, so most sentences cost a set intersection and a pattern search. ASCII
text (nearly all) is read as lower-cased tokens and tested with sets, a pattern only beyond
it; what a passage answers for all its regions (whether its words hold a cue, which of the
opposites table's words it holds) is worked out once a text and kept for the calls after. The
figures beside each shortcut are what it saved, measured when it was made.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, product
from typing import Any

from ...memo import Memo
from ...text.terms import LANGUAGES, current
from ..passage import Passage
from . import denied_claim, negation, opposite
from .polarity import CUE_TOKENS

_CUE_RE = re.compile(
    r"(?<!\w)(?:not|no|never|none|neither|nor|cannot|without|non|lack\w*|fail(?:s|ed|ing)?\s+to"
    r"|nicht|kein\w*|nie|niemals|ne|jamais|aucune?|nunca|ningun\w*|niet|geen|nooit)(?!\w)"
    # French elides "ne" before a vowel: "n'a pas", a word right after its apostrophe
    r"|\wn['\u2019]t(?!\w)|(?<!\w)n['\u2019](?=\w)",
    re.IGNORECASE,
)
_MAX_KEPT_PASSAGES = 256  # a passage's pre-test answers kept for the calls after


def lower_tokens(text: str) -> list[str] | None:
    """The words of an ASCII text (nearly all) lower-cased, each run of [A-Za-z0-9_] (there
    the patterns' word characters); None beyond ASCII. One ``bytes.translate`` cuts and
    lower-cases: ``str.translate`` took several times its instructions (a 300-character
    region 42,000)."""
    if not text.isascii():
        return None
    return text.encode().translate(_LOWER_WORD_RUNS).decode().split()


_LOWER_WORD_RUNS = bytes(
    ord(c.lower()) if c.isascii() and (c.isalnum() or c == "_") else 32
    for c in map(chr, range(256))
)


def may_negate(text: str, tokens: list[str] | None) -> bool:
    """Whether ``text`` (of ``tokens``, see :func:`lower_tokens`) may hold a negation cue: for
    ASCII text a set test on its words, several times faster than a search of the pattern."""
    if tokens is not None:
        return not CUE_TOKENS.isdisjoint(tokens)
    return _CUE_RE.search(text) is not None


def region_may_negate(p: Passage, span: tuple[int, int]) -> bool:
    """Whether the passage's region (``span`` of its text) may hold a negation cue. Most
    passages hold none anywhere, tested once a passage whose index cut it between words only
    (ASCII, no segment too long: :attr:`.Passage.word_terms`; nearly all), so that a region
    holds no word its passage lacks. Tokenising every region took about 5 % of a 2,000 x 100
    call (CPU time, best of 15: 173 -> 165 ms)."""
    if p.word_terms is not None and not _per_text(_PASSAGE_NEGATES, p.text, _passage_may_negate, p):
        return False
    region = p.text[span[0] : span[1]]
    return may_negate(region, lower_tokens(region))


def region_may_deny_claim(p: Passage, span: tuple[int, int]) -> bool:
    """Whether the passage's region may deny a claim in words (see :mod:`.denied_claim`): its
    words hold a denying verb (tested once a text, as the cues are), its region the phrase."""
    if p.word_terms is not None and not _per_text(_PASSAGE_DENIES, p.text, _passage_denies, p):
        return False
    return denied_claim.may_find(p.text, *span)


def _passage_denies(p: Passage) -> bool:
    return not _DENYING_CASINGS.isdisjoint(p.ascii_words or ())


def _passage_may_negate(p: Passage) -> bool:
    """Whether an ASCII passage's words hold a cue. (Asking the index whether it cut a word,
    instead of looking for a run of ``MAX_SEGMENT_CHARS`` without a space: 20 x 10 on new
    passages, 32.3 -> 30.2 M instructions a call.) Its words are tested as written, against
    every casing of the cues: lower-casing a passage's distinct words made and hashed a string
    each (20 x 10 on new passages: 180,000 instructions a passage, this 32,000; a call 21.47
    -> 20.42 M)."""
    return not _CUE_CASINGS.isdisjoint(p.ascii_words or ())


def _casings(word: str) -> Iterator[str]:
    """Every way of writing the ASCII ``word`` in upper and lower case ("no": no, nO, No, NO)."""
    return map("".join, product(*({c.lower(), c.upper()} for c in word)))


_CUE_CASINGS = frozenset(chain.from_iterable(map(_casings, CUE_TOKENS)))  # (1,932 strings)
_DENYING_CASINGS = frozenset(
    chain.from_iterable((w, w.capitalize(), w.upper()) for w in denied_claim.DENYING)
)


def function_stems(text: str, tokens: Iterable[str] | None) -> Iterator[str]:
    """The stems of the opposites table's words that are no key term in ``text`` (of
    ``tokens``). The pattern's every match is a whole word: matched word by word in ASCII text,
    its 15 branches are tried once a word, not at every character (a 300-character region
    took 180,000 instructions), and once a distinct word through a memo (a sentence's five
    words: 2.1 us -> 0.6 us)."""
    words: Iterable[str]
    if tokens is None:
        words = opposite.FUNCTION_WORD_RE.findall(text)
    else:
        words = filter(_IS_FUNCTION_WORD.__getitem__, tokens)
    return map(opposite.function_stem, words)


def _is_function_word(token: str) -> bool:
    # (a token is a run of word characters: a match is all of it, from the pattern's \w*)
    return opposite.FUNCTION_WORD_RE.match(token) is not None


_IS_FUNCTION_WORD = Memo(_is_function_word, 16_384)


def passage_function_stems(p: Passage) -> frozenset[str]:
    """The stems of the opposites table's words that are no key term in a passage: like its
    key terms, tested passage-wide, as the region the check reads is widened to whole
    sentences ("the most points" beside a region of "scored ... points"). Once per passage of
    a call, not per sentence and region: the recent passages are kept (their text hashed once,
    a hit costs a lookup in C); widening each region for this test took 17 % more of a
    20 x 10 answer's instructions. Keyed by the language too: its stemmer makes the stems
    ("including": "includ" in English)."""
    return _per_text(_FUNCTION_STEMS, (p.text, current().name), _passage_stems, p)


def _passage_stems(p: Passage) -> frozenset[str]:
    """:func:`passage_function_stems` worked out. The index's words as written (nearly
    always), each looked up once in a memo of the language's: lower-casing and collecting a
    new passage's distinct words first made and hashed a string a word (20 x 10 on new
    passages: 240,000 instructions a passage, this 65,000)."""
    words = p.ascii_words
    if words is None:  # beyond ASCII, or segments too long for the index's pass
        tokens = lower_tokens(p.text)
        return frozenset(function_stems(p.text, None if tokens is None else set(tokens)))
    stems = set(map(_WRITTEN_STEMS[current().name].__getitem__, words))
    stems.discard("")
    return frozenset(stems)


def _written_stem(word: str) -> str:
    """The stem of an ASCII word as written if it is an opposites table's word that is no key
    term, else ""."""
    lower = word.lower()
    return opposite.function_stem(lower) if _IS_FUNCTION_WORD[lower] else ""


# Per language, as the stems are its stemmer's.
_WRITTEN_STEMS = {name: Memo(_written_stem, 100_000) for name in LANGUAGES}


def prefixed(terms: Iterable[str], p: Passage) -> bool:
    """Whether one side has a key term the other has with a negative prefix ("unlawful",
    "lawful"): the negation check may find it. The sentence's ``terms`` with a prefix taken off
    or put on are looked for among the passage's, so nothing is worked out per passage: the bare
    forms of every new passage's terms, which this took before, cost more than a sentence's
    few forms (20 x 10 on new passages: 22.56 -> 21.85 M instructions a call). Each term's
    forms are looked for as they are kept: their union, a set of some 40 strings made for
    every sentence (a 2 kB table, from malloc), cost more than the lookups (2,000 x 100:
    1,108.3 -> 1,096.7 M instructions a call, and a loop over its 2,000 sentences' pre-tests
    4.3 -> 1.8 us of CPU time a sentence; 20 x 10: 21.75 -> 21.61 M)."""
    passage_terms = p.terms
    return not all(map(passage_terms.isdisjoint, map(_PREFIX_FORMS.__getitem__, terms)))


def _forms(term: str) -> tuple[str, ...]:
    """The term with a negative prefix taken off ("unlawful": "lawful"; "in": "") or put on
    ("lawful": "unlawful", "inlawful", ...). The stemmer keeps a short word's final "e" and
    drops it once a prefix makes the word longer ("safe" stems to "safe", "unsafe" to
    "unsaf"), so a short term is tried both ways: a form too many only lets the negation check
    read the two texts."""
    bare = [term[len(prefix) :] for prefix in negation.PREFIXES if term.startswith(prefix)]
    short = [b + "e" for b in bare if len(b) < _SHORT_STEM]
    if term.endswith("e") and len(term) <= _SHORT_STEM:
        return (*bare, *short, *(p + t for p in negation.PREFIXES for t in (term, term[:-1])))
    return (*bare, *short, *(prefix + term for prefix in negation.PREFIXES))


_SHORT_STEM = 5  # letters of a stem that may end in the "e" a prefixed form drops


_PREFIX_FORMS = Memo(_forms, 16_384)
_PASSAGE_NEGATES: dict[str, bool] = {}
_PASSAGE_DENIES: dict[str, bool] = {}
_FUNCTION_STEMS: dict[tuple[str, str], frozenset[str]] = {}
_ABSENT: Any = object()


def _per_text[K, V](kept: dict[K, V], key: K, compute: Callable[[Passage], V], p: Passage) -> V:
    """``compute(p)``, kept in ``kept`` under ``key`` (its text's, with what else makes the
    answer) for the passage's other regions and the next calls citing its text; up to
    ``_MAX_KEPT_PASSAGES`` texts, then emptied."""
    value = kept.get(key, _ABSENT)
    if value is _ABSENT:
        if len(kept) >= _MAX_KEPT_PASSAGES:
            kept.clear()
        value = kept[key] = compute(p)
    return value
