"""The ``name`` check: the sentence names, where the region names another, one no passage has.

A name no cited passage mentions (``Grounds.missing_names``, and a sentence's first word that
reads as one: ``mentions.unknown_opener``) only lowers the support: an answer may add a name
its passages leave out. But when the region has a name the sentence does not say in the very
same place, the sentence has put its name where the passage's stood: it speaks of someone or
something else ("like Polish and Czech" / "like Faroese and Czech", "a diplomat at the AU has"
/ "at the Etxeberria has"). The same place is:

* the same word either side, a sentence's edge counting as one (a full stop or a bracket
  ends what is beside a name), and not an edge on both sides;
* where both are small words ("the", "and"), the next words out agreeing too, or one of them
  the same content word: "the ... and" alone is what any two names share;
* or, in a list, the same name on one side ("India, Greece" / "Hobart, Greece").

Punctuation is read three ways, and one reading agreeing is enough: as above; with a comma
ending a clause as well ("like Omaha, there's" / "like Ferreira, players"; a list's names
are neighbours across commas, so this cannot be the only reading); and with brackets read
through, for an alias in them ("Universal Basic Income (UBI)" / "... (Karaman)").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...text.names import Name
from ...text.words import Word
from .found import Found

# What ends the words beside a name: the readings of its punctuation.
_SENTENCE = re.compile(r"[.!?;:()\n]")
_CLAUSE = re.compile(r"[.!?;:(),\n]")
_ALIAS = re.compile(r"[.!?;:,\n]")
_Sides = tuple[Word | None, Word | None]  # the words before and after; None at an edge


def find(
    names: Sequence[Name],
    sentence: str,
    sentence_words: list[Word],
    region: str,
    region_words: list[Word],
) -> list[Found]:
    """Each of ``names`` (the sentence's, named in no cited passage) standing where the region
    has a name of its own that the sentence does not say."""
    said = {w.folded for w in sentence_words}
    theirs = [
        run for run in _capital_runs(region, region_words) if not _said(region_words, run, said)
    ]
    if not theirs:
        return []
    found = []
    for name in names:
        for first, last in _places(name, sentence_words):
            for r_first, r_last in theirs:
                if _same_place(
                    (sentence, sentence_words, first, last),
                    (region, region_words, r_first, r_last),
                ):
                    found.append(
                        Found(
                            "name",
                            sentence_words[first].start,
                            sentence_words[last].end,
                            region_words[r_first].start,
                            region_words[r_last].end,
                        )
                    )
                    break
    return found


_Place = tuple[str, list[Word], int, int]  # a text, its words, a name's first and last index


def _same_place(mine: _Place, theirs: _Place) -> bool:
    """Whether the two names stand in the same place, by one reading of the punctuation. A
    comma's edge tells nothing alone ("In the United States," / "under the Lanham Act."), and
    brackets are read through only where both names are all their brackets hold."""
    for breaks in (_SENTENCE, _CLAUSE, _ALIAS):
        if breaks is _ALIAS and not (_bracketed(mine) and _bracketed(theirs)):
            continue
        sides = _neighbours(*mine, breaks)
        if _alike(sides, _neighbours(*theirs, breaks)) and (
            _telling(sides, edges=breaks is not _CLAUSE)
            or _outer_alike(
                _neighbours(*_wider(mine), breaks), _neighbours(*_wider(theirs), breaks)
            )
        ):
            return True
    return False


def _outer_alike(mine: _Sides, theirs: _Sides) -> bool:
    """Beyond small words, the next words out alike, or one of them the same content word
    ("warn that Ukrainians would continue" / "warn that Aaberg would likely")."""
    return _alike(mine, theirs) or any(
        a is not None and b is not None and a.term and a.folded == b.folded
        for a, b in zip(mine, theirs, strict=True)
    )


def _bracketed(place: _Place) -> bool:
    text, words, first, last = place
    return text[: words[first].start].rstrip().endswith("(") and text[
        words[last].end :
    ].lstrip().startswith(")")


def _wider(place: _Place) -> _Place:
    text, words, first, last = place
    return text, words, first - 1, last + 1


def _alike(mine: _Sides, theirs: _Sides) -> bool:
    """Both neighbours the same word (or sentence edge), one at least a word; or, in a list,
    one of them the same name ("India, Greece" / "Hobart, Greece")."""
    same = [_folded(a) == _folded(b) for a, b in zip(mine, theirs, strict=True)]
    if all(same):
        return mine != (None, None)
    return any(
        ok and a is not None and b is not None and a.text[0].isupper() and b.text[0].isupper()
        for ok, a, b in zip(same, mine, theirs, strict=True)
    )


def _telling(sides: _Sides, *, edges: bool) -> bool:
    """Whether a neighbour is a content word (a key term) or, where ``edges`` tell, an edge:
    "the ... and" alone is what any two names share."""
    return any(w.term if w is not None else edges for w in sides)


def _folded(word: Word | None) -> str | None:
    return None if word is None else word.folded


def _places(name: Name, words: list[Word]) -> list[tuple[int, int]]:
    """Where the sentence writes ``name``'s capitalised words in a row (first, last index)."""
    n = len(name.words)
    texts = [w.text for w in words]
    return [
        (i, i + n - 1) for i in range(len(words) - n + 1) if tuple(texts[i : i + n]) == name.words
    ]


def _capital_runs(text: str, words: list[Word]) -> list[tuple[int, int]]:
    """Runs of capitalised words with one space between them: the region's names ("TCP/IP"
    is two)."""
    runs: list[tuple[int, int]] = []
    for i, w in enumerate(words):
        if not w.text[0].isupper():
            continue
        if runs and runs[-1][1] == i - 1 and text[words[i - 1].end : w.start] == " ":
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    # "The Global Ghost Team": its "The" is the article a sentence writes "the", no part of it
    return [(a + 1, b) if a < b and words[a].folded == "the" else (a, b) for a, b in runs]


def _said(words: list[Word], run: tuple[int, int], said: set[str]) -> bool:
    """Whether the sentence says any word of the region's name (then it is no other name)."""
    return any(words[k].folded in said for k in range(run[0], run[1] + 1))


def _neighbours(
    text: str, words: list[Word], first: int, last: int, breaks: re.Pattern[str]
) -> _Sides:
    """The words either side of ``words[first..last]``; None across a sentence's end or a
    bracket."""
    before = after = None
    if first > 0 and not breaks.search(text, words[first - 1].end, words[first].start):
        before = words[first - 1]
    if last + 1 < len(words) and not breaks.search(text, words[last].end, words[last + 1].start):
        after = words[last + 1]
    return before, after
