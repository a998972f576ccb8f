"""What one contradiction check finds: the kind, and where each side says it."""

from __future__ import annotations

from typing import NamedTuple

KINDS = ("negation", "opposite", "roles", "strength", "number", "name")


class Found(NamedTuple):
    """A place where the sentence says the opposite of (or more than) the region.

    Offsets are into the two texts the check was given: ``sentence[sentence_start:
    sentence_end]`` is what the sentence says, ``region[region_start:region_end]`` what the
    region says instead.
    """

    kind: str
    sentence_start: int
    sentence_end: int
    region_start: int
    region_end: int
