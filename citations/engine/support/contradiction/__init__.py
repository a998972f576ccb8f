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
from collections.abc import Callable
from itertools import chain
from typing import NamedTuple

from ...text.claims import Claim
from ...text.words import Word, words_of
from ..mentions import unknown_opener
from ..model import Grounds
from ..passage import Passage
from . import (
    any_time,
    bounds,
    comparison,
    converse,
    covary,
    denied_claim,
    direction,
    exclusion,
    instead,
    majority,
    named_place,
    negation,
    no_evidence,
    nominated,
    opposite,
    planned,
    restricted,
    roles,
    stance,
    stand_in,
    strength,
    tied,
    unchanged,
    years,
)
from .found import Found
from .polarity import CUE_TOKENS
from .pretests import (
    function_stems,
    lower_tokens,
    may_negate,
    passage_function_stems,
    prefixed,
    region_may_deny_claim,
    region_may_negate,
)
from .recorded import Contradiction, kept, record
from .regions import whole_sentences

MAX_PASSAGES = 8
_MIN_SHARE = 0.5

# The words the cue, exclusion, direction, covary, converse, unchanged and majority tests look
# for in a sentence's lower-cased ASCII tokens: one test of all, where each alone cost about
# 3,000 instructions a sentence.
_TEST_WORDS = CUE_TOKENS.union(
    exclusion.TEST_WORDS,
    direction.TEST_WORDS,
    covary.TEST_WORDS,
    converse.TEST_WORDS,
    unchanged.TEST_WORDS,
    majority.TEST_WORDS,
)


_Check = Callable[[str, list[Word], str, list[Word]], list[Found]]
# The stems of the words that call for a reading of the region whatever the sentence says
_REGION_STEMS = frozenset().union(
    no_evidence.TEST_STEMS,
    planned.TEST_STEMS,
    denied_claim.TEST_STEMS,
    nominated.TEST_STEMS,
    exclusion.TEST_STEMS,
    stance.TEST_STEMS,
)
_STRENGTH_PLAIN: _Check = functools.partial(strength.find, legal=False)
_NEGATION_STATUTE: _Check = functools.partial(negation.find, statute=True)


class _Sentence(NamedTuple):
    """The sentence's half of each check's cheap test, found once for all its passages."""

    cues: bool  # it may hold a negation cue
    terms: dict[str, str]  # its key terms (see pretests.prefixed)
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
    any_time: bool = False  # it frees something of a time (see any_time)
    greater: bool = False  # it claims the greater part of a thing (see majority)


def find_contradictions(
    sentence: str, offset: int, claim: Claim, grounds: Grounds
) -> list[Contradiction]:
    """Every contradiction between ``sentence`` (the answer's text from ``offset``, citations
    blanked to spaces) and its cited passages' regions, in sentence order, then passage."""
    regions = _regions(claim, grounds)
    if not regions:
        return []
    tokens = lower_tokens(sentence)
    words_said = tokens if tokens is not None else sentence.casefold().split()
    # Most sentences hold none of the words these tests look for: one C pass rules them out.
    worded = tokens is None or not _TEST_WORDS.isdisjoint(tokens)
    mentions = roles.mention_starts(sentence)
    tests = _Sentence(
        worded and may_negate(sentence, tokens),
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
        any_time.may_find(tokens, sentence),
        worded and not majority.TEST_WORDS.isdisjoint(words_said),
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
    denies = tests.cues or prefixed(tests.terms, p) or region_may_negate(p, span)
    if denies:
        checks.append(_NEGATION_STATUTE if p.law or p.article else negation.find)
    opposed = tests.opposed
    if opposed and not (
        opposed.isdisjoint(p.terms) and opposed.isdisjoint(passage_function_stems(p))
    ):
        checks.append(opposite.find)
    if tests.excludes:
        checks.append(exclusion.find)
    held = _REGION_STEMS.intersection(p.terms)  # most passages hold none: one set operation
    if held:
        checks += _region_checks(held, p, span)
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
    elif denies and tests.mentions and region_may_negate(p, span):
        # a thing's verb denied, another's asserted (see instead); without a cue in the
        # sentence the negation check's test has read the region already
        checks.append(instead.find)
    if tests.years and p.digit_numbers:
        checks.append(years.find)
    if tests.bounds and p.digit_numbers:
        checks.append(bounds.find)
    if tests.changed:
        checks.append(unchanged.find)
    if tests.any_time:
        checks.append(any_time.find)
    if tests.greater:
        checks.append(majority.find)
    if tests.compares and "than" in p.text:
        checks.append(comparison.find)
    if tests.strong:
        # a statute binds in the plain present: only elsewhere is "pays" less than "must pay"
        checks += (strength.find if p.law or p.article else _STRENGTH_PLAIN, restricted.find)
    return checks


def _region_checks(held: set[str], p: Passage, span: tuple[int, int]) -> list[_Check]:
    """The readings the region's own words call for, whatever the sentence says: a denial of
    evidence or of a claim, an intention, a nomination, an exception, a stance (``held``: which
    of their stems the passage's key terms hold)."""
    checks: list[_Check] = []
    if not held.isdisjoint(no_evidence.TEST_STEMS) and region_may_negate(p, span):
        checks.append(no_evidence.find)
    if not held.isdisjoint(planned.TEST_STEMS):
        checks.append(planned.find)
    if not held.isdisjoint(denied_claim.TEST_STEMS) and region_may_deny_claim(p, span):
        checks.append(denied_claim.find)
    if not held.isdisjoint(nominated.TEST_STEMS):
        checks.append(nominated.find)
    if not held.isdisjoint(exclusion.TEST_STEMS):
        checks.append(exclusion.find_in_region)
    if not held.isdisjoint(stance.TEST_STEMS):
        checks.append(stance.find)
    return checks


def _opposed(claim: Claim, sentence: str, tokens: list[str] | None) -> frozenset[str]:
    """The stems of the opposites of the sentence's words (empty: the opposite check cannot
    find anything)."""
    # The table's stems among the sentence's first (nearly always none), in C.
    stems = opposite.OPPOSITES.keys() & chain(claim.terms, function_stems(sentence, tokens))
    if not stems:
        return _NO_STEMS
    return frozenset(chain.from_iterable(map(opposite.OPPOSITES.__getitem__, stems)))


_NO_STEMS: frozenset[str] = frozenset()
