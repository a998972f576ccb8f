"""A table of a passage text's terms, filled for the terms asked of it so far.

A passage's sentences ask for a few of its terms, so its tables (proximity's positions, the
packed region search's fields) list those only, in one pass over the passage picking them in
C, and are kept per text for the next call citing it, which may ask for others. This pays
even where the sentences ask most of a passage's terms: at 2,000 x 100 (each passage asked
53 % of its terms, 33-99 %) listing every term instead took 2.3 % more instructions a cold call
(1,125 -> 1,151 M, callgrind), so there is no share beyond which every term is listed.
"""

from __future__ import annotations

from collections.abc import Set
from typing import TypeVar

_V = TypeVar("_V")
NOTHING: frozenset[str] = frozenset()


class Listing(dict[str, _V]):
    """Term -> what the table holds for it, for the terms ``listed`` (every one when None)."""

    __slots__ = ("listed",)

    def __init__(self) -> None:
        super().__init__()
        self.listed: set[str] | None = set()

    def take(self, terms: Set[str] | None) -> Set[str] | None:
        """The terms of ``terms`` (every term when None) to list now, marked listed: None for
        every term (the table emptied first, so that none is listed twice)."""
        listed = self.listed
        if listed is None or (terms is not None and listed.issuperset(terms)):
            return NOTHING
        if terms is None:
            self.clear()
            self.listed = None
            return None
        new = terms - listed
        listed |= new
        return new
