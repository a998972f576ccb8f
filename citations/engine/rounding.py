"""Rounding the support signals to 4 decimals, memoised: the floats ``round()`` gives, cheaply.

``round(x, 4)`` converts a float to decimal digits and back (about 3,000 instructions on
CPython 3.13), and a sentence rounds up to eight signals. Their values repeat a great deal
(shares of a few key terms, log1p of a small count), so each float's rounding is kept and a
repeat costs one dictionary lookup (with the score's memo in :mod:`.support`: 2,000 x 100 in
benchmarks/engine.py, 935.5 M -> 893.6 M instructions per call).

A zero is never kept (see :mod:`.memo`); :func:`round4` passes it through as it is.
"""

from __future__ import annotations

from .memo import Memo

ROUND4 = Memo(lambda x: round(x, 4), 16_384)  # floats (about 2 MB)
"""``ROUND4[x] == round(x, 4)`` for a float."""


def round4(x: float) -> float:
    """``round(x, 4)`` for a float (not an int: 1 and 1.0 are one key)."""
    return ROUND4[x] if x else x
