"""Rounding the support signals to 4 decimals, memoised: the floats ``round()`` gives, cheaply.

``round(x, 4)`` converts a float to decimal digits and back (about 3,000 instructions on
CPython 3.13), and a sentence rounds up to eight signals. Their values repeat a great deal
(shares of a few key terms, log1p of a small count), so each float's rounding is kept and a
repeat costs one dictionary lookup (with the score's memo in :mod:`.support`: 2,000 x 100 in
benchmarks/engine.py, 935.5 M -> 893.6 M instructions per call).

A zero is never kept: -0.0 equals 0.0 as a key but rounds to -0.0, so a kept 0.0 would answer
for it with the wrong sign. A zero is passed through as it is (``round`` keeps its sign).
"""

from __future__ import annotations

_MAX_KEPT = 16_384  # floats (about 2 MB); beyond, the others are rounded each time


class _Rounded(dict[float, float]):
    """x -> round(x, 4), computed on first use; ``ROUND4[x]`` for a nonzero float."""

    def __missing__(self, x: float) -> float:
        value = round(x, 4)
        if x and len(self) < _MAX_KEPT:
            self[x] = value
        return value


ROUND4 = _Rounded()


def round4(x: float) -> float:
    """``round(x, 4)`` for a float (not an int: 1 and 1.0 are one key)."""
    return ROUND4[x] if x else x
