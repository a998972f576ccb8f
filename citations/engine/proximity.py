"""How close together a cited passage holds a sentence's key terms, and whether its names are
there as well as its other words: three signals of the support score (:mod:`.support`).

* ``close``: the rarity-weighted share of the sentence's key terms found within one stretch of
  a cited passage ``STRETCH`` times as long as the sentence (counted in key-term words: the
  passage's stop-words are skipped). A passage that states the sentence holds its words close
  together; one that is only about the same topic has them spread out.
* ``scattered``: the weighted share of key terms the passages hold only outside that stretch
  (found somewhere, but far from the rest): topic words shared without the assertion.
* ``names_vs_rest``: the region coverage of the sentence as a whole minus that of its words
  outside names (:mod:`.names`); below 0 when the passages have the sentence's other words
  around but not its names ("Drake sings the theme song": the song is there, Drake is not).

Measured on the AttributionBench dev split (5-fold x 5 cross-validation, ``benchmarks/
fit_support.py``), the three together took balanced accuracy from 0.706 to about 0.72 and the
area under the ROC curve from 0.774 to 0.796; each alone gave less than half of that.

Cost: each passage text's key-term positions are listed once (cached by text, so sentences
citing the same passage share them); per sentence and cited passage, one sort of its terms'
positions (at most ``_MAX_POSITIONS`` each) and one pass over them.
"""

from __future__ import annotations

import functools
from collections.abc import Set

from .names import Name
from .passage import Passage
from .rarity import weight
from .terms import TERM_CACHE, nfkc, token_re

STRETCH = 3
"""A sentence of n key terms is looked for within ``STRETCH * n`` key-term words of a passage."""
_MIN_STRETCH = 3
_MAX_POSITIONS = 128  # per term: a word on every line of a huge passage costs no more than this
_CACHED_TEXTS = 512
_NONE: frozenset[str] = frozenset()


@functools.lru_cache(maxsize=_CACHED_TEXTS)
def positions(text: str) -> dict[str, list[int]]:
    """Key term -> its positions in ``text``, counted in words that have a key term."""
    normal = text if text.isascii() else nfkc(text)
    index: dict[str, list[int]] = {}
    get = index.get
    at = 0
    for produced in map(TERM_CACHE.__getitem__, token_re(normal).findall(normal)):
        if not produced:  # a stop-word: not counted
            continue
        for term in produced:
            plist = get(term)
            if plist is None:
                index[term] = [at]
            elif len(plist) < _MAX_POSITIONS:
                plist.append(at)
        at += 1
    return index


def stretch_of(n_terms: int) -> int:
    return max(_MIN_STRETCH, STRETCH * n_terms)


def closest(passage: Passage, here: Set[str], stretch: int) -> Set[str]:
    """The terms of ``here`` (the sentence's terms in ``passage``) of most rarity weight found
    within ``stretch`` consecutive key-term words of the passage (the earliest such stretch).
    A term of the passage's title counts in every stretch (a title heads the whole text)."""
    title = passage.title_terms.intersection(here) if passage.title else _NONE
    index = positions(passage.text)
    events = sorted([(at, t) for t in here if t not in title for at in index.get(t, ())])
    if not events or events[-1][0] - events[0][0] < stretch:  # all in one stretch: usual
        return title.union(t for _, t in events) if title else {t for _, t in events}
    counts: dict[str, int] = {}
    best = now = 0.0
    best_terms: Set[str] = _NONE
    first = 0
    for at, term in events:
        if counts.get(term):
            counts[term] += 1
        else:
            counts[term] = 1
            now += weight(term)
        while events[first][0] <= at - stretch:  # drop what fell out of the stretch
            gone = events[first][1]
            counts[gone] -= 1
            if not counts[gone]:
                now -= weight(gone)
            first += 1
        if now > best:
            best = now
            best_terms = {t for t, n in counts.items() if n}
    return title.union(best_terms) if title else best_terms


def proximity(
    terms: dict[str, str],
    names: list[Name],
    found: list[tuple[Passage, frozenset[str]]],
    matched: Set[str],
    covered: Set[str],
    total: float,
    coverage: float,
) -> tuple[dict[str, float], frozenset[str]]:
    """The three signals, and the key terms the closest stretches hold (one stretch per
    cited passage, as for the region coverage: an article cut into passages is read whole).
    ``found`` pairs each cited passage with the sentence's terms in it; ``total`` is the terms'
    summed weight and ``coverage`` the region coverage (:func:`.support._signals`)."""
    near: set[str] = set()
    if total:
        stretch = stretch_of(len(terms))
        for passage, here in found:
            if here:
                near.update(closest(passage, here, stretch))
        close = sum(map(weight, near)) / total
        anywhere = sum(map(weight, matched)) / total
    else:
        close = anywhere = 1.0
    return {
        "close": round(close, 4),
        "scattered": round(max(0.0, anywhere - close), 4),
        # Without names the two coverages are one (0, not a float's rounding of it).
        "names_vs_rest": round(coverage - _rest_coverage(terms, names, covered), 4)
        if names
        else 0.0,
    }, frozenset(near)


def _rest_coverage(terms: dict[str, str], names: list[Name], covered: Set[str]) -> float:
    """Region coverage of the key terms outside names (1 when every term is in a name)."""
    in_names = {term for name in names for term, _ in name.pairs}
    return _share([t for t in terms if t not in in_names], covered)


def _share(terms, covered: Set[str]) -> float:
    total = sum(map(weight, terms))
    if not total:
        return 1.0
    return sum(weight(t) for t in terms if t in covered) / total
