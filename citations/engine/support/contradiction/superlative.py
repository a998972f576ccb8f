"""Superlatives for the strength check (see :mod:`.strength`): "the largest", "the best",
and what is no superlative though it ends in -est ("the latest", "the interest"), ranks
among others ("one of the largest") or names what is sought ("choosing the best")."""

from __future__ import annotations

import re

from ...text.words import Word

# Words ending in -est that are no superlatives.
_NOT_SUPERLATIVE_TEXT = """interest forest rest west guest request protest contest harvest
conquest priest chest nest quest arrest manifest crest midwest northwest southwest inquest
suggest digest invest honest modest earnest tempest behest latest"""
_NOT_SUPERLATIVE = frozenset(_NOT_SUPERLATIVE_TEXT.split())
_SEEKING_TEXT = "choos chose select determin find identify pick decid seek search"
_SEEKING = frozenset(_SEEKING_TEXT.split())
_SUPERLATIVE_RE = re.compile(r"[a-z]{3,}est")


def superlative(words: list[Word], i: int) -> bool:
    """Whether word ``i`` (after a determiner) is a superlative that claims a first place:
    not one that names what is sought ("choosing the best")."""
    if i > 1 and words[i - 2].stem in _SEEKING:
        return False
    folded = words[i].folded
    if folded in ("best", "worst", "least", "most"):
        return True
    return bool(_SUPERLATIVE_RE.fullmatch(folded)) and folded not in _NOT_SUPERLATIVE


def among(words: list[Word], i: int) -> bool:
    """Whether the superlative ``i`` (after its determiner) says "one of the ..." or "among
    the ..."."""
    two = words[i - 2].folded if i > 1 else ""
    return two == "among" or (two == "of" and i > 2 and words[i - 3].folded == "one")
