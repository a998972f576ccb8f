"""The direction reading of the ``opposite`` check: a verb of change against the figures the
region gives in order, or against the region's verbs of change for the same year; and figures
given for a year against the year the region gives them for.

A region that gives one quantity twice, in order (:mod:`.in_order`), says which way it went
without a verb. The sentence that says the quantity rose or fell (a verb of change, not
negated) to or by a value of that pair ("fell to 8.1 million") says the way it went: the other
way contradicts, and both sides are quoted ("fell to 8.1 million" against "8.1 million dollars
in 2022, up from 6.4 million"). A value the pair does not hold ("grew by 1.7 million") compares
with nothing. A verb said in a year ("fell in 2022") reads the region's verbs of change said in
that year ("rose in 2022 and fell in 2023": "rose in 2022"). A figure the sentence gives for a
year that the pair gives for the other year ("8.1 million dollars in 2022" beside "6.4 million
dollars in 2022, down from 8.1 million dollars in 2021") is a ``number`` contradiction.
"""

from __future__ import annotations

import re

from ...text.numbers import Number, find_numbers, is_year
from ...text.words import Word
from ..anchor import REPORTING
from .found import Found
from .in_order import IN_YEAR_RE, SENTENCE_END_RE, YEAR, Change, given_in_order
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
TEST_WORDS = CHANGE_SIGN.keys() | {"in"}  # lower-cased tokens holding none: may_find is False
_REACH = 40  # characters from the verb to the value it goes to ("fell sharply to 8.1 million")
_DIGIT_RE = re.compile(r"\d")
_YEAR_RE = re.compile(rf"(?<!\d){YEAR}(?!\d)")
_YEARS_RE = re.compile(rf"{YEAR}(?:\s*(?:-|\u2013|to|until)\s*{YEAR})?")  # "2021 to 2022"
# "in 2022": the year a sentence says a change or a figure in, before them when it names one
_IN_ONE_YEAR_RE = re.compile(rf"(?i)\bin\s+({YEAR})(?!\d)")
_UNIT_RE = re.compile(r"\s*([^\W\d]+)")  # the word after a figure ("8.1 million dollars")
_TO_YEAR = 6  # words from a verb of change to its "in 2022" ("rose by 5 percent in 2022")
_SUBJECT = 4  # content words before a verb of change that name what it is said of
# Words opening a verb's object ("grew its sales", "cut the budget"): the object is then the
# quantity the verb says went its way. "a" opens a degree more often ("rose a lot").
_DETERMINERS = frozenset(("the", "its", "their", "his", "her", "our", "my", "your"))


def may_find(words: list[str]) -> bool:
    """Whether the sentence (of ``words``, lower-cased) may say a quantity went one way: a verb
    of change. It needs no figure: "Globex's sales grew" says the way without one, against a
    region that gives two (the caller asks the region for a digit). Or whether it may give a
    figure for a year ("8.1 million dollars in 2022"): a figure and a year."""
    if not CHANGE_SIGN.keys().isdisjoint(words):
        return True
    if "in" not in words:
        return False
    digits = list(filter(str.isdigit, words))
    years = sum(1 for d in digits if _YEAR_RE.fullmatch(d))
    return 0 < years < len(digits)


def has_digit(text: str) -> bool:
    return _DIGIT_RE.search(text) is not None


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    changes = given_in_order(region)
    timed = _YEAR_RE.search(sentence) is not None  # a verb's year, or a figure's
    if not (changes or timed):
        return []
    pol = polarity(sentence, sentence_words)
    found = []
    before = _one_year(sentence) if timed else None
    if changes and timed:
        found += _given_for_another_year(
            sentence, sentence_words, pol.clause, before, region, region_words, changes
        )
    numbers = [n for n in find_numbers(sentence) if not is_year(n)]
    # years and spans of years say when, no value: "grew between 2021 and 2022"
    valued = any(not _YEARS_RE.fullmatch(n.raw) for n in numbers)
    for i, w in enumerate(sentence_words):
        sign = CHANGE_SIGN.get(w.folded)
        if sign is None or pol.negated[i]:
            continue
        when = _said_in(sentence, sentence_words, i, before) if timed else None
        if when is not None:
            against = _against_years_verbs(
                sentence_words, pol.clause, i, when, region, region_words
            )
            if against:
                found += against
                continue
        if not changes:
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


def _year_of(text: str, words: list[Word], i: int) -> tuple[str, int, int] | None:
    """The year the verb of change ``words[i]`` says its change in after it, and where its
    "in 2022" stands: "rose in 2022", "fell sharply in 2023"; none past another verb of change
    ("fell, then rose in 2023": rose in 2023) or the end of its sentence."""
    end = words[i].end
    for k in range(i + 1, min(len(words) - 1, i + _TO_YEAR)):
        w = words[k]
        if w.folded in CHANGE_SIGN or SENTENCE_END_RE.search(text, end, w.start):
            return None
        year = words[k + 1]
        if w.folded == "in" and _YEAR_RE.fullmatch(year.folded):
            return year.folded, w.start, year.end
        end = w.end
    return None


def _said_in(
    text: str, words: list[Word], i: int, before: re.Match[str] | None
) -> tuple[str, int, int] | None:
    """The year ``words[i]`` is said in and where its "in 2022" stands: its own after it (see
    ``_year_of``), else ``before``, the text's one year, when it stands before the word ("In
    2022, sales fell")."""
    when = _year_of(text, words, i)
    if when is None and before is not None and before.start() < words[i].start:
        return before.group(1), before.start(), before.end()
    return when


def year_said(text: str, words: list[Word], i: int) -> str | None:
    """The year a sentence says ``words[i]`` in ("did not fall in 2022", "In 2022, sales did
    not fall"), None when it names none for it."""
    if _YEAR_RE.search(text) is None:
        return None
    when = _said_in(text, words, i, _one_year(text))
    return None if when is None else when[0]


def region_year(region: str, region_words: list[Word], j: int) -> str | None:
    """The year the region says ``region_words[j]`` in, after it ("fell in 2023"): a region
    names many years, so only a word's own is its."""
    told = _year_of(region, region_words, j)
    return None if told is None else told[0]


def a_year(word: str) -> bool:
    """Whether the word is a year ("2022"): a when, not a value."""
    return _YEAR_RE.fullmatch(word) is not None


def _one_year(sentence: str) -> re.Match[str] | None:
    """The sentence's "in 2022" when it names no other year: a verb after it with no year of
    its own, or the sentence's one figure, is said in it ("In 2022, Globex's sales fell")."""
    said = _IN_ONE_YEAR_RE.search(sentence)
    if said is None or len(_YEAR_RE.findall(sentence)) != 1:
        return None
    return said


def _against_years_verbs(
    words: list[Word],
    clause: list[int],
    i: int,
    when: tuple[str, int, int],
    region: str,
    region_words: list[Word],
) -> list[Found]:
    """The verb ``words[i]``, said in a year (``when``: it, and where its "in 2022" stands),
    against the region's verbs of change said in that year after them, of its quantity (see
    ``_quantity``; every key term of it before the verb in its clause: "the share of owners
    fell in 2020 as the share of renters grew" says the owners' fell), not negated: it
    contradicts where every one goes the other way ("fell in 2022" beside "rose in 2022 and
    fell in 2023")."""
    year, year_start, year_end = when
    first, last, subject = _quantity(words, clause, i)
    if not subject or year not in region:
        return []
    ways: list[tuple[int, int, int]] = []  # the way, where the verb starts, where its year ends
    region_pol: Polarity | None = None
    for k, w in enumerate(region_words):
        way = CHANGE_SIGN.get(w.folded)
        told = None if way is None else _year_of(region, region_words, k)
        if told is None or told[0] != year:
            continue
        region_pol = region_pol or polarity(region, region_words)
        said_of = _terms_before(region_words, region_pol.clause, k)
        if subject <= said_of and not region_pol.negated[k]:
            ways.append((way, w.start, told[2]))
    sign = CHANGE_SIGN[words[i].folded]
    if not ways or any(way == sign for way, _, _ in ways):
        return []
    _, start, end = ways[0]
    said = min(words[first].start, year_start), max(words[last].end, year_end)
    return [Found("opposite", *said, start, end)]


def _given_for_another_year(
    sentence: str,
    words: list[Word],
    clause: list[int],
    before: re.Match[str] | None,
    region: str,
    region_words: list[Word],
    changes: list[Change],
) -> list[Found]:
    """Each figure the sentence gives for a year ("sales were 8.1 million dollars in 2022";
    ``before``, the sentence's one year, for its one figure after it) that a change of its
    subject in the region gives for another, giving another figure for that year ("6.4
    million dollars in 2022, down from 8.1 million dollars in 2021"), and the region gives
    nowhere for that year: a ``number`` contradiction quoting the pair."""
    figures = [n for n in find_numbers(sentence) if not (n.kind or is_year(n))]
    found = []
    for n in figures:
        given = _year_given(sentence, n, before if len(figures) == 1 else None)
        at = next((k for k, w in enumerate(words) if w.start >= n.start), None)
        if given is None or at is None:
            continue
        year, unit, start, end = given
        # "sales reached 8.1 million": the reporting verb says no more of what the figure is
        subject = _subject(words, clause, at)[1] - REPORTING
        if not subject or _given_in(region, n, year):
            continue
        for change in _changes_of(subject, {year}, region, region_words, changes):
            told = _year_apart(change, n, year, unit.lower(), region)
            if told is not None:
                found.append(Found("number", start, end, change.start, told))
                break
    return found


def _year_given(
    sentence: str, n: Number, before: re.Match[str] | None
) -> tuple[str, str, int, int] | None:
    """The year the sentence gives the figure ``n`` for, the word after the figure (its unit,
    perhaps) and where the two stand: "8.1 million dollars in 2022", or after ``before``,
    its one year ("In 2022, sales were 8.1 million dollars")."""
    said = IN_YEAR_RE.match(sentence, n.end)
    if said is not None:
        return said.group(2), said.group(1), n.start, said.end()
    if before is None or before.start() > n.start:
        return None
    after = _UNIT_RE.match(sentence, n.end)
    unit, end = (after.group(1), after.end()) if after is not None else ("", n.end)
    return before.group(1), unit, before.start(), end


def _year_apart(change: Change, n: Number, year: str, unit: str, region: str) -> int | None:
    """Where the change's later year ends, when it gives ``n`` (said of ``unit``) for
    another year than ``year`` and its other figure for ``year``."""
    if not change.figures:
        return None
    dated = [IN_YEAR_RE.match(region, f.end) for f in change.figures]
    if dated[0] is None or dated[1] is None:
        return None
    units = {m.group(1).lower() for m in dated} - {""}
    if unit and units and unit not in units:
        return None  # "8.1 million customers" beside "8.1 million dollars"
    for figure, other, when in zip(change.figures, change.figures[::-1], dated[::-1], strict=True):
        if when.group(2) == year and figure.stated & n.stated and not other.stated & n.stated:
            return max(m.end() for m in dated)
    return None


def _given_in(region: str, n: Number, year: str) -> bool:
    """Whether the region gives ``n`` for ``year`` anywhere ("8.1 million dollars in 2022")."""
    for m in find_numbers(region):
        said = IN_YEAR_RE.match(region, m.end) if m.stated & n.stated else None
        if said is not None and said.group(2) == year:
            return True
    return False


def _way_of(
    sentence: str,
    words: list[Word],
    clause: list[int],
    i: int,
    region: str,
    region_words: list[Word],
    changes: list[Change],
) -> list[Found]:
    """The verb ``words[i]``, saying no value, against the changes of its quantity (see
    ``_quantity``) the region gives ("Globex's sales grew" beside "sales of 6.4 million in
    2022, down from 8.1 million"): a change of it is one whose sentence names every key term
    of the quantity up to the change, in a year the sentence names if both name years. It
    contradicts where every such change went the other way, and, when the sentence names no
    year, where the region says no verb of its way: that may say when it went so."""
    first, last, subject = _quantity(words, clause, i)
    if not subject:
        return []
    years = set(_YEAR_RE.findall(sentence))
    sign = CHANGE_SIGN[words[i].folded]
    if not years and any(CHANGE_SIGN.get(w.folded) == sign for w in region_words):
        return []  # "grew strongly for years. Sales went from 8.1 to 6.4": "grew" says when
    theirs = _changes_of(subject, years, region, region_words, changes)
    if not theirs or any(change.sign == sign for change in theirs):
        return []
    return [Found("opposite", words[first].start, words[last].end, theirs[0].start, theirs[0].end)]


def _changes_of(
    subject: frozenset[str],
    years: set[str],
    region: str,
    region_words: list[Word],
    changes: list[Change],
) -> list[Change]:
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
    """Whether ``words[i]`` is a verb of change whose quantity the region says went the
    other way, and only that way: by verbs it does not negate, in clauses naming its subject
    ("Globex's sales fell"), or its object too ("Globex did not grow its sales": Globex's
    sales), said in no other year than the verb ("did not grow in 2022" beside "fell in 2022
    and rose in 2023" reads "fell in 2022"), and by figures of it in order ("sales of 6.4
    million in 2022, down from 8.1 million"). A sentence denying the verb ("Globex's sales
    did not grow") then says what the region says, in other words; a region saying both ways
    ("fell in 2021 and rose in 2022") does not."""
    sign = CHANGE_SIGN.get(words[i].folded)
    if sign is None:
        return False
    subject = _quantity(words, clause, i)[2]
    if not subject:
        return False
    year = year_said(sentence, words, i)
    ways = {
        CHANGE_SIGN[w.folded]
        for k, w in enumerate(region_words)
        if w.folded in CHANGE_SIGN
        and not region_pol.negated[k]
        and subject <= _clause_terms(region_words, region_pol.clause, k)
        and (year is None or region_year(region, region_words, k) in (None, year))
    }
    if has_digit(region):
        years = set(_YEAR_RE.findall(sentence))
        ways.update(
            c.sign
            for c in _changes_of(subject, years, region, region_words, given_in_order(region))
        )
    return ways == {-sign}


def _terms_before(words: list[Word], clause: list[int], k: int) -> set[str]:
    """The key terms before ``words[k]`` in its clause."""
    j = k
    while j > 0 and clause[j - 1] == clause[k]:
        j -= 1
    return {w.term for w in words[j:k]}


def _clause_terms(words: list[Word], clause: list[int], k: int) -> set[str]:
    """The key terms of ``words[k]``'s clause."""
    return {w.term for w, c in zip(words, clause, strict=True) if c == clause[k]}


def _quantity(words: list[Word], clause: list[int], i: int) -> tuple[int, int, frozenset[str]]:
    """What the verb of change ``words[i]`` says went its way: its subject (see ``_subject``)
    and, where a determiner right after the verb opens an object, the object's key terms up
    to the first other word ("Globex grew its sales": Globex's sales, not Globex); and where
    the subject's first word and the object's last (else the verb) stand."""
    first, subject = _subject(words, clause, i)
    last, k = i, i + 1
    if k >= len(words) or words[k].folded not in _DETERMINERS or clause[k] != clause[i]:
        return first, last, subject
    terms = set(subject)
    for at in range(k + 1, min(len(words), k + 1 + _SUBJECT)):
        if not words[at].term or clause[at] != clause[i]:
            break
        terms.add(words[at].term)
        last = at
    return first, last, frozenset(terms)


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
    return max((m.end() for m in SENTENCE_END_RE.finditer(text, 0, at)), default=0)


def _sentence_end(text: str, at: int) -> int:
    end = SENTENCE_END_RE.search(text, at)
    return len(text) if end is None else end.start()
