"""A relation spread over a list: "the United Kingdom includes England, Scotland, Wales, and
Northern Ireland" says "the United Kingdom includes Northern Ireland" too.

A link (:mod:`.roles`) reads one clause and a comma ends it, so the list's later items would
relate to nothing. A list here is two or more names (capitalised runs, a determiner allowed
before each) joined by commas, its last item after an "and" or an "or", and nothing after it
but the end of a clause. The end-of-list guard keeps a second clause out: in "France beat
Spain, and Italy beat Germany" the words after "Italy" show it opens a clause of its own, so
France beat Spain only.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...text.words import Word, between
from .exchange import CLAUSE_BREAKS, DETERMINERS, LISTING, Mention


def spread(
    text: str, words: list[Word], mentions: list[Mention], reach: int
) -> Iterator[tuple[Mention, Mention, int]]:
    """Each mention before a list with each mention among its later items, and the index of
    the first item's first name word: the later item stands in the relation where the first
    does. Only a mention of the list's clause, at most ``reach`` words before it."""
    starts = {m.first: m for m in mentions}
    for first, items in _lists(text, words):
        later = [starts[i] for i, _ in items[1:] if i in starts]
        if not later:
            continue
        for a in mentions:
            if a.last >= first or first - a.last - 1 > reach:
                continue
            if not CLAUSE_BREAKS.intersection(between(text, words[a.last].end, words[first].start)):
                yield from ((a, b, first) for b in later if not a.key & b.key)


def _lists(text: str, words: list[Word]) -> Iterator[tuple[int, list[tuple[int, int]]]]:
    """Each list's first name word and its items, (first, last) name word each."""
    i = 0
    while i < len(words):
        items = _items(text, words, i)
        if items:
            yield items[0][0], items
            i = items[-1][1] + 1
        else:
            i += 1


def _items(text: str, words: list[Word], i: int) -> list[tuple[int, int]]:
    """The items of the list whose first name starts at word ``i``, or none."""
    items: list[tuple[int, int]] = []
    item = _name(text, words, i)
    while item is not None:
        items.append(item)
        j, joined = _next(text, words, item[1])
        if j is None:
            return []
        if joined:  # the last item: after it, the clause ends
            last = _name(text, words, j)
            if last is None or not _ends(text, words, last[1]):
                return []
            return [*items, last]
        item = _name(text, words, j)
    return []


def _next(text: str, words: list[Word], last: int) -> tuple[int | None, bool]:
    """The word after an item's separator (a comma, an "and" or "or", or both) and whether an
    "and" or "or" was among it; None when no separator follows."""
    j = last + 1
    if j >= len(words):
        return None, False
    comma = text[words[last].end : words[j].start].strip() == ","
    if words[j].folded in LISTING and (comma or not _gap(text, words, last, j)):
        return (j + 1 if j + 1 < len(words) and not _gap(text, words, j, j + 1) else None), True
    return (j if comma else None), False


def _name(text: str, words: list[Word], i: int) -> tuple[int, int] | None:
    """The capitalised run starting at word ``i``, or after a determiner there."""
    if i < len(words) and words[i].folded in DETERMINERS and not _gap(text, words, i, i + 1):
        i += 1
    if i >= len(words) or not words[i].text[:1].isupper():
        return None
    last = i
    while last + 1 < len(words) and words[last + 1].text[:1].isupper():
        if _gap(text, words, last, last + 1):
            break
        last += 1
    return i, last


def _gap(text: str, words: list[Word], a: int, b: int) -> bool:
    """Something but spaces between two words (or no second word)."""
    return b >= len(words) or bool(text[words[a].end : words[b].start].strip())


def _ends(text: str, words: list[Word], last: int) -> bool:
    if last + 1 >= len(words):
        return True
    return bool(CLAUSE_BREAKS.intersection(between(text, words[last].end, words[last + 1].start)))
