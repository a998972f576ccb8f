"""The direction reading of the ``opposite`` check: a verb of change against the figures the
region gives in order.

A region that gives one quantity twice, in order, says which way it went without a verb:
"8.1 million dollars in 2022, up from 6.4 million dollars in 2021", "from 6,400 to 8,100",
"6.4 million in 2021 and 8.1 million in 2022" (the same unit after both, a year after each).
The sentence that says the quantity rose or fell (a verb of change, not negated) to or by a
value of that pair ("fell to 8.1 million") says the way it went: the other way contradicts,
and both sides are quoted ("fell to 8.1 million" against "8.1 million dollars in 2022, up from
6.4 million"). A value the pair does not hold ("grew by 1.7 million") compares with nothing.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ...text.numbers import YEAR_PATTERN, Number, find_numbers, is_year
from ...text.words import Word
from .found import Found
from .polarity import Polarity, polarity

_UP_TEXT = """
rise rises rose risen rising increase increases increased increasing grow grows grew grown
growing climb climbs climbed climbing jump jumps jumped jumping
"""
# Verbs that make a quantity go down say a fall as well ("reduced to 500"); the bare "lower" is
# left out, mostly a comparison or a name ("lower than 500", "the lower 48").
_DOWN_TEXT = """
fall falls fell fallen falling decrease decreases decreased decreasing decline declines
declined declining drop drops dropped dropping shrink shrinks shrank shrunk shrinking
reduce reduces reduced reducing cut cuts cutting lowers lowered lowering
"""
CHANGE_SIGN = {**dict.fromkeys(_UP_TEXT.split(), 1), **dict.fromkeys(_DOWN_TEXT.split(), -1)}
"""Verb of change (folded) -> the way it says a quantity went: 1 up, -1 down."""
_REACH = 40  # characters from the verb to the value it goes to ("fell sharply to 8.1 million")
_DIGIT_RE = re.compile(r"\d")
# A currency sign may open a figure: "from $8.1 million to $6.4 million", "down from $8.1".
_SIGN = r"[$\u00a3\u20ac\u00a5]?"
_FROM_RE = re.compile(rf"(?i)\bfrom\s+{_SIGN}$")
# "ranging from 2 to 4", "aged from 18 to 25": the two ends of a span, not a change.
_SPAN_FROM_RE = re.compile(
    rf"(?i)\b(?:range[sd]?|ranging|var(?:y|ies|ied|ying)|aged)\s+from\s+{_SIGN}$"
)
_ENDS_RE = re.compile(r"(?i)\s+(?:to|until)\s+|\s*[-\u2013]\s*")
_UP_FROM_RE = re.compile(rf"(?i)\b(up|down)\s+from\s+{_SIGN}$")
_IN_YEAR_RE = re.compile(rf"(?i)\s*([^\W\d]*)\D{{0,20}}?\bin\s+({YEAR_PATTERN})\b")
_SENTENCE_END_RE = re.compile(r"[.!?;]\s")
_WORD_RE = re.compile(r"[^\W\d_]+")
_YEAR = f"(?:{YEAR_PATTERN})"
_YEAR_RE = re.compile(rf"(?<!\d){_YEAR}(?!\d)")
_YEARS_RE = re.compile(rf"{_YEAR}(?:\s*(?:-|\u2013|to|until)\s*{_YEAR})?")  # "2021 to 2022"
# between "from a" and "b": "to", after a unit word and when a stood: "from 8.1 million dollars
# in 2021 to 6.4 million"
_TO_RE = re.compile(rf"(?i)(?:\s+[^\W\d]+)?(?:\s+in\s+{_YEAR})?\s+to\s+{_SIGN}")
_SUBJECT = 4  # content words before a verb of change that name what it is said of
_FIGURE_RE = re.compile(r"[\d.,]+")  # a figure written without a unit ("8.1", "6,400")
# The words that may stand between the two values of one quantity besides its unit ("6.4
# million in 2021 and 8.1 million in 2022", "in 2022, compared with"): none names a thing.
_GAP_WORDS = frozenset(
    (
        *("in", "and", "compared", "with", "to", "against", "versus", "vs", "while", "but"),
        *("whereas", "from", "a", "an", "the", "of"),
    )
)


class _Change(NamedTuple):
    """A quantity the region gives twice, in order: which way it went, both values' keys,
    the later value's, and where the region says it."""

    sign: int
    values: frozenset[str]
    later: frozenset[str]
    start: int
    end: int


def may_find(words: list[str]) -> bool:
    """Whether the sentence (of ``words``, lower-cased) may say a quantity went one way: a verb
    of change. It needs no figure: "Globex's sales grew" says the way without one, against a
    region that gives two (the caller asks the region for a digit)."""
    return not CHANGE_SIGN.keys().isdisjoint(words)


def has_digit(text: str) -> bool:
    return _DIGIT_RE.search(text) is not None


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    changes = _changes(region)
    if not changes:
        return []
    pol = polarity(sentence, sentence_words)
    numbers = [n for n in find_numbers(sentence) if not is_year(n)]
    # years and spans of years say when, no value: "grew between 2021 and 2022"
    valued = any(not _YEARS_RE.fullmatch(n.raw) for n in numbers)
    found = []
    for i, w in enumerate(sentence_words):
        sign = CHANGE_SIGN.get(w.folded)
        if sign is None or pol.negated[i]:
            continue
        if not valued:
            found += _way_of(sentence, sentence_words, pol.clause, i, region, region_words, changes)
            continue
        value = next((n for n in numbers if w.end <= n.start <= w.end + _REACH), None)
        if value is None:
            continue
        between = sentence[w.end : value.start].casefold().split()
        if CHANGE_SIGN.keys() & between or value.kind.endswith("range"):
            continue  # "fell to between 10 and 15", "among those aged 18 to 25": no one value
        # "grew to 400" says where the quantity ended: of a pair, only its later value
        ends = "to" in between
        for change in changes:
            held = change.later if ends else change.values
            if change.sign != sign and not held.isdisjoint(value.stated):
                found.append(Found("opposite", w.start, value.end, change.start, change.end))
                break
    return found


def _way_of(
    sentence: str,
    words: list[Word],
    clause: list[int],
    i: int,
    region: str,
    region_words: list[Word],
    changes: list[_Change],
) -> list[Found]:
    """The verb ``words[i]``, saying no value, against the changes of its subject the region
    gives ("Globex's sales grew" beside "sales of 6.4 million in 2022, down from 8.1
    million"): a change of it is one whose sentence names every key term of the subject up to
    the change, in a year the sentence names if both name years. It contradicts where every
    such change went the other way, and, when the sentence names no year, where the region
    says no verb of its way: that may say when it went so."""
    first, subject = _subject(words, clause, i)
    if not subject:
        return []
    years = set(_YEAR_RE.findall(sentence))
    sign = CHANGE_SIGN[words[i].folded]
    if not years and any(CHANGE_SIGN.get(w.folded) == sign for w in region_words):
        return []  # "grew strongly for years. Sales went from 8.1 to 6.4": "grew" says when
    theirs = _changes_of(subject, years, region, region_words, changes)
    if not theirs or any(change.sign == sign for change in theirs):
        return []
    return [Found("opposite", words[first].start, words[i].end, theirs[0].start, theirs[0].end)]


def _changes_of(
    subject: frozenset[str],
    years: set[str],
    region: str,
    region_words: list[Word],
    changes: list[_Change],
) -> list[_Change]:
    """The changes whose sentence names every key term of ``subject``, in one of ``years``
    where both name years."""
    theirs = []
    for change in changes:
        start = _sentence_start(region, change.start)
        named = {w.term for w in region_words if start <= w.start < change.end}
        told = set(_YEAR_RE.findall(region, start, _sentence_end(region, change.end)))
        if subject <= named and not (years and told and years.isdisjoint(told)):
            theirs.append(change)
    return theirs


def went_otherwise(
    sentence: str,
    words: list[Word],
    clause: list[int],
    i: int,
    region: str,
    region_words: list[Word],
    region_pol: Polarity,
) -> bool:
    """Whether ``words[i]`` is a verb of change whose subject the region says went the other
    way, and only that way: by verbs it does not negate, in clauses naming the subject
    ("Globex's sales fell"), and by figures of it in order ("sales of 6.4 million in 2022,
    down from 8.1 million"). A sentence denying the verb ("Globex's sales did not grow") then
    says what the region says, in other words; a region saying both ways ("fell in 2021 and
    rose in 2022") does not."""
    sign = CHANGE_SIGN.get(words[i].folded)
    if sign is None:
        return False
    _first, subject = _subject(words, clause, i)
    if not subject:
        return False
    ways = {
        CHANGE_SIGN[w.folded]
        for k, w in enumerate(region_words)
        if w.folded in CHANGE_SIGN
        and not region_pol.negated[k]
        and subject <= _clause_terms(region_words, region_pol.clause, k)
    }
    if has_digit(region):
        years = set(_YEAR_RE.findall(sentence))
        ways.update(
            c.sign for c in _changes_of(subject, years, region, region_words, _changes(region))
        )
    return ways == {-sign}


def _clause_terms(words: list[Word], clause: list[int], k: int) -> set[str]:
    """The key terms of ``words[k]``'s clause."""
    return {w.term for w, c in zip(words, clause, strict=True) if c == clause[k]}


def _subject(words: list[Word], clause: list[int], i: int) -> tuple[int, frozenset[str]]:
    """The key terms of the content words before the verb ``words[i]`` in its clause, up to
    ``_SUBJECT`` of them or another verb of change; and where the first of them stands."""
    terms: set[str] = set()
    first, k = i, i - 1
    while k >= 0 and clause[k] == clause[i] and len(terms) < _SUBJECT:
        if words[k].folded in CHANGE_SIGN:
            break
        if words[k].term and not words[k].folded.isdigit():
            terms.add(words[k].term)
            first = k
        k -= 1
    return first, frozenset(terms)


def _sentence_start(text: str, at: int) -> int:
    return max((m.end() for m in _SENTENCE_END_RE.finditer(text, 0, at)), default=0)


def _sentence_end(text: str, at: int) -> int:
    end = _SENTENCE_END_RE.search(text, at)
    return len(text) if end is None else end.start()


def _changes(region: str) -> list[_Change]:
    """Every quantity the region gives twice in order, in one sentence (years say when, so
    they are no values)."""
    numbers = [n for n in find_numbers(region) if not is_year(n)]
    out = []
    for k, n in enumerate(numbers):
        if n.kind == "range" and _from(region, n.start):
            low, high = _ends(n.raw)
            sign = _compare(low, high)
            if sign:
                out.append(_Change(sign, n.parts, high.stated, n.start, n.end))  # "from 10 to 15"
        if k + 1 < len(numbers):
            change = _pair(region, n, numbers[k + 1])
            if change is not None:
                out.append(change)
    return out


def _ends(raw: str) -> tuple[Number, Number]:
    """The two values of a span ("8.1 to 6.4 million"); a bare first figure shares the unit
    after the second: "from 8.1 to 6.4 million" goes from 8.1 million, down."""
    first, second = _ENDS_RE.split(raw, maxsplit=1)
    unit = _FIGURE_RE.sub("", second, count=1)
    if _FIGURE_RE.fullmatch(first) and unit:
        first += unit
    return find_numbers(first)[0], find_numbers(second)[0]


def _pair(region: str, a: Number, b: Number) -> _Change | None:
    """How two numbers in a row give one quantity in order, if they do: "from a to b", "b,
    up from a", "a in 2021 and b in 2022" (the same unit word after each)."""
    if a.kind or b.kind or is_year(a) or is_year(b) or not (_value(a) and _value(b)):
        return None
    gap = region[a.end : b.start]
    if _SENTENCE_END_RE.search(gap):
        return None
    values = a.stated | b.stated
    if _compare(a, b) == 0:
        return None
    if _from(region, a.start) and _TO_RE.fullmatch(gap):
        return _Change(_compare(a, b), values, b.stated, a.start, b.end)
    said = _UP_FROM_RE.search(gap)
    if said is not None:  # "b, up from a"
        sign = 1 if said.group(1).lower() == "up" else -1
        return _Change(sign, values, a.stated, a.start, b.end)
    after_a, after_b = _IN_YEAR_RE.match(region, a.end), _IN_YEAR_RE.match(region, b.end)
    if after_a is None or after_b is None or after_a.group(2) == after_b.group(2):
        return None
    unit = after_a.group(1).lower()
    if after_b.group(1) and unit != after_b.group(1).lower():
        return None  # "8.1 million users in 2022 and 600 staff in 2021": two quantities
    if not _GAP_WORDS.union((unit,)).issuperset(_WORD_RE.findall(gap.lower())):
        return None  # "3 million in 2021 and France 5 million": of other things
    earlier_first = after_a.group(2) < after_b.group(2)
    sign = _compare(a, b) if earlier_first else _compare(b, a)
    later = b.stated if earlier_first else a.stated
    return _Change(sign, values, later, a.start, after_b.end())


def _from(region: str, start: int) -> bool:
    """Whether a "from" opens the figures at ``start`` as a change's first value."""
    return _FROM_RE.search(region, max(0, start - 9), start) is not None and not (
        _SPAN_FROM_RE.search(region, max(0, start - 20), start)
    )


def _compare(earlier: Number, later: Number) -> int:
    a, b = _value(earlier), _value(later)
    return (b > a) - (b < a)


def _value(n: Number) -> float:
    """The number's largest reading ("8.1 million" is 8,100,000 beside "6,400,000"); 0 for a
    number no float reads ("1.2.3")."""
    return max((float(k) for k in n.keys if k.replace(".", "", 1).isdigit()), default=0.0)
