"""The support score: how likely the cited passages support a sentence, from 0 to 1.

A logistic regression over the signals :mod:`.signals` lists (each one's meaning is there).
How they are measured, where the one-line meanings leave it open: key terms are weighted by
rarity (:mod:`.rarity`), so a rare word missing costs more than a common one; ``coverage``'s
region is ``passage.WINDOW`` segments; ``bigrams`` is the coverage when the sentence has no
pair; ``close``, ``scattered`` and ``names_vs_rest`` come from :mod:`.proximity`. With
``far_terms``, closeness weighs in by ``close``'s weight minus ``far_terms``' times
``key_terms``: little for a sentence of one or two key terms, which a passage about anything
may hold near each other, and more the longer the sentence (cross-validated on the dev split:
balanced accuracy 0.715 to 0.721, mean of 8 shuffles).

The variants tried on the dev split and rejected, each with its cross-validated and
leave-one-source-out figures (about sixty; none gained beyond the shuffles' spread, or the one
that did lowered a perturbation kind), are listed in ``benchmarks/support_model_tried.md``:
read it before trying another.

Weights and the cut point come from ``data/support_model.json``, written by
``benchmarks/fit_support.py`` (cross-validated on the AttributionBench dev split only).
"""

from __future__ import annotations

import functools
import json
import math
import operator
from collections.abc import Set
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..text.changes import opens_change, span_ends
from ..text.claims import Claim
from ..text.names import Name
from ..text.numbers import Number
from ..text.terms import token_terms
from ..text.units import unit_after
from .anchor import Anchor, anchor_of
from .mentions import name_in
from .passage import Passage
from .proximity import locate, proximity
from .rarity import weight
from .signals import IDEAL, NAMES

if TYPE_CHECKING:  # (the checks read Grounds: a runtime import would be circular)
    from .contradiction import Contradiction

MODEL_FILE = Path(__file__).parents[1] / "data" / "support_model.json"


def _load(path: Path) -> dict:
    model = json.loads(path.read_text("utf-8"))
    if tuple(model["features"]) != NAMES:
        raise RuntimeError(
            f"{path} is fitted on the signals {model['features']}, but support.signals lists "
            f"{list(NAMES)}: refit it with benchmarks/fit_support.py"
        )
    return model


_MODEL = _load(MODEL_FILE)
FEATURES: tuple[str, ...] = NAMES
"""The signals in the model file's order (that of :data:`.signals.SIGNALS`)."""
WEIGHTS: dict[str, float] = dict(zip(FEATURES, _MODEL["weights"], strict=True))
_WEIGHT_LIST = [WEIGHTS[name] for name in FEATURES]
INTERCEPT: float = _MODEL["intercept"]
DEFAULT_THRESHOLD: float = _MODEL["cut"]
"""The fitted cut point: a sentence is verified when its support reaches it."""
_MAX_COUNTED = 3
_NOTHING: frozenset[str] = frozenset()


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
    # What the regions say instead (set by the caller that reads the sentence's words: the
    # checks need its text as the answer has it, see core._blanked).
    contradictions: list[Contradiction] = field(default_factory=list)
    claim: Claim | None = None  # (None: grounds built by hand, which have no anchor)
    held: dict[int, int] = field(default_factory=dict)  # position -> key terms in its region
    _anchor: Anchor | bool | None = False  # False: not looked for yet

    def anchor(self) -> Anchor | None:
        """Where the claim's numbers and key terms stand together (:mod:`.anchor`), looked
        for on first ask: only a sentence the score leaves under the cut needs it."""
        if self._anchor is False:
            claim = self.claim
            self._anchor = (
                None
                if claim is None
                else anchor_of(
                    claim, self.passages, self.spans, self.missing_numbers, self.missing_names
                )
            )
        return self._anchor or None


def assess(claim: Claim, passages: list[Passage]) -> Grounds:
    """The grounds and support for ``claim`` in ``passages`` (at least one)."""
    return assess_all([claim], [passages])[0]


def assess_all(claims: list[Claim], cited: list[list[Passage]]) -> list[Grounds]:
    """:func:`assess` for each claim in its passages, in two steps each taken over all of them,
    the passages' regions first (see :func:`.core.verify` for why; 2,000 x 100: 6% less wall
    time than assessing sentence by sentence)."""
    asked = _asked(claims, cited)
    for p, terms in asked:
        p.expect(terms)
    locate(asked)
    regions = list(map(_regions, claims, cited))
    return list(map(_grounds, claims, cited, regions))


def _asked(claims: list[Claim], cited: list[list[Passage]]) -> list[tuple[Passage, set[str]]]:
    """Each cited passage (one per text) and the key terms of the sentences citing it, so that
    its tables list those terms only, and all at once (see :mod:`.listing`)."""
    asked: dict[str, tuple[Passage, set[str]]] = {}
    for claim, passages in zip(claims, cited, strict=True):
        for p in passages:
            entry = asked.get(p.text)
            if entry is None:
                asked[p.text] = (p, set(claim.terms))
            else:
                entry[1].update(claim.terms)
    return list(asked.values())


# A claim's terms in each passage (for .proximity), all of them, those together in each one's
# best region, and passage position -> that region's span and how many terms it holds.
_Regions = tuple[
    list[tuple[Passage, frozenset[str]]],
    frozenset[str],
    frozenset[str],
    dict[int, tuple[int, int]],
    dict[int, int],
]


def _regions(claim: Claim, passages: list[Passage]) -> _Regions:
    terms = claim.terms
    matched = covered = _NOTHING
    spans: dict[int, tuple[int, int]] = {}
    counts: dict[int, int] = {}
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
            counts[p.position] = len(window[0])
        if p.title and not here.isdisjoint(p.title_terms):
            covered = covered | here.intersection(p.title_terms)  # a title heads every region
    return held, matched, covered, spans, counts


def _grounds(claim: Claim, passages: list[Passage], regions: _Regions) -> Grounds:
    held, matched, covered, spans, counts = regions
    given: frozenset[str] | set[str] = _NOTHING
    found_numbers: list[Number] = []
    missing_numbers: list[Number] = []
    if claim.numbers:  # (most sentences state none: no lists to filter)
        given = numbers_of(claim.numbers, passages)
        content = claim.content
        for n in claim.numbers:
            stated = _stated(n, given, content) and other_unit(n, content, passages) is None
            (found_numbers if stated else missing_numbers).append(n)
    if found_numbers:
        covered = _units_written_otherwise(claim, found_numbers, passages, covered)
    missing_names = []
    for name in claim.names:
        found, forms = name_in(name, matched, passages)
        if forms:
            covered = covered | forms  # "US" written "United States"
        if not found:
            missing_names.append(name)
    signals = _signals(claim, passages, covered, len(missing_names), len(missing_numbers))
    close = proximity(claim.terms, claim.names, held, matched, covered, signals)
    signals["far_terms"] = round(signals["key_terms"] * (1.0 - signals["close"]), 4)
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
        score(signals),
        close,
        claim=claim,
        held=counts,
    )


def _signals(
    claim: Claim, passages: list[Passage], covered: frozenset[str], names: int, numbers: int
) -> dict[str, float]:
    terms = claim.terms
    coverage = 1.0  # every term covered (usual): no weights to sum
    if covered != terms.keys():
        total = sum(map(weight, terms))
        coverage = round(sum(map(weight, covered)) / total, 4) if total else 1.0
    # (covered may hold a name's other form besides the terms: then, as fitted, a missing term
    # only counts when fewer are covered than the sentence has.)
    rarest = max(map(weight, terms.keys() - covered)) if len(covered) < len(terms) else 0.0
    if claim.bigrams:
        # Counted per passage, not in their union: a pair split across two passages is no pair.
        left = claim.bigrams
        for p in passages:
            left = p.pairs_missing(left)
        bigrams = round((len(claim.bigrams) - len(left)) / len(claim.bigrams), 4)
    else:
        bigrams = coverage
    return {
        "coverage": coverage,
        "bigrams": bigrams,
        "missing_names": float(min(names, _MAX_COUNTED)),
        "missing_numbers": float(min(numbers, _MAX_COUNTED)),
        "rarest_missing": round(rarest / 6.0, 4) if rarest else 0.0,
        "key_terms": round(math.log1p(len(terms)), 4),
        "generic_opener": 1.0 if claim.generic else 0.0,
    }


def score(signals: dict[str, float]) -> float:
    """The logistic model's estimate from the signals, rounded to 3 decimals so reports are
    byte-stable."""
    return _logistic(tuple(map(signals.__getitem__, FEATURES)))


# Sentences share a few signal vectors (every term found, a handful of lengths), so each one's
# score is computed once. A signal of -0.0 and one of 0.0 are one key, rightly: the weighted
# sum is the same float.
@functools.lru_cache(maxsize=16_384)
def _logistic(values: tuple[float, ...]) -> float:
    z = INTERCEPT + sum(map(operator.mul, _WEIGHT_LIST, values))
    return round(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))), 3)


def shortfalls(signals: dict[str, float]) -> list[tuple[str, float]]:
    """The signals that pulled the score down, with how much (in log-odds), largest first."""
    pulls = []
    for name in FEATURES:
        cost = WEIGHTS[name] * (signals[name] - IDEAL[name])
        if cost < -1e-9 and name != "key_terms":
            pulls.append((name, cost))
    return sorted(pulls, key=lambda pull: (pull[1], pull[0]))


def other_unit(number: Number, content: str, passages: list[Passage]) -> tuple[int, str] | None:
    """Where the passages write another unit after ``number``'s value than the sentence does
    ("30 weeks" against "30 days") and none writes the sentence's: the first such passage's
    position and its value with its unit as written ("30 days"); None when they agree or
    either names none."""
    said = unit_after(content, number.end) if not number.kind else None
    if said is None:
        return None
    other = None
    for p in passages:
        for key in number.keys:
            units = p.units_of(key)
            if said[0] in units:
                return None
            if units and other is None:
                other = p.position, next(iter(units.values()))
    return other


def _units_written_otherwise(
    claim: Claim, numbers: list[Number], passages: list[Passage], covered: frozenset[str]
) -> frozenset[str]:
    """``covered`` with the key term of each unit word the sentence writes after a stated
    number where a passage writes the same unit after it otherwise: "12 percent" beside
    "12%" holds the percent."""
    for n in numbers:
        said = unit_after(claim.content, n.end) if not n.kind else None
        if said is None:
            continue
        terms = set(token_terms(said[1])).difference(covered)
        if terms and any(said[0] in p.units_of(key) for p in passages for key in n.keys):
            covered = covered | terms
    return covered


def _stated(n: Number, given: frozenset[str] | set[str], content: str) -> bool:
    """Whether the passages (of number keys ``given``) state ``n``: one of its readings, or
    each value of a change from one figure to another ("rose from 6.4 to 8.1 million" beside
    "8.1 million, up from 6.4 million"); a span's ends stated apart state no span."""
    if n.keys & given:
        return True
    return (
        n.kind == "range"
        and opens_change(content, n.start)
        and all(end.keys & given for end in span_ends(n.raw))
    )


def numbers_of(numbers: list[Number], passages: list[Passage]) -> frozenset[str] | set[str]:
    """The passages' number keys, enough to tell which of ``numbers`` they state: the keys of
    their numbers in digits when those state them all (usual), else of every number: the
    search for number words costs twice the digits' one."""
    keys = _union([p.digit_numbers for p in passages])
    if all(n.keys & keys for n in numbers):
        return keys
    return _union([p.numbers for p in passages])


def _union(sets: list[frozenset[str] | set[str]]) -> frozenset[str] | set[str]:
    # One union, then one lookup per number: linear in numbers plus passages, not their product.
    return sets[0] if len(sets) == 1 else frozenset().union(*sets)
