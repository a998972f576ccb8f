"""The ``opposite`` check: the sentence says a word whose opposite the region says instead.

Opposites come from ``data/antonyms.tsv`` (WordNet 3.0's antonyms and a short hand list, made
by ``benchmarks/make_antonyms.py``): plain words, stemmed here when the table loads, so it
follows the stemmer. The sentence's word contradicts when the region says an opposite of it,
near key terms both sides share, nearer more of them than it says the word itself anywhere (a
region may say both, of different things), while the sentence does not say the opposite too;
both words asserted or both negated ("did not rise" agrees with "fell").
"""

from __future__ import annotations

import re
from pathlib import Path

from ...text.terms import fold, stem, token_terms
from ...text.words import Word
from .found import Found
from .polarity import Polarity, polarity

_TABLE = Path(__file__).parents[2] / "data" / "antonyms.tsv"
_REACH = 8  # words around the region's word: its clause, about
_SIDE = 2  # content words either side of a word that say what it is said of
# Words of degree say how much of the word after them ("more blood", "less effort").
_DEGREE = frozenset(("more", "less", "most", "least", "fewer"))


def function_stem(word: str) -> str:
    return stem(fold(word))


_VOWELS = frozenset("aeiou")


def _degrees(word: str) -> tuple[str, str, str]:
    """The word, and its comparative and superlative as English spells them when it is an
    adjective of one word ("big": "bigger", "biggest"; "early": "earlier"; "large": "larger");
    forms no text holds ("importanter") are harmless."""
    if not word.isalpha() or not word.islower() or len(word) < 3:
        return word, word, word
    if word.endswith("e"):
        return word, word + "r", word + "st"
    if word.endswith("y") and word[-2] not in _VOWELS:
        return word, word[:-1] + "ier", word[:-1] + "iest"
    groups = sum(
        1 for i, c in enumerate(word) if c in _VOWELS and (not i or word[i - 1] not in _VOWELS)
    )
    if (
        groups == 1
        and word[-1] not in _VOWELS | {"w", "x", "y"}
        and word[-2] in _VOWELS
        and word[-3] not in _VOWELS
    ):
        return word, word + word[-1] + "er", word + word[-1] + "est"
    return word, word + "er", word + "est"


def _load() -> tuple[dict[str, frozenset[str]], list[str]]:
    pairs: dict[str, set[str]] = {}
    function_words = set()
    for line in _TABLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            words = line.split("\t")
            # "high"/"low" oppose "higher"/"lower" and "highest"/"lowest" too (Snowball keeps
            # the degrees apart)
            for forms in zip(*map(_degrees, words), strict=True):
                a, b = map(function_stem, forms)
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
    said = {w.stem for w in sentence_words}  # saying both, it opposes two things itself
    in_region = {w.stem for w in region_words}
    candidates = [
        (i, opposites & in_region)
        for i, w in enumerate(sentence_words)
        if (opposites := OPPOSITES.get(w.stem))
        and not opposites.isdisjoint(in_region)
        and opposites.isdisjoint(said)
    ]
    if not candidates:
        return []
    s_pol, r_pol = polarity(sentence, sentence_words), polarity(region, region_words)
    shared = {w.term for w in sentence_words if w.term} & {w.term for w in region_words}
    found = []
    for i, theirs in candidates:
        mine = sentence_words[i]
        here = shared - theirs - {mine.term}
        # What the region says about the sentence's things: its word, or the opposite, by the
        # shared words around each (a region may say both, of different things).
        j, opposed = _best(region_words, r_pol.sentence, here, theirs, s_pol.negated[i], r_pol)
        agreed = _best(region_words, r_pol.sentence, here, {mine.stem}, None, r_pol)[1]
        if j < 0 or opposed <= agreed or _both(region_words, r_pol.sentence, j, mine.stem):
            continue
        if mine.folded in _DEGREE and _apart(
            _next_term(sentence_words, i), _next_term(region_words, j)
        ):
            continue  # "more efficiently" against "less effort": of different things
        if _context(sentence_words, i) & _context(region_words, j):
            w = region_words[j]
            found.append(Found("opposite", mine.start, mine.end, w.start, w.end))
    return found


def _next_term(words: list[Word], i: int) -> str:
    """The key term of the word right after ``words[i]``, "" when it gives none."""
    return words[i + 1].term if i + 1 < len(words) else ""


def _apart(said: str, told: str) -> bool:
    return bool(said and told) and said != told


def _both(words: list[Word], sentence: list[int], j: int, stem: str) -> bool:
    """Whether the region's sentence holding ``words[j]`` says ``stem`` too: it then speaks of
    both ("the youngest of the three, as she is 20 years old")."""
    return any(w.stem == stem for w, n in zip(words, sentence, strict=True) if n == sentence[j])


def _context(words: list[Word], i: int) -> set[str]:
    """The key terms of the ``_SIDE`` content words either side of ``words[i]``: what it says
    something of ("lower heart rate", "sales fell")."""
    out: set[str] = set()
    for step in (-1, 1):
        k, seen = i + step, 0
        while 0 <= k < len(words) and seen < _SIDE:
            if words[k].term:
                out.add(words[k].term)
                seen += 1
            k += step
    return out


def _best(
    words: list[Word],
    sentence: list[int],
    shared: set[str],
    stems: set[str] | frozenset[str],
    negated: bool | None,
    pol: Polarity,
) -> tuple[int, int]:
    """The occurrence of ``stems`` (negated as ``negated`` says, when it is not None) with the
    most shared key terms near it in its sentence, and how many: (-1, 0) when none has any."""
    best, most = -1, 0
    for j, w in enumerate(words):
        if w.stem not in stems or (negated is not None and pol.negated[j] != negated):
            continue
        near = {
            words[k].term
            for k in range(max(0, j - _REACH), min(len(words), j + _REACH + 1))
            if sentence[k] == sentence[j] and words[k].term in shared
        }
        if len(near) > most:
            best, most = j, len(near)
    return best, most
