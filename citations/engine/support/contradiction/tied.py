"""The opposite said elsewhere in the passage, of the very thing the sentence names.

The checks read the region holding most of the sentence's key terms; a passage may say the
opposite of one of the sentence's words in another of its sentences, of the same thing:
"chronic promyelocytic leukemia" against "Acute promyelocytic leukemia is known to show many
Auer rods", sentences before the region about myeloid blasts. Read there, the opposite
contradicts only when the words closest to it (:data:`.opposite.TIED` of the ``_SIDE`` either
side) are those closest to the sentence's word, and more so than wherever the passage says the
sentence's own word: two things said alike around one word name the same thing, where one
shared word tells only the same topic. Only a sentence's key terms are read so ("acute",
"slow"; not "more" or "before", which qualify anything). The passage's key terms tell first,
without reading it, whether it holds an opposite and two of the words beside the sentence's:
most sentences with a table word stop there.
"""

from __future__ import annotations

from ...text.words import Word, words_of
from ..passage import Passage
from . import opposite
from .found import Found
from .polarity import polarity
from .regions import MAX_REGION_CHARS

MAX_CHARS = MAX_REGION_CHARS
"""A longer passage is not read whole: a sentence's reading costs a passage no more than the
region read (a 12,000-character passage read whole took about 20 ms a sentence)."""
_NONE: frozenset[str] = frozenset()


def find(
    sentence: str, words: list[Word] | None, opposed: frozenset[str], passages: list[Passage]
) -> list[tuple[Found, Passage]]:
    """The opposites of the sentence's words (``words``, None when not cut yet) that the
    cited passages say of the things right beside them, where they do not say the sentence's
    word of them; each with its passage (offsets into its text). ``opposed``: the stems of
    the opposites of the sentence's words, a passage holding none as a key term is not read."""
    out: list[tuple[Found, Passage]] = []
    for p in passages:
        if opposed.isdisjoint(p.terms) or len(p.text) > MAX_CHARS:
            continue
        if words is None:
            words = words_of(sentence)
        out += ((f, p) for f in _read(sentence, words, p))
    return out


def _read(sentence: str, words: list[Word], p: Passage) -> list[Found]:
    terms = p.terms
    wanted = [
        i
        for i, w in enumerate(words)
        if w.term and not opposite.OPPOSITES.get(w.stem, _NONE).isdisjoint(terms)
    ]
    if not wanted:
        return []
    sentences = polarity(sentence, words).sentence
    if all(len(_close(words, sentences, i) & terms) < opposite.TIED for i in wanted):
        return []
    return opposite.find(sentence, words, p.text, words_of(p.text), tied=True)


def _close(words: list[Word], sentences: list[int], i: int) -> set[str]:
    pair = opposite.OPPOSITES[words[i].stem] | {words[i].stem}
    return opposite.scene(words, sentences, i, pair)[0]
