"""What a word of the opposite check qualifies: the run of content words right after it ("more
blood", "chronic promyelocytic leukemia", "a greater volume of blood"). Two opposed words whose
runs share nothing are of different things where one is a word of degree or amount ("more
efficiently" against "less effort"); a run the region's opposite shares with the sentence's
word says it stands in that word's place.
"""

from __future__ import annotations

from ...text.terms import TENS, UNITS
from ...text.words import Word
from .polarity import Polarity

_RUN = 2  # content words after a word that say what it qualifies
# Words of degree and amount say how much of the words after them ("more blood", "less effort",
# "a greater volume of blood"): one of them opposes only what qualifies the same thing.
_DEGREE = frozenset(
    (
        *("more", "less", "most", "least", "fewer", "fewest", "lesser"),
        *("greater", "larger", "bigger", "higher", "smaller", "lower"),
        *("greatest", "largest", "biggest", "highest", "smallest", "lowest"),
    )
)
_ARTICLES = frozenset(("a", "an", "the"))


def where(
    words: list[Word],
    pol: Polarity,
    i: int,
    region_words: list[Word],
    r_pol: Polarity,
    j: int,
    k: int,
) -> int:
    """Where the region says what the sentence's word says of (its run of content words after
    it, two at least): -1 with its own saying of the word (``k``, -1 when none): "chronic
    kidney failure" in both, whatever else the region's "acute" is of; else 1 with the
    opposite (``j``) alone: "chronic promyelocytic leukemia" against "acute promyelocytic
    leukemia" beside "chronic myelogenous leukemia"; 0 with neither."""
    said = _run_after(words, pol.sentence, i)
    if len(said) < 2:
        return 0
    if k >= 0 and _run_after(region_words, r_pol.sentence, k) == said:
        return -1
    return int(_run_after(region_words, r_pol.sentence, j) == said)


def apart(
    words: list[Word], pol: Polarity, i: int, region_words: list[Word], r_pol: Polarity, j: int
) -> bool:
    """Whether two words, one of degree or amount, are of different things: neither's run of
    content words (:func:`_run_after`) shares a key term with the other's; "most commonly
    associated" and "less towards associating" are of one thing, "more efficiently" and "less
    effort" not, nor "a lower resting rate" and "a greater volume of blood". Two words right
    before different numbers bound different values ("over six months", "under 18")."""
    said_value, told_value = _value_after(words, i), _value_after(region_words, j)
    if said_value is not None and told_value is not None:
        return said_value != told_value  # "over six months" and "under 18" bound two things
    if words[i].folded not in _DEGREE and region_words[j].folded not in _DEGREE:
        return False
    said, told = _run_after(words, pol.sentence, i), _run_after(region_words, r_pol.sentence, j)
    return bool(said and told) and said.isdisjoint(told)


def _value_after(words: list[Word], i: int) -> int | None:
    """The whole number written right after ``words[i]`` ("under 18", "over six"), if any."""
    if i + 1 >= len(words):
        return None
    after = words[i + 1]
    if after.text.isdigit():
        return int(after.text)
    return UNITS.get(after.folded, TENS.get(after.folded))


def _run_after(words: list[Word], sentence: list[int], i: int) -> set[str]:
    """The key terms of the content words right after ``words[i]`` in its sentence, at most
    ``_RUN``, up to the first small word but an "of" (and its article) or an article right
    after it: what a degree word qualifies ("more blood", "most commonly associated", "a
    greater volume of the blood"; "less effort to efficiently pump" qualifies the effort
    alone), what a verb acts on ("close a stuck window")."""
    out: set[str] = set()
    k = i + 1
    while k < len(words) and len(out) < _RUN and sentence[k] == sentence[i]:
        w = words[k]
        if w.term:
            out.add(w.term)
        elif not out:
            if k > i + 1 or w.folded not in _ARTICLES:
                break  # an article right after the word leads its run: "add a fine sheen"
        elif not (w.folded == "of" or (w.folded in _ARTICLES and words[k - 1].folded == "of")):
            break
        k += 1
    return out
