"""The ``roles`` check's reading of a name in another's place: the sentence names one where
the region names another in that very place, and the sentence's only elsewhere in another role
("headquartered in London" against "headquartered in Paris, with an office in London").

A name no passage has is :mod:`.stand_in`'s; this one the region has, so every key term is
found and only its place tells. A name is a capitalised word inside a sentence (with the
capitalised words right after it: "New York"), in English only: German capitalises every
noun. Its place is the words before it out to its clause's nearest content word
("headquartered in"), as :mod:`.years` reads a year's. The region contradicts when it has
another name there and never the sentence's; a region listing the sentence's name beside its
own ("in Paris and London", "the life, the body or the property") says both.
"""

from __future__ import annotations

import re

from ...text.terms import ENGLISH, current
from ...text.words import Word, between, outward
from .converse import compares
from .exchange import SENTENCE_ENDS, place_before
from .found import Found

# Two lower-case words before a capitalised one, the first no small word (four letters at
# least): a name's place as written ("headquartered in London", "song by Ludacris"), looked
# for in a region's text before its words are read; a lower-case word opens no sentence.
_PLACE_RE = re.compile(r"\b([a-z]{4,} [a-z]+ )([A-Z]\w*)")


def places_said(sentence: str) -> tuple[tuple[str, str], ...]:
    """The places the sentence names a name in, as written, each with the name's first word
    ("headquartered in ", "London"); none without a capital past its first letter (a test in
    C: the pattern's search cost 16,000 instructions a sentence of the 2,000 x 100 bench)."""
    if sentence[1:].islower():
        return ()
    return tuple(dict.fromkeys(m.groups() for m in _PLACE_RE.finditer(sentence)))


def may_find(region: str, start: int, end: int, places: tuple[tuple[str, str], ...]) -> bool:
    """Whether the region (``region[start:end]``) writes one of the sentence's ``places``
    before another capitalised word than the sentence's name: a cheap test, for a faithful
    region says the sentence's name there, and most others hold none of its places."""
    for place, name in places:
        at = region.find(place, start, end)
        while at >= 0:
            after = at + len(place)
            if region[after : after + 1].isupper() and not region.startswith(name, after):
                return True
            at = region.find(place, after, end)
    return False


_JOINS = frozenset(("and", "or", "the", "a", "an"))  # "the life, the body or the property"
_LIST_REACH = 8


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    if current() is not ENGLISH:
        return []  # German capitalises every noun: a capital marks no name there
    told = _names(region, region_words)
    if len(told) < 2 or (compares(sentence_words) and compares(region_words)):
        return []  # "in Leeds higher than in York", "in York lower than in Leeds": .comparison
    for start, end in _names(sentence, sentence_words):
        name = _folded(sentence_words, start, end)
        if all(_folded(region_words, a, b) != name for a, b in told):
            continue  # a name the region lacks is stand_in's
        place = _place(sentence, sentence_words, start)
        if place is None:
            continue
        there = [
            (a, b)
            for a, b in told
            if _place(region, region_words, a) == place and not _possessive(region, region_words, b)
        ]
        if not there or any(set(_folded(region_words, a, b)) & set(name) for a, b in there):
            continue  # the sentence's name there, or a part of it ("US" of "US United")
        a, b = there[0]
        if _listed_with(
            region, region_words, b, {n for n, m in told if _folded(region_words, n, m) == name}
        ):
            continue
        s_first, r_first = start - len(place), a - len(place)
        return [
            Found(
                "roles",
                sentence_words[s_first].start,
                sentence_words[end - 1].end,
                region_words[r_first].start,
                region_words[b - 1].end,
            )
        ]
    return []


def _names(text: str, words: list[Word]) -> list[tuple[int, int]]:
    """(first, end) word indices of each run of capitalised words inside a sentence."""
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(words):
        if _capital(words[i]) and not _opens(text, words, i):
            end = i + 1
            while end < len(words) and _capital(words[end]) and not _opens(text, words, end):
                end += 1
            out.append((i, end))
            i = end
        else:
            i += 1
    return out


def _capital(word: Word) -> bool:
    return word.text[:1].isupper() and bool(word.term)


def _opens(text: str, words: list[Word], i: int) -> bool:
    """Whether word ``i`` opens a sentence (or the text), where every word has a capital."""
    return not i or bool(
        SENTENCE_ENDS.intersection(between(text, words[i - 1].end, words[i].start))
    )


def _possessive(text: str, words: list[Word], b: int) -> bool:
    """Whether the name ending before word ``b`` is a possessive ("Preity Zinta's Kings XI"):
    it names whose, the name after it stands in the place."""
    end = words[b - 1].end
    return text[end : end + 2] in ("'s", "\u2019s")


def _folded(words: list[Word], start: int, end: int) -> tuple[str, ...]:
    return tuple(w.folded for w in words[start:end])


def _place(text: str, words: list[Word], i: int) -> tuple[str, ...] | None:
    """Where the name at ``i`` stands (:func:`.exchange.place_before`), when a predicate's
    word ends it, not another name's ("captain of", not "Punjab and")."""
    place = place_before(text, words, i)
    return place if place is not None and words[i - len(place)].text.islower() else None


def _listed_with(text: str, words: list[Word], b: int, starts: set[int]) -> bool:
    """Whether the region's name ending before word ``b`` is listed with one starting at
    ``starts``: only commas, "and", "or", articles and other names between, within
    ``_LIST_REACH`` words ("the Netherlands, the United Kingdom and the United States")."""
    for k in outward(text, words, b - 1, 1, _LIST_REACH, SENTENCE_ENDS):
        if k in starts:
            return True
        if words[k].folded not in _JOINS and not _capital(words[k]):
            return False
    return False
