"""Wording shared by the reasons: passages named, lists joined, shares formatted."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from .memo import Memo

MAX_LISTED = 6
_QUOTED_SEPARATOR = "', '"
# The support and the cut are written in every cited sentence's reason; a score has at most
# 1,001 values.
decimals = Memo(lambda x: f"{x:.3f}", 4096).__getitem__
"""``decimals(x) == f"{x:.3f}"`` for a number (an int and its float are written alike)."""


@functools.lru_cache(maxsize=4096)
def share_phrase(n: int, total: int) -> str:
    # Formatting a percentage costs more than the rest of a reason; few (n, total) pairs occur.
    return f"{n} of {total} key terms ({n / total:.0%})"


def passages_phrase(positions: Sequence[int]) -> str:
    if len(positions) == 1:
        return f"passage [{positions[0]}]"
    shown = [f"[{p}]" for p in positions]
    return "passages " + _and(shown)


def listing(items: list[str], *, quote: bool = True) -> str:
    if quote and 1 < len(items) <= MAX_LISTED:  # the usual case: one join, one format
        return f"'{_QUOTED_SEPARATOR.join(items[:-1])}' and '{items[-1]}'"
    shown = [f"'{item}'" if quote else item for item in items[:MAX_LISTED]]
    if len(items) > MAX_LISTED:
        shown.append(f"{len(items) - MAX_LISTED} more")
    return _and(shown)


def _and(items: list[str]) -> str:
    if len(items) > 2 * MAX_LISTED:
        items = [*items[:MAX_LISTED], f"{len(items) - MAX_LISTED} more"]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
