"""How rare a key term is: a weight from 1 (everyday word) to 6 (rare word or name).

Read from ``data/rarity_en.txt`` (English Zipf frequencies from wordfreq; see
``benchmarks/make_rarity.py`` for its provenance). A term not in the table is rare: a name, a
technical word, or a word of another language (those weigh a middle 4, since the table says
nothing about them).
"""

from __future__ import annotations

from pathlib import Path

_TABLE = Path(__file__).parents[1] / "data" / "rarity_en.txt"
_RARE_ZIPF = 2.0  # below the table's least frequent word
_OTHER_SCRIPT = 4.0
_MIN_WEIGHT = 1.0
MAX_WEIGHT = 6.0


class _Weights(dict[str, float]):
    """term -> weight; ``WEIGHTS[term]`` computes a term outside the table (and keeps it), so
    ``map(WEIGHTS.__getitem__, terms)`` weighs a sentence without a Python call per term."""

    def __missing__(self, term: str) -> float:
        value = _UNKNOWN if term.isascii() else _OTHER_SCRIPT
        if len(self) < _MAX_WEIGHTS:
            self[term] = value
        return value


def _load() -> _Weights:
    weights = _Weights()
    for line in _TABLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line:
            continue
        tenths, *terms = line.split(" ")
        weight = _weight(int(tenths) / 10)
        for term in terms:
            weights[term] = weight
    return weights


def _weight(zipf: float) -> float:
    return min(MAX_WEIGHT, max(_MIN_WEIGHT, 8.0 - zipf))


_UNKNOWN = _weight(_RARE_ZIPF)
_MAX_WEIGHTS = 200_000  # the table and the unknown terms met; beyond, unknowns are not kept
WEIGHTS = _load()
weight = WEIGHTS.__getitem__
