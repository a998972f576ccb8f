"""Strength: a sentence saying a thing was done where its region says it was only intended
("The city banned cars from the centre" against "The city plans to ban cars from the centre",
"Scientists proved that the drug works" against "Scientists hope to prove that the drug works").

The region's verb stands right after an intention ("plans to", "hoped to", "aims to", "intends
to", "proposed to", "wants to", "seeks to", "is set to", "is expected to", "considered" before
its "-ing"); the sentence says the same verb (its key: "banned" is "ban", "bought" "buy")
plainly: no modal, "to", condition, intention or word that only makes it possible ("help
educators gather") before it in its clause, and no cue denying it. A region that also says the
verb plainly ("planned to ban cars, and banned them in 2020") finds nothing.
"""

from __future__ import annotations

from ...text.terms import stem
from ...text.words import Word
from .found import Found
from .near import keys_of
from .polarity import polarity

_INTENDING_TEXT = """
plan plans planned planning hope hopes hoped hoping aim aims aimed aiming intend intends
intended intending propose proposes proposed proposing want wants wanted wanting seek seeks
sought seeking expect expects expected set threaten threatens threatened
"""
_INTENDING = frozenset(map(stem, _INTENDING_TEXT.split()))
_CONSIDERING = frozenset(map(stem, ("consider", "considers", "considered", "considering")))
# Words before the sentence's verb in its clause that leave it undone: a modal, "to", a
# condition, or what only makes it possible ("techniques that help educators gather data")
_UNDONE_TEXT = """
to will would may might could can should shall must if whether unless help helps helped
allow allows allowed enable enables enabled let lets
"""
_UNDONE = frozenset(_UNDONE_TEXT.split())
TEST_STEMS = _INTENDING | _CONSIDERING  # a passage's key terms holding none: nothing to find


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    at = [j for j in range(len(region_words)) if _intended(region_words, j)]
    if not at:
        return []
    r_keys = keys_of(region_words)
    intended = {r_keys[j]: j for j in reversed(at)}  # each key's first intention
    plain = {key for j, key in enumerate(r_keys) if key and j not in at}
    s_keys = keys_of(sentence_words)
    s_pol = polarity(sentence, sentence_words)
    for i, key in enumerate(s_keys):
        if key not in intended or key in plain or s_pol.negated[i]:
            continue
        if _undone(sentence_words, s_pol.clause, i):
            continue
        j = intended[key]
        start = _intention_start(region_words, j)
        word = sentence_words[i]
        return [
            Found("strength", word.start, word.end, region_words[start].start, region_words[j].end)
        ]
    return []


def _intended(words: list[Word], j: int) -> bool:
    """Whether word ``j`` is the verb of an intention ("plans to ban", "considered banning"):
    a word, no number ("is set to 20 degrees")."""
    if not words[j].term or j < 1:
        return False
    if words[j - 1].folded == "to":
        return j >= 2 and words[j - 2].stem in _INTENDING
    return words[j].folded.endswith("ing") and words[j - 1].stem in _CONSIDERING


def _intention_start(words: list[Word], j: int) -> int:
    """The first word of the intention before the verb at ``j`` ("plans to", "considered")."""
    return j - 2 if words[j - 1].folded == "to" else j - 1


def _undone(words: list[Word], clause: list[int], i: int) -> bool:
    """Whether the sentence's word ``i`` is no plain statement: a modal, "to", a condition, a
    word that only makes it possible or an intention of its own before it in its clause ("will
    ban", "plans to ban", "could be the installation of")."""
    return any(
        clause[k] == clause[i] and (words[k].folded in _UNDONE or words[k].stem in TEST_STEMS)
        for k in range(i)
    )
