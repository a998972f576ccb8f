"""What a sentence claims, and the deterministic rules that check it against passages.

* **Key-term coverage**: the share of the sentence's key terms (see :mod:`.terms`) found in the
  cited passages must reach the threshold.
* **Numbers**: every number the sentence states, in digits or in English words ("three"), must
  occur in the cited passages, compared by value (``1,200`` == ``1200``).
* **Negation**: a sentence that negates ("not", "never", "no", "n't", "kein", "jamais", "لا", ...)
  needs a cited passage that negates something too; a passage that negates nothing cannot
  carry a negative claim.
* **Names**: every capitalised word inside the sentence (not its first word) must occur in the
  cited passages: an entity the passages never mention is a different claim.

* **Name forms**: a name the passages lack as a word still counts when they have another form
  of it: "Europe" for "European", "United States" or "U.S." for "US".
* **Not only**: "not only X but also Y" affirms both, so it is no negation.

* **Together**: coverage counts the terms found together in one region of a cited passage (two
  neighbouring sentences, see ``evidence.WINDOW``), not scattered over a long page.

Each rule can be switched off through :data:`RULES` (used by the benchmark's ablation run).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ._marks import BMP_MARK_RANGES, MARK_RANGES
from .lexicon import MARKER_RE, NEGATION_WORDS, NO_RE, NOT_ONLY_RE
from .numbers import Number, find_numbers, word_numbers
from .terms import (
    NUMBER_WORD_SET,
    TERM_CACHE,
    TOKEN_BMP_RE,
    TOKEN_RE,
    has_astral,
    nfkc,
    token_terms,
)

if TYPE_CHECKING:
    from .passage import Passage

RULES = {
    "local": True,
    "numbers": True,
    "number_words": True,
    "negation": True,
    "names": True,
    "name_forms": True,
}
"""Switches for the rules beyond key-term coverage; all on in normal use."""

_CAPITAL_RE = re.compile(f"(?<!\\w)[^\\W\\d_a-z][\\w{MARK_RANGES}]*")
_CAPITAL_BMP_RE = re.compile(f"(?<!\\w)[^\\W\\d_a-z][\\w{BMP_MARK_RANGES}]*")  # see TOKEN_BMP_RE
_DIGIT_RE = re.compile(r"\d")
_WORD_COUNT_RE = re.compile(r"(?<!\S)[^\s\w]*\w")


_OPENING = frozenset(":;\"\u201c\u2018'\u00ab([\u2014\u2013-*_")


def _inside(text: str, start: int) -> bool:
    """True when a word starting at ``start`` stands inside a clause, where a capital marks a
    name: not the first word, nor the first after a colon, quote, bracket or dash, nor an
    abbreviation in brackets such as "(AI)"."""
    j = start - 1
    while j >= 0 and text[j] in " \t":
        j -= 1
    return j >= 0 and text[j] not in _OPENING


@dataclass(slots=True)
class Claim:
    terms: dict[str, str]  # key term -> the sentence's word for it, in sentence order
    names: dict[str, str]  # key term -> capitalised word, for the names rule
    numbers: list[Number]
    negation: str | None  # the negating word, when there is one


def strip_marker(content: str) -> str:
    """Remove a list marker or heading mark at the start (``- ``, ``1. ``, ``## ``, ``> ``)."""
    # Every marker starts with a space, "#", ">", "|", a bullet, a digit, or an ASCII letter
    # and then "." or ")": a sentence opening with a letter and no such mark has none.
    if content[:1].isalpha() and content[1:2] not in (".", ")"):
        return content
    m = MARKER_RE.match(content)
    return content[m.end() :] if m else content


def count_words(content: str) -> int:
    return len(_WORD_COUNT_RE.findall(content))


def analyse(content: str) -> Claim:
    """The claim of one sentence's text (citations already blanked, marker already removed)."""
    if content.isascii():  # nearly always: no NFKC, no astral characters
        normal = content
        astral = False
    else:
        normal = nfkc(content)
        astral = has_astral(normal)
    tokens = (TOKEN_RE if astral else TOKEN_BMP_RE).findall(normal)
    terms: dict[str, str] = {}
    lookup = TERM_CACHE.__getitem__
    for token in tokens:
        produced = lookup(token)
        if len(produced) == 1:
            if produced[0] not in terms:
                terms[produced[0]] = token.casefold()
        else:  # () for a stop-word; character pairs for Chinese or Japanese
            for term in produced:
                if term not in terms:
                    terms[term] = term
    names: dict[str, str] = {}
    # A name is a capital inside the sentence: none when everything after the first character
    # is lower case (the usual sentence), so the scan is skipped.
    if RULES["names"] and not normal[1:].islower():
        for m in (_CAPITAL_RE if astral else _CAPITAL_BMP_RE).finditer(normal):
            token = m.group(0)
            if token[0].isupper() and _inside(normal, m.start()):
                for term in token_terms(token):
                    names.setdefault(term, token)
    numbers: list[Number] = []
    folded = set(map(str.lower, tokens))
    if RULES["numbers"]:
        numbers = find_numbers(content) if _DIGIT_RE.search(content) else []
        if RULES["number_words"] and not folded.isdisjoint(NUMBER_WORD_SET):
            numbers += word_numbers(normal, strict=True)
            numbers.sort(key=lambda number: number.start)
    negation = None
    if RULES["negation"]:
        # "not only X but also Y" affirms both. The pattern needs one of its three words, and
        # a substring test is much cheaper than the search (ignoring case, the pattern's "s"
        # also matches the long s U+017F, which NFKC has already turned into "s").
        low = normal.lower()
        if ("only" in low or "just" in low or "merely" in low) and NOT_ONLY_RE.search(normal):
            normal = NOT_ONLY_RE.sub(" ", normal)
            tokens = TOKEN_RE.findall(normal)
            folded = set(map(str.lower, tokens))
        negation = _negation(normal, tokens, folded)
    return Claim(terms, names, numbers, negation)


def _negation(normal: str, tokens: list[str], folded: set[str]) -> str | None:
    """The sentence's negating word, or None."""
    cue = folded & NEGATION_WORDS
    if cue:
        return next(t.lower() for t in tokens if t.lower() in cue)
    if "no" in folded and NO_RE.search(normal):
        return "no"
    if "n't" in normal or "n\u2019t" in normal:
        return "n't"
    return None


def name_form_in(term: str, name: str, passages: list[Passage]) -> bool:
    """True when a name the passages lack as a word is there in another form: a word it begins
    or that begins it ("Europe" / "European", at least 4 letters both), or, for an acronym,
    capitalised words with its initials ("US": "United States", "U.S."; "WHO": "World Health
    Organization")."""
    if not RULES["name_forms"]:
        return False
    if len(term) >= 4:
        for p in passages:
            for t in p.terms:
                if len(t) >= 4 and (t.startswith(term) or term.startswith(t)):
                    return True
    if 2 <= len(name) <= 6 and name.isupper() and name.isalpha():
        initials = _initials_re(name)
        return any(initials.search(p.text) for p in passages)
    return False


@functools.lru_cache(maxsize=256)
def _initials_re(acronym: str) -> re.Pattern[str]:
    # Initials in order, each opening a word; "of", "and", "for", "the" may come between.
    words = r"(?:\W+(?:of|and|for|the))?\W+".join(f"{re.escape(c)}\\w*" for c in acronym)
    return re.compile(rf"(?<!\w){words}")
