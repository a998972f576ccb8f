"""The opposites table of the ``opposite`` check: which words a word's opposites are, and which
of a text's words reach them.

The table (``data/antonyms.tsv``: WordNet 3.0's antonyms, the two ends of the scale of amount
crossed and a short hand list, made by ``benchmarks/make_antonyms.py``) holds plain words,
stemmed here when the table loads, so it follows the stemmer. An adjective's degrees oppose the
other's too ("higher" and "lower", "highest" and "lowest": the stemmer keeps them apart), and a
superlative the other's plain word (the smallest is no large one). A stem is only where a word
is looked up: the word must share a root with the table's word ("allows", "allowed"), not only
its stem ("different" is no "differ"), so the table keeps its words of each stem and the roots
of each word's opposites. The table's words that are no key term ("before", "more") are found
in a text by their own search (:data:`.opposite.FUNCTION_WORD_RE`).
"""

from __future__ import annotations

import functools
from itertools import chain
from pathlib import Path

from ...memo import Memo
from ...text import terms
from ...text.terms import fold, token_terms
from ...text.words import Word

_TABLE = Path(__file__).parents[2] / "data" / "antonyms.tsv"
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


_Table = dict[str, frozenset[str]]


def _load() -> tuple[_Table, _Table, _Table, list[str]]:
    stem = functools.cache(terms.stem)  # each word's stem once: the import's main cost
    pairs: dict[str, set[str]] = {}
    function_words: set[str] = set()
    lines = [
        [fold(w) for w in line.split("\t")]
        for line in _TABLE.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    named = set(chain.from_iterable(lines))
    for words in lines:
        # "high"/"low" oppose "higher"/"lower" and "highest"/"lowest" too (Snowball keeps the
        # degrees apart)
        bases = [stem(w) for w in words]
        degrees = list(map(_degrees, words))
        # a superlative the table names opposes the other end's plain word too: the smallest
        # is no large one (a comparative is: smaller than one thing, larger than another)
        crossed = [(degrees[0][2], words[1]), (degrees[1][2], words[0])]
        crossed = [(a, b) for a, b in crossed if a in named]
        for n, (a, b) in enumerate((*zip(*degrees, strict=True), *crossed)):
            # a made-up degree the stemmer takes back to its noun ("women" -> "womener" ->
            # "women") would pair the noun with the other's real word ("man" -> "manner")
            if 0 < n < 3 and (stem(a) in bases or stem(b) in bases):
                continue
            if stem(a) != stem(b):
                pairs.setdefault(a, set()).add(b)
                pairs.setdefault(b, set()).add(a)
        function_words.update(w for w in words if not token_terms(w))
    stems: dict[str, set[str]] = {}
    forms: dict[str, set[str]] = {}
    for a, opposites in pairs.items():
        stems.setdefault(stem(a), set()).update(map(stem, opposites))
        forms.setdefault(stem(a), set()).add(a)
    return _frozen(stems), _frozen(pairs), _frozen(forms), sorted(function_words)


def _frozen(table: dict[str, set[str]]) -> _Table:
    return {key: frozenset(values) for key, values in table.items()}


OPPOSITES, _PAIRS, _FORMS, FUNCTION_WORDS = _load()
"""Stem -> the stems of its opposites; the table's word (folded, degrees made) -> its
opposites; stem -> the table's words of that stem."""


def opposite_forms(word: Word) -> frozenset[str]:
    """The roots (see :func:`_roots`) of the table's opposites of the table's words that
    ``word`` shares a root with: stems join words of other parts of speech ("different" and
    the verb "differ", whose opposite is "equal"; "equality" and "equal"), inflections only
    their own words ("allows" and "allowed", whose opposite is "prohibited")."""
    mine = ROOTS[word.folded]
    return frozenset().union(
        *(_OPPOSITE_ROOTS[a] for a in _FORMS[word.stem] if not mine.isdisjoint(ROOTS[a]))
    )


_ENDINGS = ("s", "es", "ed", "d", "ing", "ingly", "er", "r", "est", "st")


def _roots(word: str) -> frozenset[str]:
    """What ``word`` may be an inflection of, itself included: "allowed" -> "allow",
    "stopped" -> "stop", "earlier" -> "early", "larger" -> "large", "increasingly" ->
    "increase" (with junk no word shares, "allowe"); a word of another part of speech
    ("different", "equality") keeps its own, and so does an adverb of another sense than its
    adjective's ("highly", "nearly", "lately")."""
    out = {word}
    for end in _ENDINGS:
        if word.endswith(end) and len(word) > len(end) + 2:
            root = word[: -len(end)]
            out.update((root, root + "e"))
            if root[-1] == root[-2]:
                out.add(root[:-1])
            elif root[-1] == "i":
                out.add(root[:-1] + "y")
    return frozenset(out)


ROOTS = Memo(_roots, 16_384)  # a word's roots once: each cost a loop over the endings
_OPPOSITE_ROOTS = {a: frozenset().union(*map(_roots, bs)) for a, bs in _PAIRS.items()}
