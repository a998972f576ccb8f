"""The ``number`` check's reading of a year in its place: the sentence gives an event the year
the region gives another ("came into force in 2019" against "came into force in 2018 and was
amended in 2019").

A year the passage has anywhere counts as stated (:mod:`..model`), so a sentence that moves
the passage's other year onto its event keeps every number; a year the region lacks is left to
the numbers' reading. Its place is the words before it
out to the nearest content word, within the clause ("force in", "January 1"): the region
contradicts when it has another year in that very place and never the sentence's. The words
after a year tell little ("in 2018 and was amended" goes on where the sentence stopped), and a
year with no content word before it in its clause ("In 2019, sales rose", "from 2018 to
2020") has no place to read.
"""

from __future__ import annotations

import re

from ...text.numbers import Number
from ...text.words import Word
from .exchange import place_before
from .found import Found

_YEAR = re.compile(r"1[5-9]\d\d|20\d\d")


def may_find(numbers: list[Number]) -> bool:
    """Whether the sentence (of ``numbers``) gives a year."""
    return any(not n.kind and _YEAR.fullmatch(n.raw) for n in numbers)


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    for i, w in enumerate(sentence_words):
        if not _YEAR.fullmatch(w.text) or all(r.text != w.text for r in region_words):
            continue  # a year the region lacks is a number not stated (see ..model)
        place = place_before(sentence, sentence_words, i)
        if place is None:
            continue
        there = [
            j
            for j, r in enumerate(region_words)
            if _YEAR.fullmatch(r.text) and place_before(region, region_words, j) == place
        ]
        if not there or any(region_words[j].text == w.text for j in there):
            continue  # no year there, or the region says the sentence's there too
        j, start = there[0], i - len(place)
        r_start = j - len(place)
        return [
            Found(
                "number",
                sentence_words[start].start,
                w.end,
                region_words[r_start].start,
                region_words[j].end,
            )
        ]
    return []
