"""Two mentions exchanged word for word: "the size of both air and water, ..., and the
temperature" where the region says "the temperature of both air and water, ..., and the size".

A link (:mod:`.roles`) reads one clause, so it misses a swap across commas or around a
symmetric-looking word ("the iron between the interaction" for "the interaction between
iron"). Here the words between the two must be the same on both sides (determiners aside), in
one sentence of each: the sentence says "A ... B" where the region says "B ... A" with the very
same words between, and never "A ... B" with them (elsewhere, in other words, it may: "for
chemistry teachers, a general test ..."). That much shared wording leaves no room for a
paraphrase, so the rule may read across commas. Two whole items of a list ("Scotland, Wales,
and England") have no order, nor do two joined by nothing but "and", "or", a determiner or a
symmetric word ("France met Germany").
"""

from __future__ import annotations

from collections.abc import Iterator, Set
from typing import NamedTuple

from ...text.words import Word
from .found import Found


class Mention(NamedTuple):
    first: int  # index of its first word
    last: int  # index of its last word
    key: frozenset[str]  # its key terms


# Not "that": more often a relative pronoun ("ions that create") than a determiner.
_DETERMINERS_TEXT = "the a an this these those its their his her our my your"
DETERMINERS = frozenset(_DETERMINERS_TEXT.split())
LISTING = frozenset(("and", "or", "nor"))
# "Paris is the capital" says what "the capital is Paris" says.
_UNORDERED = LISTING | frozenset(("is", "are", "was", "were", "be"))
# Words that make a relation symmetric or a list: no direction to reverse.
_SYMMETRIC_TEXT = """with between among amongst versus vs alongside together both either neither
    plus meet met meets meeting marry married marries wed partner partnered partners
    collaborate collaborated tie tied draw drew drawn border borders bordered equal equals
    equalled resemble resembles similar same like unlike compare compared differ differs
    different sibling siblings twin twins"""
SYMMETRIC = frozenset(_SYMMETRIC_TEXT.split())
_ITEM_ENDS = frozenset(",;")
_SENTENCE_ENDS = frozenset(".!?\n")
_MAX_BETWEEN = 16  # words between the two
# Symmetric only around both ("between A and B"): one of them on each side is a relation ("the
# iron between the interaction" is not "the interaction between iron").
_GROUPING = frozenset(("between", "among", "amongst", "both", "either", "neither"))


class _Span(NamedTuple):
    between: tuple[str, ...]  # the folded words between the two mentions, determiners left out
    start: int  # offsets of the whole span, both mentions included
    end: int
    item: bool  # the two are items of a list: a comma or "and" after the first, before the other


type _Pairs = dict[tuple[frozenset[str], frozenset[str]], list[_Span]]


def exchanged(
    said: tuple[str, list[Word], list[Mention]],
    told: tuple[str, list[Word], list[Mention]],
    done: Set[frozenset[frozenset[str]]],
) -> list[Found]:
    """Each pair of the sentence's mentions the region has the other way round, word for word
    between them, but the pairs ``done``. ``said`` and ``told`` are each a text, its words and
    its mentions (the region's under the sentence's keys)."""
    told_pairs = _pairs(*told)
    found: list[Found] = []
    for (a, b), spans in _pairs(*said).items():
        if frozenset((a, b)) in done:
            continue
        for span in spans:
            if not span.between or span.item or _unordered(span.between):
                continue
            if any(t.between == span.between for t in told_pairs.get((a, b), ())):
                break  # the region says it the sentence's way too
            back = next((t for t in told_pairs.get((b, a), ()) if t.between == span.between), None)
            if back is not None:
                found.append(Found("roles", span.start, span.end, back.start, back.end))
                break
    return found


def _pairs(text: str, words: list[Word], mentions: list[Mention]) -> _Pairs:
    """The spans of each ordered pair of mentions with no sentence's end between them."""
    out: _Pairs = {}
    for a, b in near_pairs(mentions, _MAX_BETWEEN):
        if _SENTENCE_ENDS.intersection(text[words[a.last].end : words[b.first].start]):
            continue
        between = tuple(
            w.folded for w in words[a.last + 1 : b.first] if w.folded not in DETERMINERS
        )
        span = _Span(between, words[a.first].start, words[b.last].end, _items(text, words, a, b))
        out.setdefault((a.key, b.key), []).append(span)
    return out


def near_pairs(mentions: list[Mention], reach: int) -> Iterator[tuple[Mention, Mention]]:
    """Each pair of mentions of different things, in text order, apart and at most ``reach``
    words between them."""
    for n, a in enumerate(mentions):
        for b in mentions[n + 1 :]:
            if b.first - a.last - 1 > reach:
                break
            if not (a.key & b.key or b.first <= a.last):
                yield a, b


def _items(text: str, words: list[Word], a: Mention, b: Mention) -> bool:
    """The two are items of one list: a comma or "and" right after the first and right before
    the other, its determiners aside ("the dose, the age of the patient, and the weight")."""
    i = b.first
    while words[i - 1].folded in DETERMINERS:
        i -= 1
    after = text[words[a.last].end : words[a.last + 1].start]
    before = text[words[i - 1].end : words[i].start]
    return (bool(_ITEM_ENDS.intersection(after)) or words[a.last + 1].folded in LISTING) and (
        bool(_ITEM_ENDS.intersection(before)) or words[i - 1].folded in LISTING
    )


def _unordered(between: tuple[str, ...]) -> bool:
    """Only "and", "or", "is" between the two, or one symmetric word ("met", "with")."""
    lone = between[0] if len(between) == 1 else ""
    return set(between) <= _UNORDERED or (lone in SYMMETRIC and lone not in _GROUPING)
