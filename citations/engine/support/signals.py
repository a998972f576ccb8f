"""The support score's signals: the one list the model file, the reasons, the API and the README
are checked against or built from.

Adding a signal: compute it in :mod:`.model` (or :mod:`.proximity`), add it here, refit the
model (``benchmarks/fit_support.py``), give it a phrase in :mod:`..verdict.reasons` (or list it
there as phrase-less) and name it in the README; the tests say which of these is missing.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Signal:
    name: str
    ideal: float
    """Its best value: what a reason measures a shortfall against."""
    meaning: str
    share: bool = False
    """A share from 0 to 1 (else a count, a log or a difference)."""
    since: str = ""
    """The engine version that added it: reports before it lack it."""


SIGNALS: tuple[Signal, ...] = (
    Signal(
        "coverage",
        1.0,
        "Rarity-weighted share of the key terms found together in a cited passage's region.",
        share=True,
    ),
    Signal("bigrams", 1.0, "Share of neighbouring key-term pairs the passages also pair.", True),
    Signal("missing_names", 0.0, "Names the passages lack (at most 3)."),
    Signal("missing_numbers", 0.0, "Numbers the passages lack (at most 3)."),
    Signal("rarest_missing", 0.0, "Rarity of the rarest missing term / 6."),
    Signal("key_terms", 0.0, "log(1 + number of key terms)."),
    Signal("generic_opener", 0.0, '1 when it opens like "It is"; else 0.'),
    Signal(
        "close",
        1.0,
        "Rarity-weighted share of the key terms within one stretch of a cited passage three "
        "times the sentence's length.",
        share=True,
        since="2.2",
    ),
    Signal(
        "scattered",
        0.0,
        "Weighted share of the key terms the passages hold only far from the rest.",
        share=True,
        since="2.2",
    ),
    Signal(
        "names_vs_rest",
        0.0,
        "Region coverage of the whole sentence minus that of its words outside names (below "
        "0: the other words are there, the names not).",
        since="2.2",
    ),
    Signal(
        "far_terms",
        0.0,
        "key_terms times the weighted share of key terms not close together (1 - close): a "
        "term far from the rest costs more in a long sentence.",
        since="2.3",
    ),
)
NAMES: tuple[str, ...] = tuple(s.name for s in SIGNALS)
IDEAL: dict[str, float] = {s.name: s.ideal for s in SIGNALS}
