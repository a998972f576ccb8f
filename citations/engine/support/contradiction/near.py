"""Where a text's keys stand, and how many keys both sides share stand near a word: what the
negation check and the readings of a verb said of another thing (:mod:`.another`,
:mod:`.instead`) take for where a text speaks of what the other speaks of."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...text.words import Word
from .verb_forms import verb_terms

if TYPE_CHECKING:
    from .negation import Side

REACH = 8  # words either side of a word that stand near it: its clause, about


def keys_of(words: list[Word]) -> list[str]:
    """Each word's key: its key term (an irregular verb form's verb's: "rose" is "rise"), a
    number's digits, "" when it has none."""
    return verb_terms([w.term or (w.folded if w.folded.isdigit() else "") for w in words])


def positions(keys: list[str]) -> dict[str, list[int]]:
    """Where each key stands (its words' indexes)."""
    at: dict[str, list[int]] = {}
    for j, key in enumerate(keys):
        if key:
            at.setdefault(key, []).append(j)
    return at


def asides(text: str, words: list[Word]) -> list[bool]:
    """Per word: whether it stands inside brackets ("(born ...)", "[1]")."""
    if "(" not in text and "[" not in text:
        return [False] * len(words)
    out, depth, at = [], 0, 0
    for w in words:
        gap = text[at : w.start]
        depth = max(0, depth + gap.count("(") + gap.count("[") - gap.count(")") - gap.count("]"))
        out.append(depth > 0)
        at = w.start
    return out


def clause_bounds(side: Side, j: int, reach: int | None = None) -> tuple[int, int]:
    """The first and last word of ``side.words[j]``'s clause, at most ``reach`` words either
    side of it (None: the whole clause)."""
    clause = side.pol.clause
    n = len(clause) if reach is None else reach
    first = last = j
    while first > max(0, j - n) and clause[first - 1] == clause[j]:
        first -= 1
    while last < min(len(clause) - 1, j + n) and clause[last + 1] == clause[j]:
        last += 1
    return first, last


def context(side: Side, j: int, shared: set[str]) -> int:
    """How many other keys both sides have stand near ``side.words[j]``, in its sentence. An
    aside in brackets is no distance, nor does it end the sentence: "Barbara Feldon (born
    Barbara Anne Hall; March 12, 1933) is an American actress" says "actress" of Barbara
    Feldon."""
    here, aside = side.pol.sentence, side.aside
    near = set()
    for step in (-1, 1):
        k, left = j + step, REACH
        while left and 0 <= k < len(side.words):
            if here[k] != here[k - step] and not (aside[k] and aside[k - step]):
                break
            left -= not aside[k]
            if side.keys[k] in shared:
                near.add(side.keys[k])
            k += step
    return len(near)


def first_asserted(keys: list[str], negated: list[bool]) -> dict[str, int]:
    """Where a text first says each of its keys outside a negation."""
    out: dict[str, int] = {}
    for i, key in enumerate(keys):
        if key and not negated[i]:
            out.setdefault(key, i)
    return out


def said_whole(claim: list[str], asserted: dict[str, int], least: int) -> tuple[int, int] | None:
    """The first and last of the places ``asserted`` has every key of ``claim`` (``least`` of
    them at least), None when it lacks one: a claim the other side denies, asserted whole."""
    said = [asserted.get(key, -1) for key in claim]
    if len(claim) < least or min(said) < 0:
        return None
    return min(said), max(said)
