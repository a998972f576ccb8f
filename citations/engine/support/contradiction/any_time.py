"""Strength: a sentence saying a thing may be done "at any time" where its region bounds when
("The contract can be cancelled at any time" against "The contract can be cancelled within 14
days", "Employees can take leave at any time" against "can take leave only with the manager's
approval").

The sentence's "at any time" (or "anytime") follows the word it frees of a time; the region
bounds that word when, in its clause and within ``_REACH`` words after it, "within", "before"
or "until" comes with a value or a determiner, "by" with a value, or "only" stands. A region
that says "at any time" itself, or a sentence that denies or bounds it ("cannot be cancelled at
any time", "at any time before 2026"), finds nothing.
"""

from __future__ import annotations

from ...text.terms import NUMBER_WORD_SET
from ...text.words import Word
from .found import Found
from .polarity import DETERMINERS, polarity

_LIMITS = frozenset(("within", "before", "until", "by"))  # "by" with a value only
_REACH = 6
_MARKS = frozenset(",;:.!?()")


def may_find(tokens: list[str] | None, sentence: str) -> bool:
    """Whether the sentence (of ``tokens``, lower-cased ASCII words, or None) may free something
    of a time: the cheap test before the check."""
    if tokens is not None:
        return "anytime" in tokens or ("any" in tokens and "time" in tokens)
    lowered = sentence.casefold()
    return "any time" in lowered or "anytime" in lowered


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    if any(_any_time(region_words, j) for j in range(len(region_words))):
        return []  # the region frees it of a time too, somewhere
    pol = polarity(sentence, sentence_words)
    for i in range(len(sentence_words)):
        width = _any_time(sentence_words, i)
        if not width or pol.negated[i + width - 1] or _bounded(sentence_words, i + width):
            continue
        freed = next((k for k in range(i - 1, -1, -1) if sentence_words[k].term), -1)
        if freed < 0:
            continue
        stem = sentence_words[freed].stem
        for j, w in enumerate(region_words):
            end = _bound_after(region, region_words, j) if w.stem == stem else -1
            if end >= 0:
                s_end = sentence_words[i + width - 1].end
                return [
                    Found(
                        "strength", sentence_words[i].start, s_end, w.start, region_words[end].end
                    )
                ]
    return []


def _bounded(words: list[Word], k: int) -> bool:
    """Whether the sentence bounds its "any time" itself ("at any time before 2026")."""
    return k < len(words) and (words[k].folded in _LIMITS or words[k].folded == "after")


def _any_time(words: list[Word], i: int) -> int:
    """How many words "at any time", "any time" or "anytime" at ``i`` takes: 0 when none."""
    folded = words[i].folded
    if folded == "anytime":
        return 1
    if folded == "at" and i + 2 < len(words):
        return 3 if words[i + 1].folded == "any" and words[i + 2].folded == "time" else 0
    if folded == "any" and i + 1 < len(words) and words[i + 1].folded == "time":
        return 0 if i and words[i - 1].folded == "at" else 2  # (its "at" read it already)
    return 0


def _bound_after(text: str, words: list[Word], j: int) -> int:
    """The last word of a bound on when the region's word ``j`` holds, in its clause within
    ``_REACH`` words after it (quoted to the bound's first content word); -1 when none. "By"
    bounds with a value only: "cancelled by the tenant" says who."""
    for k in range(j + 1, min(len(words), j + 1 + _REACH)):
        if not _MARKS.isdisjoint(text[words[k - 1].end : words[k].start]):
            return -1
        folded = words[k].folded
        after = words[k + 1].folded if k + 1 < len(words) else ""
        valued = after[:1].isdigit() or after in NUMBER_WORD_SET
        if folded == "only" or (folded in _LIMITS and (valued or after in DETERMINERS)):
            if folded == "by" and not valued:
                continue
            return next((m for m in range(k + 1, min(len(words), k + 4)) if words[m].term), k)
    return -1
