"""Strength: a sentence saying "most" of a thing its region says only "some" or "a few" of
("The drug is effective in most patients" against "effective in some patients", "Most voters
supported the plan" against "A minority of voters supported the plan").

The strength check reads "all" against "most" or "some"; between "most" and "some", both
hedges to it, it reads nothing. Here the sentence's "most", "the majority of" or "more than half
of" before a noun claims the greater part; a region naming the same noun right after "some",
"a few", "only a few", "few", "several", "a minority of" or "less than half of", with a term
of the sentence's a few words either side in its sentence ("some patients relapsed" says
nothing of how many recovered), and nowhere after a word as strong as the sentence's, says
less. A denied or softened claim ("not most", "perhaps most") claims nothing.
"""

from __future__ import annotations

from ...text.words import Word, between
from .found import Found
from .restricted import noun_from

# (words, how many) read as one quantifier; the longest first
_GREATER = (("more", "than", "half", "of"), ("the", "majority", "of"), ("a", "majority", "of"))
_GREATER += (("majority", "of"), ("most", "of"), ("most",))
_LESSER = (("less", "than", "half", "of"), ("a", "minority", "of"), ("only", "a", "few"))
_LESSER += (("a", "few"), ("some", "of"), ("some",), ("few",), ("several",))
_PAST = frozenset(("the", "these", "those", "its", "their", "of"))
_REACH = 6  # words either side of the region's quantifier and noun that say what it says
_ENDS = frozenset(".!?;\n")
_QUALIFIERS = frozenset(("not", "perhaps", "possibly", "maybe", "almost", "nearly"))
TEST_WORDS = frozenset(("most", "majority", "half"))  # lower-cased tokens holding none: nothing


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    for i in range(len(sentence_words)):
        width = _quantifier(sentence_words, i, _GREATER)
        if not width or (i and sentence_words[i - 1].folded in _QUALIFIERS):
            continue
        noun = noun_from(sentence_words, i + width, _PAST)
        if noun is None:
            continue
        stem = sentence_words[noun].stem
        said = {w.term for w in sentence_words if w.term and w.stem != stem}
        told = _said_of(region, region_words, stem, _LESSER, said)
        if told is not None and _said_of(region, region_words, stem, _GREATER, set()) is None:
            first, last = told
            return [
                Found(
                    "strength",
                    sentence_words[i].start,
                    sentence_words[noun].end,
                    region_words[first].start,
                    region_words[last].end,
                )
            ]
    return []


def _quantifier(words: list[Word], i: int, forms: tuple[tuple[str, ...], ...]) -> int:
    """How many words one of ``forms`` takes at ``i``: 0 when none stands there."""
    for form in forms:
        if tuple(w.folded for w in words[i : i + len(form)]) == form:
            return len(form)
    return 0


def _said_of(
    text: str, words: list[Word], stem: str, forms: tuple[tuple[str, ...], ...], said: set[str]
) -> tuple[int, int] | None:
    """Where the region says one of ``forms`` of the noun ``stem`` (first and last word), with
    one of the terms ``said`` near it in its sentence when there are any: "some patients
    relapsed" says nothing of how many recovered."""
    for j in range(len(words)):
        width = _quantifier(words, j, forms)
        noun = noun_from(words, j + width, _PAST) if width else None
        if noun is None or words[noun].stem != stem:
            continue
        if not said or any(w.term in said for w in _around(text, words, j, noun)):
            return j, noun
    return None


def _around(text: str, words: list[Word], first: int, last: int) -> list[Word]:
    """Up to ``_REACH`` words either side of ``words[first:last + 1]``, in its sentence."""
    start = first
    while start > max(0, first - _REACH) and _ENDS.isdisjoint(
        between(text, words[start - 1].end, words[start].start)
    ):
        start -= 1
    end = last
    while end < min(len(words) - 1, last + _REACH) and _ENDS.isdisjoint(
        between(text, words[end].end, words[end + 1].start)
    ):
        end += 1
    return words[start:first] + words[last + 1 : end + 1]
