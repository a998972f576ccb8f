"""The support score: how likely the cited passages support a sentence, from 0 to 1.

A logistic regression over eleven named signals, each from 0 (bad) towards 1 or a small count:

* ``coverage``: the share of the sentence's key terms found together in a region of
  ``passage.WINDOW`` segments of a cited passage, each term weighted by its rarity
  (:mod:`.rarity`): a rare word missing costs more than a common one;
* ``bigrams``: the share of the sentence's neighbouring key-term pairs that the passages also
  have side by side (the sentence's coverage when it has no pair);
* ``missing_names``: names (:mod:`.names`) the passages do not mention, at most 3;
* ``missing_numbers``: numbers the passages do not state, at most 3;
* ``rarest_missing``: the rarity of the rarest key term not found, over 6 (0 when none is);
* ``key_terms``: log(1 + the number of key terms): long sentences carry added detail;
* ``generic_opener``: 1 when the sentence opens with "It is", "There are", "Overall", ...
* ``close``, ``scattered``, ``names_vs_rest``: how close together a passage holds the key terms,
  the share it holds only far from the rest, and whether its names are there as well as the
  sentence's other words (see :mod:`.proximity`);
* ``far_terms``: ``key_terms`` times the weighted share of key terms not close together
  (1 - ``close``): a term far from the rest costs more in a long sentence than in a short one.
  With it, closeness weighs in by ``close``'s weight minus ``far_terms``' times ``key_terms``:
  little for a sentence of one or two key terms, which a passage about anything may hold near
  each other, and more the longer the sentence (cross-validated on the dev split: balanced
  accuracy 0.715 to 0.721, mean of 8 shuffles; 0.718 leaving out the sentences of no key
  terms, which the refitted model puts under the cut; see ``benchmarks/fit_support.py``).

Weights and the cut point come from ``data/support_model.json``, written by
``benchmarks/fit_support.py`` (cross-validated on the AttributionBench dev split only).
"""

from __future__ import annotations

import json
import math
import operator
from collections.abc import Set
from dataclasses import dataclass
from pathlib import Path

from ..memo import Memo
from ..rounding import ROUND4, round4
from ..text.claims import Claim
from ..text.names import Name
from ..text.numbers import Number
from .mentions import name_in
from .passage import Passage
from .proximity import proximity
from .rarity import weight

_MODEL = json.loads((Path(__file__).parents[1] / "data" / "support_model.json").read_text("utf-8"))
FEATURES: tuple[str, ...] = tuple(_MODEL["features"])
WEIGHTS: dict[str, float] = dict(zip(FEATURES, _MODEL["weights"], strict=True))
_WEIGHT_LIST = [WEIGHTS[name] for name in FEATURES]
INTERCEPT: float = _MODEL["intercept"]
DEFAULT_THRESHOLD: float = _MODEL["cut"]
"""The fitted cut point: a sentence is verified when its support reaches it."""
IDEAL = {"coverage": 1.0, "bigrams": 1.0, "close": 1.0}
"""Each signal's best value (0 for the others): what a reason measures a shortfall against."""
_MAX_COUNTED = 3
_NOTHING: frozenset[str] = frozenset()
# The key_terms signal by the number of key terms: an int's lookup, not log1p and a float's
# (2,000 x 100, grounds: 75.0 -> 73.1 M instructions).
_KEY_TERMS = Memo(lambda n: round(math.log1p(n), 4), 1024)


@dataclass(slots=True)
class Grounds:
    """What the cited passages hold of one sentence's claim."""

    passages: list[Passage]
    matched: frozenset[str]  # key terms anywhere in the passages
    stated: frozenset[str] | set[str]  # enough of the passages' number keys (see numbers_of)
    covered: frozenset[str]  # key terms together in a passage's best region
    spans: dict[int, tuple[int, int]]  # passage position -> its best region
    found_numbers: list[Number]
    missing_numbers: list[Number]
    missing_names: list[Name]
    signals: dict[str, float]
    support: float
    close: Set[str] = frozenset()  # key terms in the closest stretches (see .proximity)


def assess(claim: Claim, passages: list[Passage]) -> Grounds:
    """The grounds and support for ``claim`` in ``passages`` (at least one)."""
    return assess_all([claim], [passages])[0]


def assess_all(claims: list[Claim], cited: list[list[Passage]]) -> list[Grounds]:
    """:func:`assess` for each claim in its passages, in two steps each taken over all of them,
    the passages' regions first (see :func:`.core.verify` for why; 2,000 x 100: 6% less wall
    time than assessing sentence by sentence)."""
    regions = list(map(_regions, claims, cited))
    return list(map(_grounds, claims, cited, regions))


# A claim's terms in each passage (for .proximity), all of them, those together in each one's
# best region, and passage position -> that region's span.
_Regions = tuple[
    list[tuple[Passage, frozenset[str]]], frozenset[str], frozenset[str], dict[int, tuple[int, int]]
]


def _regions(claim: Claim, passages: list[Passage]) -> _Regions:
    terms = claim.terms
    matched = covered = _NOTHING
    spans: dict[int, tuple[int, int]] = {}
    held = []
    for p in passages:
        here = p.terms.intersection(terms)  # a frozenset: the window cache's key as it is
        held.append((p, here))
        if not here:
            continue
        matched = matched | here if matched else here
        window = p.window_of(here)
        if window is not None:
            covered = covered | window[0] if covered else window[0]
            spans[p.position] = window[1]
        if p.title and not here.isdisjoint(p.title_terms):
            covered = covered | here.intersection(p.title_terms)  # a title heads every region
    return held, matched, covered, spans


def _grounds(claim: Claim, passages: list[Passage], regions: _Regions) -> Grounds:
    held, matched, covered, spans = regions
    given: frozenset[str] | set[str] = _NOTHING
    found_numbers: list[Number] = []
    missing_numbers: list[Number] = []
    if claim.numbers:  # (most sentences state none: no lists to filter)
        given = numbers_of(claim.numbers, passages)
        found_numbers = [n for n in claim.numbers if n.keys & given]
        missing_numbers = [n for n in claim.numbers if not n.keys & given]
    missing_names = []
    for name in claim.names:
        found, forms = name_in(name, matched, passages)
        if forms:
            covered = covered | forms  # "US" written "United States"
        if not found:
            missing_names.append(name)
    signals = _signals(claim, passages, covered, len(missing_names), len(missing_numbers))
    close = proximity(claim.terms, claim.names, held, matched, covered, signals)
    # All terms close (usual): key_terms times 0.0, a 0.0 that rounding keeps as it is.
    share = signals["close"]
    signals["far_terms"] = round4(signals["key_terms"] * (1.0 - share)) if share != 1.0 else 0.0
    return Grounds(
        passages,
        matched,
        given,
        covered,
        spans,
        found_numbers,
        missing_numbers,
        missing_names,
        signals,
        # Built above in FEATURES order (a test checks it): its values are the score's key
        # as they are (2,000 x 100: 813.6 M -> 805.4 M instructions).
        _SCORES[tuple(signals.values())],  # score(), without the call
        close,
    )


def _signals(
    claim: Claim, passages: list[Passage], covered: frozenset[str], names: int, numbers: int
) -> dict[str, float]:
    terms = claim.terms
    coverage = 1.0  # every term covered (usual): equal sums, order aside, which rounding hides
    # (issuperset reads the dict's keys without a view: 0.19 -> 0.13 us)
    if len(covered) != len(terms) or not covered.issuperset(terms):
        total = sum(map(weight, terms))
        coverage = round4(sum(map(weight, covered)) / total) if total else 1.0
    rarest = 0.0
    if len(covered) < len(terms):
        rarest = max(map(weight, terms.keys() - covered))
    if claim.bigrams:
        if len(passages) == 1:  # nearly always: one intersection in C
            have = len(claim.bigrams.intersection(passages[0].bigrams))
        else:  # a sentence has a few pairs: taken from each passage's, not from their union
            left = claim.bigrams
            for p in passages:
                left = left.difference(p.bigrams)
            have = len(claim.bigrams) - len(left)
        bigrams = ROUND4[have / len(claim.bigrams)] if have else 0.0
    else:
        bigrams = coverage  # rounded already (rounding twice changes nothing)
    # Each signal rounded where it is computed, and only when it can need it (a Python call
    # costs as much as a few lines): 2,000 x 100, 755.3 M -> 749.2 M instructions.
    return {
        "coverage": coverage,
        "bigrams": bigrams,
        "missing_names": float(min(names, _MAX_COUNTED)) if names else 0.0,
        "missing_numbers": float(min(numbers, _MAX_COUNTED)) if numbers else 0.0,
        "rarest_missing": ROUND4[rarest / 6.0] if rarest else 0.0,
        "key_terms": _KEY_TERMS[len(terms)],
        "generic_opener": 1.0 if claim.generic else 0.0,
    }


def _logistic(values: tuple[float, ...]) -> float:
    # Products summed in C, in the same order (the same float): no generator per sentence.
    z = INTERCEPT + sum(map(operator.mul, _WEIGHT_LIST, values))
    return round(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))), 3)


# Sentences share a few signal vectors (every term found, a handful of lengths), so each one's
# score is computed once: a logistic and a rounding cost about ten times a lookup. A signal of
# -0.0 and one of 0.0 are one key, rightly: the weighted sum (plus a nonzero intercept) is the
# same float. At most 16,384 vectors (about 6 MB).
_SCORES = Memo(_logistic, 16_384)


def score(values: tuple[float, ...]) -> float:
    """The logistic model's estimate from the signals' values in ``FEATURES`` order, rounded
    to 3 decimals so reports are byte-stable."""
    return _SCORES[values]


def shortfalls(signals: dict[str, float]) -> list[tuple[str, float]]:
    """The signals that pulled the score down, with how much (in log-odds), largest first."""
    pulls = []
    for name in FEATURES:
        cost = WEIGHTS[name] * (signals[name] - IDEAL.get(name, 0.0))
        if cost < -1e-9 and name != "key_terms":
            pulls.append((name, cost))
    return sorted(pulls, key=lambda pull: (pull[1], pull[0]))


def numbers_of(numbers: list[Number], passages: list[Passage]) -> frozenset[str] | set[str]:
    """The passages' number keys, enough to tell which of ``numbers`` they state: the keys of
    their numbers in digits when those state them all (usual), else of every number. The
    search for number words costs twice the digits' one (2,000 x 100: 805.4 M -> 778.0 M
    instructions)."""
    keys = _union([p.digit_numbers for p in passages])
    if all(n.keys & keys for n in numbers):
        return keys
    return _union([p.numbers for p in passages])


def _union(sets: list[frozenset[str] | set[str]]) -> frozenset[str] | set[str]:
    # One union, then one lookup per number: linear in numbers plus passages, not their product.
    return sets[0] if len(sets) == 1 else frozenset().union(*sets)
