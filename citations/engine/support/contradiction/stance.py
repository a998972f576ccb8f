"""Opposite: a stance turned ("The senator voted for the bill" against "The senator voted against
the bill", "argued in favour of the merger" against "argued against the merger").

A verb of stance (vote, argue, campaign, lobby, speak, testify, rule) followed by "for" or "in
favour of" takes a side, by "against" the other. The sentence's stance on a thing (the first
key term after it) contradicts the region's when the region puts the same verb on the other
side of the same thing, and nowhere on the sentence's: a region saying both ("voted for the
bill, then against the amendment") is read thing by thing.
"""

from __future__ import annotations

from ...text.terms import stem
from ...text.words import Word
from .found import Found

_STANCE_TEXT = """
vote votes voted voting argue argues argued arguing campaign campaigns campaigned campaigning
lobby lobbies lobbied lobbying speak speaks spoke speaking testify testifies testified rule
rules ruled ruling
"""
_STANCE = frozenset(map(stem, _STANCE_TEXT.split()))
TEST_STEMS = _STANCE  # a passage's key terms holding none: no stance to turn
_PAST = frozenset(("the", "a", "an", "this", "that", "its", "their", "his", "her"))
_REACH = 3  # words from the side to the thing, past "the"


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    mine = _stances(sentence_words)
    theirs = _stances(region_words) if mine else {}
    for (verb, side, thing), (first, last) in mine.items():
        turned = theirs.get((verb, not side, thing))
        if turned is not None and (verb, side, thing) not in theirs:
            s_start, s_end = sentence_words[first].start, sentence_words[last].end
            r_start, r_end = region_words[turned[0]].start, region_words[turned[1]].end
            return [Found("opposite", s_start, s_end, r_start, r_end)]
    return []


def _stances(words: list[Word]) -> dict[tuple[str, bool, str], tuple[int, int]]:
    """Each stance a text takes: (its verb's stem, for (True) or against, its thing's stem) and
    where it stands (the verb and the thing)."""
    out: dict[tuple[str, bool, str], tuple[int, int]] = {}
    for i, w in enumerate(words):
        if w.stem not in _STANCE:
            continue
        side, k = _side(words, i + 1)
        if side is None:
            continue
        thing = next((n for n in range(k, min(len(words), k + _REACH)) if words[n].term), -1)
        if thing >= 0 and all(words[n].folded in _PAST for n in range(k, thing)):
            out.setdefault((w.stem, side, words[thing].stem), (i, thing))
    return out


def _side(words: list[Word], k: int) -> tuple[bool | None, int]:
    """The side the words from ``k`` take ("for", "in favour of": True; "against": False) and
    where the thing's words start; None when they take none."""
    folded = [w.folded for w in words[k : k + 3]]
    if folded[:1] == ["for"]:
        return True, k + 1
    if folded[:1] == ["against"]:
        return False, k + 1
    if folded[:1] == ["in"] and folded[1:2] in (["favour"], ["favor"]) and folded[2:3] == ["of"]:
        return True, k + 3
    return None, k
