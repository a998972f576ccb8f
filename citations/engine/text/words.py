"""Every word of a text with where it stands: what the contradiction checks read.

Key terms (:mod:`.terms`) drop stop-words, and the words that turn a statement around are
mostly stop-words ("not", "no", "all", "only", "before", "more"). The checks compare the
sentence with its passage's region word by word, so they need each word with its offsets, its
folded form and its stem; ``term`` is the key term it gives ("" for a stop-word or a number).
Offsets are into the text as given (NFKC is not applied, so they stay true for highlighting).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from ..memo import Memo
from .terms import LANGUAGES, current, fold, stem, token_re, token_terms


class Word(NamedTuple):
    start: int
    end: int
    text: str
    folded: str  # case-folded, accents dropped
    stem: str  # of the folded form, stop-words included
    term: str  # the key term, "" when the word gives none


def _forms(token: str) -> tuple[str, str, str]:
    folded = fold(token)
    terms = token_terms(token)
    return folded, stem(folded), terms[0] if terms else ""


# A token's forms, computed once: folding and stemming cost about ten times a lookup, and the
# checks read every word of each cited region (a 90-word region: 540 -> 60 us). One memo per
# language, as stems and key terms are the language's: a shared one handed a German reading
# the English stem a previous call had kept.
_FORMS = {name: Memo(_forms, 100_000) for name in LANGUAGES}


def words_of(text: str) -> list[Word]:
    new = tuple.__new__  # a Word built in C: NamedTuple's __new__ is a Python call
    forms = _FORMS[current().name]
    return [
        new(Word, (*m.span(), token, *forms[token]))
        for m in token_re(text).finditer(text)
        for token in (m[0],)
    ]


_IN_NUMBER = re.compile(r"(?<=\d)[.,](?=\d)")


def between(text: str, start: int, end: int) -> str:
    """``text[start:end]``, the text between words, without the marks inside a number the
    words split ("8.1", "1,200"): they end no sentence, clause or list item."""
    gap = text[start:end]
    if len(gap) == 1:  # two words side by side: a number's parts, or ", " has its space
        inside = gap in ".," and text[start - 1 : start].isdigit() and text[end : end + 1].isdigit()
        return "" if inside else gap
    return _IN_NUMBER.sub("", gap) if "." in gap or "," in gap else gap


def outward(
    text: str, words: list[Word], i: int, step: int, most: int, breaks: frozenset[str]
) -> Iterator[int]:
    """The indices of the words from ``words[i]`` outward (``step``: -1 before it, 1 after),
    at most ``most``, up to the first gap holding one of ``breaks``."""
    k = i
    for _ in range(most):
        n = k + step
        if not 0 <= n < len(words):
            return
        left, right = (n, k) if step < 0 else (k, n)
        if breaks.intersection(between(text, words[left].end, words[right].start)):
            return
        yield n
        k = n
