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

Two mentions can also *trade neighbours* (:func:`traded`) where the wording around them
differs: "the season cap ... for the 2021-22 salary" against "the salary cap ... for the
2021-22 season". A neighbour is the nearest word on a side, determiners skipped; each of the two
stands beside a word the region puts beside the other and beside none the region puts beside
itself. Any key term the region also has counts as a mention here ("salary" follows no
determiner). Lists, copulas and two mentions side by side have no order to trade.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Set
from typing import NamedTuple

from ...text.words import Word, between, outward
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
SENTENCE_ENDS = frozenset(".!?\n")
# A clause's end: a sentence's, a comma, a colon, a bracket.
CLAUSE_BREAKS = frozenset(".,;:!?()[]\n")
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
        if SENTENCE_ENDS.intersection(between(text, words[a.last].end, words[b.first].start)):
            continue
        inside = tuple(w.folded for w in words[a.last + 1 : b.first] if w.folded not in DETERMINERS)
        span = _Span(inside, words[a.first].start, words[b.last].end, _items(text, words, a, b))
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
    after = between(text, words[a.last].end, words[a.last + 1].start)
    before = between(text, words[i - 1].end, words[i].start)
    return (bool(_ITEM_ENDS.intersection(after)) or words[a.last + 1].folded in LISTING) and (
        bool(_ITEM_ENDS.intersection(before)) or words[i - 1].folded in LISTING
    )


def _unordered(between: tuple[str, ...]) -> bool:
    """Only "and", "or", "is" between the two, or one symmetric word ("met", "with")."""
    lone = between[0] if len(between) == 1 else ""
    return set(between) <= _UNORDERED or (lone in SYMMETRIC and lone not in _GROUPING)


# A mention's neighbour: a side (-1 left, 1 right) and the nearest word out there, determiners
# skipped, by its key term (a number by itself); "|" where a sentence opens or ends.
type _Neighbour = tuple[int, str, bool]  # and whether the word is a key term or a number
type _Span2 = tuple[int, int]  # the first and last word
type _Near = dict[frozenset[str], dict[_Neighbour, _Span2]]
_EDGE = "|"
_LISTED: _Neighbour = (0, "and", False)  # the mention stands beside an "and": a list's item
_BREAKS = frozenset(".,;:!?()[]")
# "Paris is the capital" says what "the capital is Paris" says: no neighbour either side.
_COPULAS = _UNORDERED - LISTING
_MAX_TRADE = 30  # words from the first place's first to the second's last
_MAX_NEAR_TRADE = 12


def traded(
    said: tuple[str, list[Word], list[Mention]],
    told: tuple[str, list[Word], list[Mention]],
    done: Set[frozenset[frozenset[str]]],
    linked: Set[frozenset[frozenset[str]]] = frozenset(),
) -> list[Found]:
    """Each pair of the sentence's mentions that took each other's neighbours, but the pairs
    ``done``: "the season cap ... for the 2021-22 salary" where the region says "the salary
    cap ... for the 2021-22 season". Each of the two stands in the sentence beside a word the
    region puts beside the other, and beside no word the region puts beside itself; at least
    one of those words is a word, not a sentence's edge (a subject and its complement trade
    edges in a faithful reordering). A list's items, and two mentions side by side ("lifting a
    bucket" / "a bucket being lifted"), have no places to trade. Two that both texts relate
    in one clause (``linked``) trade more than their order or not at all: the words between
    them and the sentence's edges say only which comes first, and their link reads that,
    relation and all ("The summit in Geneva" / "Geneva was chosen in Summit talks")."""
    said_near, told_near = _neighbours(*said), _neighbours(*told)
    moved = [
        key
        for key, near in said_near.items()
        if key in told_near and _LISTED not in near and _LISTED not in told_near[key]
        if near.keys().isdisjoint(told_near[key])
    ]
    found: list[Found] = []
    for n, a in enumerate(moved):
        for b in moved[n + 1 :]:
            said_a, said_b, told_a, told_b = said_near[a], said_near[b], told_near[a], told_near[b]
            if a & b or frozenset((a, b)) in done or _beside(said_a, b) or _beside(said_b, a):
                continue
            if _beside(told_a, b) or _beside(told_b, a):
                continue
            to_b = [p for p in said_a if p in told_b]
            to_a = [p for p in said_b if p in told_a]
            if to_b and to_a and any(p[1] != _EDGE for p in to_b + to_a):
                # Beside a key term or a number, a trade may span a clause; beside a function
                # word ("to", "had") only a short stretch.
                reach = _MAX_TRADE if any(p[2] for p in to_b + to_a) else _MAX_NEAR_TRADE
                ordered = frozenset((a, b)) in linked
                pairs = [
                    (x, y)
                    for x in to_b
                    for y in to_a
                    if not ordered or _moved(x, said_a[x], y, said_b[y])
                ]
                said_at = _within(((said_a[x], said_b[y]) for x, y in pairs), reach)
                told_at = _within(((told_b[x], told_a[y]) for x, y in pairs), reach)
                if said_at is not None and told_at is not None:
                    found.append(_found(said[1], said_at, told[1], told_at))
    return found


def _moved(x: _Neighbour, at_x: _Span2, y: _Neighbour, at_y: _Span2) -> bool:
    """Whether a neighbour traded, not a sentence's edge, lies outside the two."""
    return _outside(x, at_x, at_y) or _outside(y, at_y, at_x)


def _outside(place: _Neighbour, at: _Span2, other: _Span2) -> bool:
    side, word, _ = place
    if word == _EDGE:
        return False
    # The neighbour is the first word of its span on the left, the last on the right.
    return other[1] > at[0] if side < 0 else other[0] < at[1]


def _within(spans: Iterable[tuple[_Span2, _Span2]], reach: int) -> _Span2 | None:
    """The first of the two places' spans that are no more than ``reach`` words apart,
    joined: further apart, the two are no longer one statement's parts."""
    for (a, b), (c, d) in spans:
        first, last = min(a, c), max(b, d)
        if last - first <= reach:
            return first, last
    return None


def _found(said: list[Word], at: _Span2, told: list[Word], there: _Span2) -> Found:
    return Found(
        "roles", said[at[0]].start, said[at[1]].end, told[there[0]].start, told[there[1]].end
    )


def _neighbours(text: str, words: list[Word], mentions: list[Mention]) -> _Near:
    """Each mention key's neighbours, each with the first and last word of the mention and
    its neighbour."""
    out: _Near = {}
    for m in mentions:
        near = out.setdefault(m.key, {})
        for side, edge in ((-1, m.first), (1, m.last)):
            j = edge + side
            while 0 <= j < len(words) and words[j].folded in DETERMINERS:
                j += side
            inside = 0 <= j < len(words)
            gap = (
                between(text, words[min(edge, j)].end, words[max(edge, j)].start) if inside else ""
            )
            if not inside or SENTENCE_ENDS.intersection(gap):
                near.setdefault((side, _EDGE, False), (m.first, m.last))
                continue
            word = words[j]
            if _BREAKS.intersection(gap) or word.folded in _COPULAS:
                continue  # a clause's or a list's mark; "is" has no sides
            if word.folded in LISTING:
                near[_LISTED] = (0, 0)
                continue
            content = bool(word.term) or word.folded.isdigit()
            neighbour = (side, word.term or word.folded, content)
            near.setdefault(neighbour, (min(m.first, j), max(m.last, j)))
    return out


def _beside(near: dict[_Neighbour, _Span2], other: frozenset[str]) -> bool:
    return any(word in other for _, word, _ in near)


def place_before(text: str, words: list[Word], i: int, most: int = 3) -> tuple[str, ...] | None:
    """Where ``words[i]`` stands: the folded words before it out to its clause's nearest
    content word, nearest first ("headquartered in", "force in"); None when its clause has
    none within ``most`` words (the places :mod:`.years` and :mod:`.named_place` compare)."""
    place: list[str] = []
    for k in outward(text, words, i, -1, most, CLAUSE_BREAKS):
        place.append(words[k].folded)
        if words[k].term:
            return tuple(place)
    return None
