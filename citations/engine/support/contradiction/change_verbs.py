"""What a verb of change says in its own text, for the direction reading (:mod:`.direction`)
to hold against the region: which way a quantity went ("rose", "fell"), what quantity, and in
which year.

The quantity is what the verb is said of: its subject, the content words before it in its
clause ("Globex's sales fell"), and its object where a determiner right after the verb opens
one ("Globex grew its sales": Globex's sales, not Globex). The year is the verb's own "in 2022"
after it, up to another verb of change or its sentence's end ("fell, then rose in 2023": rose
in 2023), or the sentence's one year before it ("In 2022, sales fell"). A region names many
years, so there only a verb's own year is its. The covariation and held-quantity readings
(:mod:`.covary`, :mod:`.unchanged`) read the same verbs, and the negation check the same years.
"""

from __future__ import annotations

import re

from ...text.words import Word
from .in_order import SENTENCE_END_RE, YEAR

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
YEAR_RE = re.compile(rf"(?<!\d){YEAR}(?!\d)")
# "in 2022": the year a sentence says a change or a figure in, before them when it names one
_IN_ONE_YEAR_RE = re.compile(rf"(?i)\bin\s+({YEAR})(?!\d)")
_TO_YEAR = 6  # words from a verb of change to its "in 2022" ("rose by 5 percent in 2022")
_SUBJECT = 4  # content words before a verb of change that name what it is said of
# Words opening a verb's object ("grew its sales", "cut the budget"): the object is then the
# quantity the verb says went its way. "a" opens a degree more often ("rose a lot").
_DETERMINERS = frozenset(("the", "its", "their", "his", "her", "our", "my", "your"))


def year_of(text: str, words: list[Word], i: int) -> tuple[str, int, int] | None:
    """The year the verb of change ``words[i]`` says its change in after it, and where its
    "in 2022" stands: "rose in 2022", "fell sharply in 2023"; none past another verb of change
    ("fell, then rose in 2023": rose in 2023) or the end of its sentence."""
    end = words[i].end
    for k in range(i + 1, min(len(words) - 1, i + _TO_YEAR)):
        w = words[k]
        if w.folded in CHANGE_SIGN or SENTENCE_END_RE.search(text, end, w.start):
            return None
        year = words[k + 1]
        if w.folded == "in" and YEAR_RE.fullmatch(year.folded):
            return year.folded, w.start, year.end
        end = w.end
    return None


def said_in(
    text: str, words: list[Word], i: int, before: re.Match[str] | None
) -> tuple[str, int, int] | None:
    """The year ``words[i]`` is said in and where its "in 2022" stands: its own after it (see
    ``year_of``), else ``before``, the text's one year, when it stands before the word ("In
    2022, sales fell")."""
    when = year_of(text, words, i)
    if when is None and before is not None and before.start() < words[i].start:
        return before.group(1), before.start(), before.end()
    return when


def year_said(text: str, words: list[Word], i: int) -> str | None:
    """The year a sentence says ``words[i]`` in ("did not fall in 2022", "In 2022, sales did
    not fall"), None when it names none for it."""
    if YEAR_RE.search(text) is None:
        return None
    when = said_in(text, words, i, one_year(text))
    return None if when is None else when[0]


def region_year(region: str, region_words: list[Word], j: int) -> str | None:
    """The year the region says ``region_words[j]`` in, after it ("fell in 2023"): a region
    names many years, so only a word's own is its."""
    told = year_of(region, region_words, j)
    return None if told is None else told[0]


def a_year(word: str) -> bool:
    """Whether the word is a year ("2022"): a when, not a value."""
    return YEAR_RE.fullmatch(word) is not None


def one_year(sentence: str) -> re.Match[str] | None:
    """The sentence's "in 2022" when it names no other year: a verb after it with no year of
    its own, or the sentence's one figure, is said in it ("In 2022, Globex's sales fell")."""
    said = _IN_ONE_YEAR_RE.search(sentence)
    if said is None or len(YEAR_RE.findall(sentence)) != 1:
        return None
    return said


def terms_before(words: list[Word], clause: list[int], k: int) -> set[str]:
    """The key terms before ``words[k]`` in its clause."""
    j = k
    while j > 0 and clause[j - 1] == clause[k]:
        j -= 1
    return {w.term for w in words[j:k]}


def clause_terms(words: list[Word], clause: list[int], k: int) -> set[str]:
    """The key terms of ``words[k]``'s clause."""
    return {w.term for w, c in zip(words, clause, strict=True) if c == clause[k]}


def quantity_of(words: list[Word], clause: list[int], i: int) -> tuple[int, int, frozenset[str]]:
    """What the verb of change ``words[i]`` says went its way: its subject (see ``subject_of``)
    and, where a determiner right after the verb opens an object, the object's key terms up
    to the first other word ("Globex grew its sales": Globex's sales, not Globex); and where
    the subject's first word and the object's last (else the verb) stand."""
    first, subject = subject_of(words, clause, i)
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


def subject_of(words: list[Word], clause: list[int], i: int) -> tuple[int, frozenset[str]]:
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
