"""Where the other side asserts what a negation denies: the negation check's reading of the
asserting side, and the words it quotes there.

A negated key is asserted where the other side has it near another key the two share: only
there does it speak of what the negating side speaks of ("Jones lives near the coast" asserts
nothing "Jones did not attend the meeting" denies). It is not asserted right before a cue of
its own clause ("Aspirin should not be given"), in another year than the denied one ("fell in
2023" beside "did not fall in 2022"), nor with a word near it that says no in other words. A
sentence's verbal cue may be told by the region in its own words: its clause holding a shared
key nearest the cue, unless the region says no about what the two share, or says the denied
verb's quantity went the other way. Where the region says the word only of another thing
(:mod:`.another`), or denies it no less than it asserts it, it contradicts nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...text.numbers import find_numbers
from .another import told_of_another
from .change_verbs import region_year, year_said
from .denied import negated_span
from .direction import went_otherwise
from .near import clause_bounds, context
from .polarity import says_no, soft_near

if TYPE_CHECKING:
    from .negation import Side

REACH = 8  # words around the asserting side's word: its clause, about
_BEFORE_CUE = 3  # words from a subject to the cue denying its predicate ("X should not be")
_QUOTED = 4  # words quoted either side of a paraphrase's shared word
_DIGIT_AFTER_RE = re.compile(r"[.,]\d")  # a quote ending in "6" of "6.4"
# Cues that deny a verb: only their denial can be said by a region in its own words ("no
# persistent centres", "non-perishable", "without his return" deny a thing, not a statement).
_VERBAL_CUES_TEXT = """
not never t cannot fail fails failed failing nicht nie niemals ne n nunca niet
"""
_VERBAL_CUES = frozenset(_VERBAL_CUES_TEXT.split())
_THING_CUES = frozenset(("without", "no", "non", "none"))  # deny the thing after them

Spans = tuple[tuple[int, int], tuple[int, int]]


def asserted(
    a: Side,
    keys: list[int],
    lead: int,
    a_flips: list[bool],
    b: Side,
    b_at: dict[str, list[int]],
    shared: set[str],
    a_stems: set[str],
) -> Spans | None:
    """The first negated key ``b`` asserts, near another key both share, not right before a cue
    of its own (see ``_subject_denied``), with nothing near it that says no in other words (but
    words ``a`` says too: "far less was not spent" beside "far less was spent"). An irregular
    form of ``b`` asserts only the word the negation denies first (``lead``): "not entitled to
    leave" denies no "Employees left"."""
    for i in keys:
        key = a.keys[i]
        if key not in b_at:
            continue
        # a word said in another year than the denied one ("did not fall in 2022" beside
        # "fell in 2023") asserts nothing the denial denies
        year = year_said(a.text, a.words, i)
        at = (
            j
            for j in b_at[key]
            if (i == lead or j not in b.forms)
            and (year is None or region_year(b.text, b.words, j) in (None, year))
        )
        j = next((j for j in at if context(b, j, shared - {key}) and not _subject_denied(b, j)), -1)
        if j >= 0 and not soft_near(b.words, b.pol, j, REACH, a_stems):
            return negated_span(a, i, a_flips[i]), _asserted_span(b, j)
    return None


def _subject_denied(side: Side, j: int) -> bool:
    """Whether word ``j`` stands right before a cue of its clause, which denies what is said of
    it ("Aspirin should not be given to children"): no assertion of it ("Children should not
    take aspirin" agrees). A cue denying a thing ("without notice", "no bonus") denies nothing
    said before it: "may dismiss a worker without notice" asserts the dismissal."""
    clause = side.pol.clause
    return any(
        j < first <= j + _BEFORE_CUE
        and clause[first] == clause[j]
        and side.words[first].folded not in _THING_CUES
        for first, _ in side.pol.cues
    )


def paraphrased(
    a: Side,
    negation: int,
    head: int,
    b: Side,
    b_at: dict[str, list[int]],
    shared: set[str],
    a_stems: set[str],
) -> Spans | None:
    """``b`` asserting in its own words: the negation and the clause of ``b`` holding the key
    both share nearest the negation where ``b`` has it near another shared key, in its clause
    if it can (after it, else before it); None when ``b`` says no about what they share."""
    if negation < 0 or a.words[negation].folded not in _VERBAL_CUES:
        return None
    if says_no(b.words, b.pol, b.keys, shared, a_stems):
        return None
    # In the negation's clause first ("Alpha did not grow, Beta ..." quotes Alpha's), then in
    # its sentence (a clause may hold none of the words the region shares).
    for where in (a.pol.clause, a.pol.sentence):
        here = where[negation]
        after = [i for i in range(negation + 1, len(a.words)) if where[i] == here]
        before = [i for i in range(negation - 1, -1, -1) if where[i] == here]
        told = (said_at(a.keys[i], b, b_at, shared) for i in after + before if a.keys[i] in b_at)
        j = next((j for j in told if j >= 0), -1)
        if j >= 0:
            return negated_span(a, head, False), _clause_span(b, j)
    return None


def told_otherwise(a: Side, negation: int, head: int, b: Side) -> bool:
    """Whether the verb of change a verbal cue denies first is one whose quantity ``b`` says
    went the other way (see :func:`.direction.went_otherwise`), in the year it is denied in:
    "did not grow its sales in 2022" beside "sales fell in 2022 and rose in 2023"."""
    if negation < 0 or a.words[negation].folded not in _VERBAL_CUES:
        return False
    return went_otherwise(a.text, a.words, a.pol.clause, head, b.text, b.words, b.pol)


def said_at(key: str, b: Side, b_at: dict[str, list[int]], shared: set[str]) -> int:
    """Where ``b`` first has ``key`` near another key both share, -1 if nowhere: only there
    does it speak of what the sentence speaks of ("Jones lives near the coast" asserts nothing
    the sentence "Jones did not attend the meeting" denies)."""
    return next((j for j in b_at[key] if context(b, j, shared - {key})), -1)


def of_another(a: Side, i: int, b: Side, b_at: dict[str, list[int]], shared: set[str]) -> bool:
    """Whether ``b`` asserts the word ``a`` negates first, where it speaks of the same things,
    only of another thing (see :mod:`.another`): the words after it are then its own."""
    key = a.keys[i]
    at = [j for j in b_at.get(key, ()) if context(b, j, shared - {key})]
    return bool(at) and all(told_of_another(a, i, b, j, b_at) for j in at)


def denied_too(b: Side, b_neg: list[bool], at: Sequence[int], shared: set[str]) -> bool:
    """Whether ``b`` negates the key written at ``at`` where it speaks of the same things, no
    less than where it asserts it: "if the rash cannot be covered, ... until it crusts over"
    does not take back "should be completely covered with a bandage until it crusts over"."""
    denied = max((context(b, j, shared) for j in at if b_neg[j]), default=0)
    return denied > 0 and denied >= max(
        (context(b, j, shared) for j in at if not b_neg[j]), default=0
    )


def _clause_span(side: Side, j: int) -> tuple[int, int]:
    """Up to ``_QUOTED`` words either side of ``side.words[j]`` in its clause, and the rest of
    a number it ends in: the clause marks cut "6.4" after "6", the quote gives "6.4 million"."""
    first, last = clause_bounds(side, j, _QUOTED)
    end = side.words[last].end
    if _DIGIT_AFTER_RE.match(side.text, end):
        end = next((n.end for n in find_numbers(side.text) if n.start < end < n.end), end)
    return side.words[first].start, end


def _asserted_span(side: Side, j: int) -> tuple[int, int]:
    """The word, with the one before it when that one is in the same clause ("was
    completed", "posted sales")."""
    words = side.words
    start = words[j].start
    if j:
        gap = side.text[words[j - 1].end : start]
        if gap.isspace() and side.pol.sentence[j - 1] == side.pol.sentence[j]:
            start = words[j - 1].start
    return start, words[j].end
