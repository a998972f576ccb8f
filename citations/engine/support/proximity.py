"""How close together a cited passage holds a sentence's key terms, and whether its names are
there as well as its other words: three signals of the support score (:mod:`.support`).

* ``close``: the rarity-weighted share of the sentence's key terms found within one stretch of
  a cited passage about ``STRETCH`` times as long as the sentence (counted in key-term words:
  the passage's stop-words are skipped; see :func:`stretch_of`). A passage that states the
  sentence holds its words close together; one only about the same topic has them spread out.
* ``scattered``: the weighted share of key terms the passages hold only outside that stretch
  (found somewhere, but far from the rest): topic words shared without the assertion.
* ``names_vs_rest``: the region coverage of the sentence as a whole minus that of its words
  outside names (:mod:`.names`); below 0 when the passages have the sentence's other words
  around but not its names ("Drake sings the theme song": the song is there, Drake is not).

Measured on the AttributionBench dev split (5-fold x 5 cross-validation, ``benchmarks/
fit_support.py``), the three together took balanced accuracy from 0.706 to 0.715 (0.71 to
0.72 over other shuffles) and the area under the ROC curve from 0.774 to 0.789; closeness
without the other two gave less than half of that. A sliding stretch (every start) measured
no better than the half-overlapping ones used here, and cost several times more.

Cost: each passage text's positions of the key terms its sentences ask for (:func:`locate`),
and its stretches per size, are listed once (kept by text, so sentences citing the same
passage share them, as does the next call citing it); per sentence and cited
passage, until one stretch holds all of the sentence's terms, one AND of its terms' stretch
masks and, only when no one stretch holds them all, one weighted sum of their stretch fields
and one maximum, both in C.
"""

from __future__ import annotations

import functools
import operator
import sys
from array import array
from collections.abc import Iterable, Iterator, Set
from itertools import compress

from ..text.claims import ascii_singles
from ..text.lexicon import ascii_word_runs
from ..text.names import Name
from ..text.terms import LANGUAGES, current, nfkc, token_re
from .listing import Listing
from .passage import Passage
from .rarity import weight

STRETCH = 3
"""A sentence of n key terms is looked for within about ``STRETCH * n`` key-term words."""
_MAX_POSITIONS = 128  # per term: a word on every line of a huge passage costs no more than this
# Caches keyed by text: at least one call's passages (limits.MAX_PASSAGES, 200), and a few
# stretch sizes each; the texts are shared with the positions cache.
_CACHED_TEXTS = 256
_CACHED_STRETCHES = 1024
_NONE: frozenset[str] = frozenset()
_FIELD_BITS = 16  # one stretch's weight in tenths (see closest)
_PAIR = 1 | 1 << _FIELD_BITS  # a word's two stretches
_MAX_TERMS = 1000  # x 60 tenths, the largest weight: fits a field
_MAX_TENTHS = 200_000  # terms whose weight in tenths is kept (as rarity.WEIGHTS)


def positions(text: str) -> dict[str, list[int]]:
    """Key term -> its positions in ``text``, counted in words that have a key term."""
    return _where(Passage(0, text), current().name)


def locate(asked: Iterable[tuple[Passage, Set[str]]]) -> None:
    """List at once the positions of the terms the sentences ask of each passage (``asked``:
    each passage and its sentences' terms): a passage's sentences ask for a few of its terms,
    and passing its words once for those, in C but for their own places, cost a third of
    listing every term's (20 x 10 on new passages: 27.99 -> 25.37 M instructions a call)."""
    language = current().name
    for p, terms in asked:
        _where(p, language, terms)


class _Positions(Listing[list[int]]):
    """Key term -> its positions in a text, counted in words that have a key term."""


# Kept per text and language (its stems and stop-words make the terms, see terms.reading):
# listed by _where from the text's passage as terms are asked.
@functools.lru_cache(maxsize=_CACHED_TEXTS)
def _kept_positions(text: str, language: str) -> _Positions:
    return _Positions()


def _where(passage: Passage, language: str, terms: Set[str] | None = None) -> _Positions:
    """The positions of the passage's text, ``terms`` (every term when None) listed where they
    are not yet, kept for the next passage of the same text."""
    return _listed(_kept_positions(passage.text, language), passage, language, terms)


def _listed(
    index: _Positions, passage: Passage, language: str, terms: Set[str] | None
) -> _Positions:
    """``index``, the positions of the passage's text, with ``terms`` (all when None) listed."""
    new = index.take(terms)
    if new is not None and not new:
        return index
    get = index.get
    for at, term in _placed_terms(passage, language, new):
        plist = get(term)
        if plist is None:
            index[term] = [at]
        elif len(plist) < _MAX_POSITIONS:
            plist.append(at)
    return index


def _placed_terms(
    passage: Passage, language: str, only: Set[str] | None
) -> Iterator[tuple[int, str]]:
    """Each key term of the passage's text in ``language`` (the one being read) with its word's
    place among the words that have one; of ``only`` those terms when given, picked in C for
    ASCII text. An ASCII text (nearly always) has one term or none a word, listed by the
    passage's index (:attr:`.Passage.word_terms`): cutting the text again took about a third
    of a new passage's positions (20 x 10 on new passages: 35.0 -> 32.3 M instructions a
    call)."""
    singles = passage.word_terms
    text = passage.text
    if singles is None and text.isascii():  # segments too long for the index's pass
        singles = list(map(ascii_singles().__getitem__, ascii_word_runs(text)))
    if singles is not None:
        words = list(filter(None, singles))
        placed = enumerate(words)
        return placed if only is None else compress(placed, map(only.__contains__, words))
    normal = nfkc(text)
    produced = map(LANGUAGES[language].cache.__getitem__, token_re(normal).findall(normal))
    words_terms = filter(None, produced)  # (stop-words are not counted)
    return (
        (at, term)
        for at, terms in enumerate(words_terms)
        for term in terms
        if only is None or term in only
    )


def stretch_of(n_terms: int) -> int:
    """The stretch for a sentence of ``n_terms`` key terms: the power of 2 from ``STRETCH``
    times that on (at least 4), so that passages keep one set of stretches per size."""
    return 1 << max(2, (STRETCH * n_terms - 1).bit_length())


def stretches(text: str, size: int) -> dict[str, int]:
    """Key term -> the stretches of ``size`` key-term words of ``text`` holding it, one
    ``_FIELD_BITS`` field per stretch (1 when it does). Stretches start every ``size // 2``
    words, so any ``size // 2`` consecutive words lie within one of them."""
    passage, language = Passage(0, text), current().name
    _where(passage, language)
    return _stretch_tables(passage, size, language)[0]


class _Masks(dict[str, int]):
    """Key term -> one bit per stretch of ``size`` key-term words of the text holding it (0
    for none): whether one stretch holds all of a sentence's terms (usual) is one pass over
    its terms, ANDing these small masks. Each term's is worked out when a sentence first asks
    for it, as are its fields: a passage's sentences ask for a few of its terms (20 x 10 on
    new passages, every term's at once: 46.6 M instructions a call, this way 39.6 M)."""

    def __init__(self, positions: _Positions, size: int) -> None:
        super().__init__()
        self.positions = positions
        self.half = size // 2

    def __missing__(self, term: str) -> int:
        half = self.half
        mask = 0
        for at in self.positions.get(term, ()):
            k = at // half  # in stretches k - 1 and k
            mask |= 3 << (k - 1) if k else 1
        self[term] = mask
        return mask


class _Fields(_Masks):
    """:func:`stretches`: the masks with a ``_FIELD_BITS`` field per stretch."""

    def __missing__(self, term: str) -> int:
        half = self.half
        bits = 0
        for at in self.positions.get(term, ()):
            k = at // half
            bits |= _PAIR << (_FIELD_BITS * (k - 1)) if k else 1
        self[term] = bits
        return bits


# Key (text, size, language) -> that text's tables: emptied when full, as the term caches.
_STRETCH_TABLES: dict[tuple[str, int, str], tuple[_Fields, _Masks]] = {}


def _stretch_tables(passage: Passage, size: int, language: str) -> tuple[_Fields, _Masks]:
    """The passage text's fields and masks for stretches of ``size``, kept per text (one
    lookup a sentence and passage), from its kept positions (see :func:`closest`)."""
    key = (passage.text, size, language)
    tables = _STRETCH_TABLES.get(key)
    if tables is None:
        if len(_STRETCH_TABLES) >= _CACHED_STRETCHES:
            _STRETCH_TABLES.clear()
        where = _kept_positions(passage.text, language)
        tables = _STRETCH_TABLES[key] = _Fields(where, size), _Masks(where, size)
    return tables


class _Tenths(dict[str, int]):
    """term -> its rarity weight in tenths (a whole number), computed on first use, so that a
    sentence's weights come through ``map`` in C."""

    def __missing__(self, term: str) -> int:
        value = round(10 * weight(term))
        if len(self) < _MAX_TENTHS:
            self[term] = value
        return value


_TENTHS = _Tenths()


def closest(passage: Passage, here: Set[str], stretch: int) -> Set[str]:
    """The terms of ``here`` (the sentence's terms in ``passage``) of most rarity weight found
    in one stretch of ``stretch`` key-term words of the passage (the earliest such stretch).
    A term of the passage's title counts in every stretch (a title heads the whole text)."""
    language = current().name
    fields, masks = _stretch_tables(passage, stretch, language)
    listed = masks.positions.listed
    if listed is not None and not listed.issuperset(here):  # (terms locate was not told of)
        _listed(masks.positions, passage, language, here)
    title = _NONE
    inside = here
    if passage.title and not here.isdisjoint(passage.title_terms):  # (usual: no set to build)
        title = passage.title_terms & here
        inside = here - title
    # The usual sentence: every term in the text, and one stretch holding them all; no set to
    # build (2,000 x 100: the proximity step 6.3 -> 5.5 ms).
    if not _one_stretch(masks, inside):
        inside = masks.positions.keys() & inside  # those in the text
        if not _one_stretch(masks, inside):
            inside = _best_stretch(fields, inside)
    return title | inside if title else inside


def _one_stretch(masks: dict[str, int], terms: Set[str]) -> bool:
    """Whether one stretch holds all of ``terms`` (none of them outside the text). A loop: for
    a sentence's few terms, 0.25 us against 0.57 us for ANDing them by reduce over a map."""
    common = -1
    for term in terms:
        common &= masks[term]
    return common != 0


def _best_stretch(fields: dict[str, int], inside: Set[str]) -> set[str]:
    """The terms of ``inside`` (all in the text) in the earliest stretch of most weight."""
    order = list(inside)
    bits = list(map(fields.__getitem__, order))
    # Every stretch's weight at once, one field each, summed in C (a field holds _MAX_TERMS of
    # the largest weight, 60 tenths).
    total = sum(map(operator.mul, bits, map(_TENTHS.__getitem__, order[:_MAX_TERMS])))
    sums = array("H", total.to_bytes((total.bit_length() + 15) // 16 * 2, "little"))
    if sys.byteorder == "big":
        sums.byteswap()
    at = sums.index(max(sums)) * _FIELD_BITS
    return {t for t, b in zip(order, bits, strict=True) if b >> at & 1}


def proximity(
    terms: dict[str, str],
    names: list[Name],
    found: list[tuple[Passage, frozenset[str]]],
    matched: Set[str],
    covered: Set[str],
    signals: dict[str, float],
) -> Set[str]:
    """The three signals, added to ``signals`` (which holds the region coverage, see
    :func:`.support._signals`), and the key terms the closest stretches hold (one stretch per
    cited passage, as for the region coverage: an article cut into passages is read whole).
    ``found`` pairs each cited passage with the sentence's terms in it."""
    near: Set[str] = _NONE
    close, scattered = 1.0, 0.0  # no terms, or all close (usual): nothing to round
    if terms:
        n = len(terms)
        stretch = stretch_of(n)
        for passage, here in found:
            if here:
                held = closest(passage, here, stretch)
                near = near | held if near else held
                if len(near) == n:  # every term close: a later passage cannot add one
                    break  # (2,000 x 100: a cited second passage skipped, proximity 5.0 -> 2.5 ms)
        if len(near) != len(terms):  # (near holds terms of the sentence)
            total = sum(map(weight, terms))
            close = sum(map(weight, near)) / total
            # near holds terms of matched: the same set when as large
            anywhere = close if len(near) == len(matched) else sum(map(weight, matched)) / total
            scattered = round(max(0.0, anywhere - close), 4)
            close = round(close, 4)
    signals["close"] = close
    signals["scattered"] = scattered
    # Without names the two coverages are one (0, not a float's rounding of it).
    signals["names_vs_rest"] = (
        round(signals["coverage"] - _rest_coverage(terms, names, covered), 4) if names else 0.0
    )
    return near


def _rest_coverage(terms: dict[str, str], names: list[Name], covered: Set[str]) -> float:
    """Region coverage of the key terms outside names (1 when every term is in a name)."""
    in_names = {term for name in names for term, _ in name.pairs}
    return _share([t for t in terms if t not in in_names], covered)


def _share(terms, covered: Set[str]) -> float:
    total = sum(map(weight, terms))
    if not total:
        return 1.0
    return sum(weight(t) for t in terms if t in covered) / total
