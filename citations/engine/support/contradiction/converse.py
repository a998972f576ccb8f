"""The converse reading of the ``opposite`` check: the sentence names one side of a relation
where the region names the other, in the same place.

Converses (``data/converses.tsv``: WordNet's antonyms that name the two sides of one relation,
"husband"/"wife", "plaintiff"/"defendant", "parent"/"child") are no opposites: a text about
one names the other ("contact with the parent" of "children in care"), so the opposites table
leaves them out. Standing in the same place they do contradict: the sentence's word between
the very words the region's converse stands between ("his husband Eurydice" against "his wife
Eurydice"), one of them a content word, where the region never says the sentence's word there.
"""

from __future__ import annotations

from pathlib import Path

from ...text.terms import fold
from ...text.words import Word
from .found import Found

_TABLE = Path(__file__).parents[2] / "data" / "converses.tsv"


def _load() -> dict[str, frozenset[str]]:
    """Folded word -> its converses, each with its plural in "s" (the table holds the irregular
    ones: "wives", "children"). By word, not stem: "defendant" stems as the verb "defend"."""
    pairs: dict[str, set[str]] = {}
    for line in _TABLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            a, b = map(fold, line.split("\t"))
            for form in (a, a + "s"):
                pairs.setdefault(form, set()).update((b, b + "s"))
    return {a: frozenset(bs) for a, bs in pairs.items()}


CONVERSES = _load()
"""Folded word -> its converses' folded words."""
TEST_WORDS = CONVERSES.keys()  # lower-cased tokens holding none: may_find is False


def may_find(words: list[str]) -> bool:
    """Whether the sentence (of ``words``, lower-cased) may name a side of a relation."""
    return not CONVERSES.keys().isdisjoint(words)


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    for i, w in enumerate(sentence_words):
        others = CONVERSES.get(w.folded)
        if not others:
            continue
        slot = _slot(sentence_words, i)
        if slot is None:
            continue
        held = [j for j, r in enumerate(region_words) if _slot(region_words, j) == slot]
        if any(region_words[j].folded == w.folded for j in held):
            continue  # the region says the sentence's word there too
        for j in held:
            if region_words[j].folded in others:
                r = region_words[j]
                return [Found("opposite", w.start, w.end, r.start, r.end)]
    return []


def _slot(words: list[Word], i: int) -> tuple[str, str] | None:
    """The words either side of ``words[i]`` (folded), when both stand and one is a content
    word: where a word stands in its text."""
    if i == 0 or i + 1 >= len(words):
        return None
    before, after = words[i - 1], words[i + 1]
    if not (before.term or after.term):
        return None
    return before.folded, after.folded
