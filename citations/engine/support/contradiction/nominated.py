"""Strength: a sentence saying a prize was won where its region says it was only in the running
("The film won the Oscar for best picture" against "The film was nominated for the Oscar for best
picture").

The sentence's "won", "received" or "was awarded" before a prize the region names right after
"nominated for", "shortlisted for" or "a finalist for" (its first key term, past "the" or "a")
says more than the region, unless the region says the prize won or awarded anywhere too, or
the sentence's word is denied or hedged ("may win").
"""

from __future__ import annotations

from ...text.terms import stem
from ...text.words import Word
from .found import Found
from .near import keys_of
from .polarity import polarity

_WON = frozenset(map(stem, ("won", "win", "wins", "received", "receives", "awarded")))
_RUNNING = frozenset(map(stem, ("nominated", "nomination", "shortlisted", "finalist")))
TEST_STEMS = _RUNNING  # a passage's key terms holding none: nothing in the running
_FOR = frozenset(("for", "as"))
_PAST = frozenset(("the", "a", "an", "for", "as", "his", "her", "its", "their"))
_HEDGES = frozenset(("may", "might", "could", "would", "can", "to", "will"))
_REACH = 3  # words from the sentence's verb to its prize, and from "for" to the region's


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    if _WON.isdisjoint(w.stem for w in sentence_words) or not _WON.isdisjoint(
        w.stem for w in region_words
    ):
        return []  # nothing won, or the region says won too: the support reads the rest
    running = _in_the_running(region_words, keys_of(region_words))
    if not running:
        return []
    s_keys = keys_of(sentence_words)
    s_pol = polarity(sentence, sentence_words)
    for i, word in enumerate(sentence_words):
        if word.stem not in _WON or s_pol.negated[i]:
            continue
        if i and sentence_words[i - 1].folded in _HEDGES:
            continue
        prize = _first_key(sentence_words, s_keys, i + 1)
        if prize >= 0 and s_keys[prize] in running:
            first, last = running[s_keys[prize]]
            end = sentence_words[prize].end
            return [
                Found(
                    "strength", word.start, end, region_words[first].start, region_words[last].end
                )
            ]
    return []


def _in_the_running(words: list[Word], keys: list[str]) -> dict[str, tuple[int, int]]:
    """Each prize the region names after "nominated for" (or "shortlisted for", ...): its key,
    and where the phrase stands (its first and last word)."""
    out: dict[str, tuple[int, int]] = {}
    for j, w in enumerate(words):
        if w.stem in _RUNNING and j + 1 < len(words) and words[j + 1].folded in _FOR:
            prize = _first_key(words, keys, j + 1)
            if prize >= 0:
                out.setdefault(keys[prize], (j, prize))
    return out


def _first_key(words: list[Word], keys: list[str], k: int) -> int:
    """The first key term from ``k``, past "the", "a" and "for", within ``_REACH`` words."""
    for n in range(k, min(len(words), k + _REACH)):
        if keys[n]:
            return n
        if words[n].folded not in _PAST:
            return -1
    return -1
