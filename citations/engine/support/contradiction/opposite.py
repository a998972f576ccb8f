"""The ``opposite`` check: the sentence says a word whose opposite the region says instead.

Opposites come from ``data/antonyms.tsv`` (WordNet 3.0's antonyms and a short hand list, made
by ``benchmarks/make_antonyms.py``): plain words, stemmed here when the table loads, so it
follows the stemmer. The sentence's word contradicts when the region says an opposite of it,
near a key term both sides share, and says the word itself nowhere, while the sentence does not
say the opposite too; both words asserted or both negated ("did not rise" agrees with "fell").
"""

from __future__ import annotations

import re
from pathlib import Path

from ...text.terms import fold, stem, token_terms
from ...text.words import Word
from .found import Found
from .polarity import polarity

_TABLE = Path(__file__).parents[2] / "data" / "antonyms.tsv"
_REACH = 8  # words around the region's word: its clause, about


def function_stem(word: str) -> str:
    return stem(fold(word))


def _load() -> tuple[dict[str, frozenset[str]], list[str]]:
    pairs: dict[str, set[str]] = {}
    function_words = set()
    for line in _TABLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            words = line.split("\t")
            a, b = map(function_stem, words)
            if a != b:
                pairs.setdefault(a, set()).add(b)
                pairs.setdefault(b, set()).add(a)
            function_words.update(w for w in words if not token_terms(w))
    return {word: frozenset(opposites) for word, opposites in pairs.items()}, sorted(function_words)


OPPOSITES, _FUNCTION_WORDS = _load()
"""Stem -> the stems of its opposites."""
FUNCTION_WORD_RE = re.compile(
    rf"(?i)(?<!\w)(?:{'|'.join(sorted(set(map(function_stem, _FUNCTION_WORDS))))})\w*"
)
"""The table's words that are no key term ("before", "more", "includes"), by their stems: a
sentence or region holding one is found by this search, the others by their key terms."""


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    in_region = {w.stem for w in region_words}
    candidates = [
        (i, opposites & in_region)
        for i, w in enumerate(sentence_words)
        if (opposites := OPPOSITES.get(w.stem))
        and w.stem not in in_region
        and not opposites.isdisjoint(in_region)
    ]
    if not candidates:
        return []
    s_pol, r_pol = polarity(sentence, sentence_words), polarity(region, region_words)
    # Its own clause must not say the opposite too ("won twice, while ... lost once" is two).
    said: dict[int, set[str]] = {}
    for w, clause in zip(sentence_words, s_pol.clause, strict=True):
        said.setdefault(clause, set()).add(w.stem)
    candidates = [
        (i, theirs) for i, theirs in candidates if theirs.isdisjoint(said[s_pol.clause[i]])
    ]
    shared = {w.term for w in sentence_words if w.term} & {w.term for w in region_words}
    found = []
    for i, theirs in candidates:
        for j, w in enumerate(region_words):
            if (
                w.stem in theirs
                and s_pol.negated[i] == r_pol.negated[j]
                and _near_shared(region_words, r_pol.sentence, j, shared - theirs)
            ):
                mine = sentence_words[i]
                found.append(Found("opposite", mine.start, mine.end, w.start, w.end))
                break
    return found


def _near_shared(words: list[Word], sentence: list[int], j: int, shared: set[str]) -> bool:
    here = sentence[j]
    for k in range(max(0, j - _REACH), min(len(words), j + _REACH + 1)):
        if k != j and sentence[k] == here and words[k].term in shared:
            return True
    return False
