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
What a verb of change says on its own (which way, of what quantity, in which year) is read in
:mod:`.change_verbs`.
"""

from __future__ import annotations

import re

from ...text.numbers import Number, find_numbers, is_year
from ...text.words import Word
from ..anchor import REPORTING
from .change_verbs import (
    CHANGE_SIGN,
    YEAR_RE,
    clause_terms,
    one_year,
    quantity_of,
    region_year,
    said_in,
    subject_of,
    terms_before,
    year_of,
    year_said,
)
from .found import Found
from .in_order import IN_YEAR_RE, SENTENCE_END_RE, YEAR, Change, given_in_order
from .polarity import Polarity, polarity

TEST_WORDS = CHANGE_SIGN.keys() | {"in"}  # lower-cased tokens holding none: may_find is False
_REACH = 40  # characters from the verb to the value it goes to ("fell sharply to 8.1 million")
_DIGIT_RE = re.compile(r"\d")
_YEARS_RE = re.compile(rf"{YEAR}(?:\s*(?:-|\u2013|to|until)\s*{YEAR})?")  # "2021 to 2022"
_UNIT_RE = re.compile(r"\s*([^\W\d]+)")  # the word after a figure ("8.1 million dollars")


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
    years = sum(1 for d in digits if YEAR_RE.fullmatch(d))
    return 0 < years < len(digits)


def has_digit(text: str) -> bool:
    return _DIGIT_RE.search(text) is not None


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    changes = given_in_order(region)
    timed = YEAR_RE.search(sentence) is not None  # a verb's year, or a figure's
    if not (changes or timed):
        return []
    pol = polarity(sentence, sentence_words)
    found = []
    before = one_year(sentence) if timed else None
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
        when = said_in(sentence, sentence_words, i, before) if timed else None
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
    :func:`.change_verbs.quantity_of`; every key term of it before the verb in its clause:
    "the share of owners fell in 2020 as the share of renters grew" says the owners' fell), not
    negated: it contradicts where every one goes the other way ("fell in 2022" beside "rose in
    2022 and fell in 2023")."""
    year, year_start, year_end = when
    first, last, subject = quantity_of(words, clause, i)
    if not subject or year not in region:
        return []
    ways: list[tuple[int, int, int]] = []  # the way, where the verb starts, where its year ends
    region_pol: Polarity | None = None
    for k, w in enumerate(region_words):
        way = CHANGE_SIGN.get(w.folded)
        told = None if way is None else year_of(region, region_words, k)
        if told is None or told[0] != year:
            continue
        region_pol = region_pol or polarity(region, region_words)
        said_of = terms_before(region_words, region_pol.clause, k)
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
        subject = subject_of(words, clause, at)[1] - REPORTING
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
    :func:`.change_verbs.quantity_of`) the region gives ("Globex's sales grew" beside "sales of
    6.4 million in 2022, down from 8.1 million"): a change of it is one whose sentence names
    every key term of the quantity up to the change, in a year the sentence names if both name
    years. It contradicts where every such change went the other way, and, when the sentence
    names no year, where the region says no verb of its way: that may say when it went so."""
    first, last, subject = quantity_of(words, clause, i)
    if not subject:
        return []
    years = set(YEAR_RE.findall(sentence))
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
        told = set(YEAR_RE.findall(region, start, _sentence_end(region, change.end)))
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
    subject = quantity_of(words, clause, i)[2]
    if not subject:
        return False
    year = year_said(sentence, words, i)
    ways = {
        CHANGE_SIGN[w.folded]
        for k, w in enumerate(region_words)
        if w.folded in CHANGE_SIGN
        and not region_pol.negated[k]
        and subject <= clause_terms(region_words, region_pol.clause, k)
        and (year is None or region_year(region, region_words, k) in (None, year))
    }
    if has_digit(region):
        years = set(YEAR_RE.findall(sentence))
        ways.update(
            c.sign
            for c in _changes_of(subject, years, region, region_words, given_in_order(region))
        )
    return ways == {-sign}


def _sentence_start(text: str, at: int) -> int:
    return max((m.end() for m in SENTENCE_END_RE.finditer(text, 0, at)), default=0)


def _sentence_end(text: str, at: int) -> int:
    end = SENTENCE_END_RE.search(text, at)
    return len(text) if end is None else end.start()
