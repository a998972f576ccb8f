"""The ``opposite`` check's reading of a quantity held: a verb of change against a region
saying the same quantity stayed as it was ("The bank raised interest rates" against "The bank
kept interest rates unchanged", "Sales rose in 2022" against "Sales were flat in 2022").

The sentence's verb of change (:data:`.change_verbs.CHANGE_SIGN`, or "raise") names its quantity
in the content words right around it in its clause ("raised interest rates", "sales rose").
The region holds it when a word of no change ("unchanged", "steady", "flat", "stable") stands
within a few words of one of those words, in one clause ("rose while costs were flat" holds
the costs only), and that clause says no verb of the sentence's own ("rose in 2022 and was
stable in 2023" says the rise too: the years are :mod:`.direction`'s). A negated verb
("did not raise rates") claims no change, and a sentence saying what held as well tells of
both ("rose while wages stayed flat").
"""

from __future__ import annotations

from ...text.words import Word
from .change_verbs import CHANGE_SIGN
from .found import Found
from .polarity import polarity

_RAISE = frozenset(("raise", "raises", "raised", "raising"))
_HELD = frozenset(("unchanged", "steady", "flat", "stable", "stagnant", "unaltered"))
_AROUND = 3  # content words either side of the verb that may name its quantity
_NEAR = 4  # words between the region's word of no change and the quantity's word
TEST_WORDS = CHANGE_SIGN.keys() | _RAISE


def may_find(words: list[str]) -> bool:
    """Whether the sentence (of ``words``, lower-cased) may say a quantity changed."""
    return not TEST_WORDS.isdisjoint(words)


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    held = [k for k, w in enumerate(region_words) if w.folded in _HELD]
    if not held or any(w.folded in _HELD for w in sentence_words):
        return []  # a sentence saying what held too tells of both ("wages stayed flat")
    s_pol = polarity(sentence, sentence_words)
    r_pol = polarity(region, region_words)
    for i, w in enumerate(sentence_words):
        if (w.folded not in CHANGE_SIGN and w.folded not in _RAISE) or s_pol.negated[i]:
            continue
        quantity = _around(sentence_words, s_pol.clause, i)
        for k in held:
            near = range(max(0, k - _NEAR), min(len(region_words), k + _NEAR + 1))
            here = [j for j in near if r_pol.clause[j] == r_pol.clause[k]]
            if any(
                r.stem == w.stem and r_pol.clause[j] == r_pol.clause[k]
                for j, r in enumerate(region_words)
            ):
                continue  # the region's clause says the sentence's change too ("rose in 2022")
            named = {j for j in here if region_words[j].term in quantity}
            if named:
                # the quantity's run of words nearest the word of no change, and that word
                j = min(named, key=lambda j: abs(j - k))
                run = range(j, j + 1)
                while run.start - 1 in named or run.stop in named:
                    run = range(
                        run.start - (run.start - 1 in named), run.stop + (run.stop in named)
                    )
                first, last = min(k, run.start), max(k, run.stop - 1)
                start, end = _span(sentence_words, i, quantity)
                told = region_words[first].start, region_words[last].end
                return [Found("opposite", start, end, *told)]
    return []


def _around(words: list[Word], clause: list[int], i: int) -> set[str]:
    """The terms of the content words nearest the verb at ``i`` in its clause, up to
    ``_AROUND`` a side."""
    mine = [k for k in range(len(words)) if clause[k] == clause[i] and words[k].term and k != i]
    before = [words[k].term for k in reversed(mine) if k < i][:_AROUND]
    after = [words[k].term for k in mine if k > i][:_AROUND]
    return {*before, *after}


def _span(words: list[Word], i: int, quantity: set[str]) -> tuple[int, int]:
    """The verb with the nearest run of quantity words after it, else the nearest word before
    it ("raised interest rates", "Sales rose")."""
    after = next((k for k in range(i + 1, len(words)) if words[k].term in quantity), None)
    if after is not None:
        while after + 1 < len(words) and words[after + 1].term in quantity:
            after += 1  # "raised interest rates"
        return words[i].start, words[after].end
    before = next((k for k in range(i - 1, -1, -1) if words[k].term in quantity), i)
    return words[before].start, words[i].end
