"""Contradiction checks between a cited sentence and the region of its passage that matched it.

Words in common say a passage is about what the sentence is about, not that it says the same:
"was not completed" shares every word with "was completed". After the grounds are assessed,
each check (:mod:`.negation`, :mod:`.opposite`, ...; each a ``find`` returning
:class:`~.found.Found`) reads the sentence beside the region of each cited passage that holds
its key terms (``Grounds.spans``, whole segments, about sentences): not the whole passage,
whose other sentences may say anything. A region holding under half of the sentence's key
terms is not read: it is not where the passage speaks of the sentence. A check runs only where
a cheap test of the two texts says it may find something, so most sentences cost a set
intersection and a pattern search.

The work is bounded: at most ``MAX_PASSAGES`` regions a sentence, each cut at
``regions.MAX_REGION_CHARS``, and ``MAX_PER_SENTENCE`` contradictions kept.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, product
from typing import Any, NamedTuple

from ...memo import Memo
from ...text.claims import Claim
from ...text.terms import LANGUAGES, current
from ...text.words import Word, words_of
from ..mentions import unknown_opener
from ..model import Grounds
from ..passage import Passage
from . import (
    bounds,
    comparison,
    converse,
    covary,
    direction,
    exclusion,
    instead,
    named_place,
    negation,
    opposite,
    restricted,
    roles,
    stand_in,
    strength,
    tied,
    unchanged,
    years,
)
from .found import Found
from .polarity import CUE_TOKENS
from .recorded import Contradiction, kept, record
from .regions import whole_sentences

MAX_PASSAGES = 8
_MIN_SHARE = 0.5

_CUE_RE = re.compile(
    r"(?<!\w)(?:not|no|never|none|neither|nor|cannot|without|non|lack\w*|fail(?:s|ed|ing)?\s+to"
    r"|nicht|kein\w*|nie|niemals|ne|jamais|aucune?|nunca|ningun\w*|niet|geen|nooit)(?!\w)"
    # French elides "ne" before a vowel: "n'a pas", a word right after its apostrophe
    r"|\wn['\u2019]t(?!\w)|(?<!\w)n['\u2019](?=\w)",
    re.IGNORECASE,
)
# The words the cue, exclusion, direction, covary and converse tests look for in a sentence's
# lower-cased ASCII tokens: one test of all five, where each alone cost about 3,000
# instructions a sentence.
_TEST_WORDS = CUE_TOKENS.union(
    exclusion.TEST_WORDS,
    direction.TEST_WORDS,
    covary.TEST_WORDS,
    converse.TEST_WORDS,
    unchanged.TEST_WORDS,
)
_MAX_KEPT_PASSAGES = 256  # a passage's pre-test answers kept for the calls after
# A line ending in a colon is no sentence's end: it opens the list of the lines after it.


_Check = Callable[[str, list[Word], str, list[Word]], list[Found]]
_STRENGTH_PLAIN: _Check = functools.partial(strength.find, legal=False)
_NEGATION_STATUTE: _Check = functools.partial(negation.find, statute=True)


class _Sentence(NamedTuple):
    """The sentence's half of each check's cheap test, found once for all its passages."""

    cues: bool  # it may hold a negation cue
    terms: dict[str, str]  # its key terms (see _prefixed)
    opposed: frozenset[str]  # the stems of its words' opposites
    strong: bool  # it holds a strong word (see strength)
    mentions: int  # words that may start a mention: two to turn around (see roles)
    excludes: bool  # it leaves something out in so many words (see exclusion)
    changes: bool  # it says a quantity went one way (see direction)
    ties: bool  # it may tie two quantities' directions (see covary)
    converses: bool  # it names a side of a relation (see converse)
    compares: bool  # it holds a "than" (see comparison)
    years: bool = False  # it gives a year (see years)
    bounds: bool = False  # it may bound a value (see bounds)
    changed: bool = False  # it says a quantity changed, which a region may hold (see unchanged)
    places: tuple[tuple[str, str], ...] = ()  # where it names names, as written (see named_place)


def find_contradictions(
    sentence: str, offset: int, claim: Claim, grounds: Grounds
) -> list[Contradiction]:
    """Every contradiction between ``sentence`` (the answer's text from ``offset``, citations
    blanked to spaces) and its cited passages' regions, in sentence order, then passage."""
    regions = _regions(claim, grounds)
    if not regions:
        return []
    tokens = _lower_tokens(sentence)
    words_said = tokens if tokens is not None else sentence.casefold().split()
    # Most sentences hold none of the words five tests look for: one C pass rules them out.
    worded = tokens is None or not _TEST_WORDS.isdisjoint(tokens)
    mentions = roles.mention_starts(sentence)
    tests = _Sentence(
        worded and _may_negate(sentence, tokens),
        claim.terms,
        _opposed(claim, sentence, tokens),
        strength.may_find(sentence, tokens),
        mentions,
        worded and exclusion.may_find(tokens, sentence),
        worded and direction.may_find(words_said),
        worded and covary.may_find(words_said),
        worded and converse.may_find(words_said),
        "than" in sentence,  # (a substring: "thankfully" lets the reading find nothing)
        years.may_find(claim.numbers),
        bounds.may_find(sentence, bool(claim.numbers)),
        worded and unchanged.may_find(words_said),
        named_place.places_said(sentence) if mentions else (),
    )
    names = grounds.missing_names
    opener = unknown_opener(claim, grounds.matched, grounds.passages)
    if opener is not None:
        names = [*names, opener]
    words: list[Word] | None = None
    found: list[Contradiction] = []
    silent: dict[str, int] = {}  # per kind: the most key terms a region held without finding it
    for p, span, held in regions:
        checks = _checks(tests, p, span)
        if names:  # (few sentences: a name no cited passage has)
            checks.append(functools.partial(stand_in.find, names))
        if not checks:
            continue
        if words is None:
            words = words_of(sentence)
        start, end = whole_sentences(p.text, *span)
        region = p.text[start:end]
        region_words = words_of(region)
        for check in checks:
            here = check(sentence, words, region, region_words)
            if here:
                found += [record(f, sentence, offset, p, start) for f in here]
            elif check in _OVERRULED:
                kind = _OVERRULED[check]
                silent[kind] = max(silent.get(kind, 0), held)
    if found and silent:
        found = _overruled(found, silent, regions)
    if tests.opposed and not any(c.kind == "opposite" for c in found):
        passages = grounds.passages[:MAX_PASSAGES]
        found += [
            record(f, sentence, offset, p, 0)
            for f, p in tied.find(sentence, words, tests.opposed, passages)
        ]
    return kept(found)


def _overruled(
    found: list[Contradiction],
    silent: dict[str, int],
    regions: list[tuple[Passage, tuple[int, int], int]],
) -> list[Contradiction]:
    """Without the orders one region finds where another region, holding more of the
    sentence's key terms, finds none: that region relates them as the sentence does."""
    held_by = {p.position: held for p, _, held in regions}
    return [c for c in found if silent.get(c.kind, -1) <= held_by[c.evidence]]


# The kinds another region can overrule. Roles only: a negation the fuller region is silent on
# is mostly a predicate it does not say ("cannot also cause" beside "may enter"), no agreement.
_OVERRULED: dict[object, str] = {roles.find: "roles"}


def _lower_tokens(text: str) -> list[str] | None:
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


def _may_negate(text: str, tokens: list[str] | None) -> bool:
    """Whether ``text`` (of ``tokens``, see :func:`_lower_tokens`) may hold a negation cue: for
    ASCII text a set test on its words, several times faster than a search of the pattern."""
    if tokens is not None:
        return not CUE_TOKENS.isdisjoint(tokens)
    return _CUE_RE.search(text) is not None


def _regions(claim: Claim, grounds: Grounds) -> list[tuple[Passage, tuple[int, int], int]]:
    """The cited passages' regions where they speak of the sentence: the one holding most of
    its key terms (the first of equals), and any other holding half of them; each with how
    many it holds."""
    if not claim.terms:
        return []
    spans, held = grounds.spans, grounds.held
    regions = [
        (p, spans[p.position], held[p.position])
        for p in grounds.passages[:MAX_PASSAGES]
        if p.position in spans
    ]
    if len(regions) == 1:  # the usual sentence: nothing to compare (2,000 x 100: 1.0 -> 0.5 us)
        return regions if regions[0][2] else []
    most = max((n for _, _, n in regions), default=0)
    least = min(most, _MIN_SHARE * len(claim.terms))
    return [region for region in regions if region[2] and region[2] >= least]


def _checks(tests: _Sentence, p: Passage, span: tuple[int, int]) -> list[_Check]:
    """The checks that may find something in this passage's region (``span``, before it is
    widened), by a cheap test of the two texts each."""
    checks: list[_Check] = []
    denies = tests.cues or _prefixed(tests, p) or _region_may_negate(p, span)
    if denies:
        checks.append(_NEGATION_STATUTE if p.law or p.article else negation.find)
    opposed = tests.opposed
    if opposed and not (
        opposed.isdisjoint(p.terms) and opposed.isdisjoint(_passage_function_stems(p))
    ):
        checks.append(opposite.find)
    if tests.excludes:
        checks.append(exclusion.find)
    if tests.changes and direction.has_digit(p.text[span[0] : span[1]]):
        checks.append(direction.find)
    if tests.ties:
        checks.append(covary.find)
    if tests.converses:
        checks.append(converse.find)
    if tests.places and named_place.may_find(p.text, *span, tests.places):
        checks.append(named_place.find)
    if tests.mentions > 1:
        checks += (roles.find, instead.find)
    elif denies and tests.mentions and _region_may_negate(p, span):
        # a thing's verb denied, another's asserted (see instead); without a cue in the
        # sentence the negation check's test has read the region already
        checks.append(instead.find)
    if tests.years and p.digit_numbers:
        checks.append(years.find)
    if tests.bounds and p.digit_numbers:
        checks.append(bounds.find)
    if tests.changed:
        checks.append(unchanged.find)
    if tests.compares and "than" in p.text:
        checks.append(comparison.find)
    if tests.strong:
        # a statute binds in the plain present: only elsewhere is "pays" less than "must pay"
        checks += (strength.find if p.law or p.article else _STRENGTH_PLAIN, restricted.find)
    return checks


def _region_may_negate(p: Passage, span: tuple[int, int]) -> bool:
    """Whether the passage's region (``span`` of its text) may hold a negation cue. Most
    passages hold none anywhere, tested once a passage whose index cut it between words only
    (ASCII, no segment too long: :attr:`.Passage.word_terms`; nearly all), so that a region
    holds no word its passage lacks. Tokenising every region took about 5 % of a 2,000 x 100
    call (CPU time, best of 15: 173 -> 165 ms)."""
    if p.word_terms is not None and not _per_text(_PASSAGE_NEGATES, p.text, _passage_may_negate, p):
        return False
    region = p.text[span[0] : span[1]]
    return _may_negate(region, _lower_tokens(region))


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


def _opposed(claim: Claim, sentence: str, tokens: list[str] | None) -> frozenset[str]:
    """The stems of the opposites of the sentence's words (empty: the opposite check cannot
    find anything)."""
    # The table's stems among the sentence's first (nearly always none), in C.
    stems = opposite.OPPOSITES.keys() & chain(claim.terms, _function_stems(sentence, tokens))
    if not stems:
        return _NO_STEMS
    return frozenset(chain.from_iterable(map(opposite.OPPOSITES.__getitem__, stems)))


def _function_stems(text: str, tokens: Iterable[str] | None) -> Iterator[str]:
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


def _passage_function_stems(p: Passage) -> frozenset[str]:
    """The stems of the opposites table's words that are no key term in a passage: like its
    key terms, tested passage-wide, as the region the check reads is widened to whole
    sentences ("the most points" beside a region of "scored ... points"). Once per passage of
    a call, not per sentence and region: the recent passages are kept (their text hashed once,
    a hit costs a lookup in C); widening each region for this test took 17 % more of a
    20 x 10 answer's instructions. Keyed by the language too: its stemmer makes the stems
    ("including": "includ" in English)."""
    return _per_text(_FUNCTION_STEMS, (p.text, current().name), _passage_stems, p)


def _passage_stems(p: Passage) -> frozenset[str]:
    """:func:`_passage_function_stems` worked out. The index's words as written (nearly
    always), each looked up once in a memo of the language's: lower-casing and collecting a
    new passage's distinct words first made and hashed a string a word (20 x 10 on new
    passages: 240,000 instructions a passage, this 65,000)."""
    words = p.ascii_words
    if words is None:  # beyond ASCII, or segments too long for the index's pass
        tokens = _lower_tokens(p.text)
        return frozenset(_function_stems(p.text, None if tokens is None else set(tokens)))
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


def _prefixed(tests: _Sentence, p: Passage) -> bool:
    """Whether one side has a key term the other has with a negative prefix ("unlawful",
    "lawful"): the negation check may find it. The sentence's terms with a prefix taken off or
    put on are looked for among the passage's, so nothing is worked out per passage: the bare
    forms of every new passage's terms, which this took before, cost more than a sentence's
    few forms (20 x 10 on new passages: 22.56 -> 21.85 M instructions a call). Each term's
    forms are looked for as they are kept: their union, a set of some 40 strings made for
    every sentence (a 2 kB table, from malloc), cost more than the lookups (2,000 x 100:
    1,108.3 -> 1,096.7 M instructions a call, and a loop over its 2,000 sentences' pre-tests
    4.3 -> 1.8 us of CPU time a sentence; 20 x 10: 21.75 -> 21.61 M)."""
    passage_terms = p.terms
    return not all(map(passage_terms.isdisjoint, map(_PREFIX_FORMS.__getitem__, tests.terms)))


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
_NO_STEMS: frozenset[str] = frozenset()
_PASSAGE_NEGATES: dict[str, bool] = {}
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
