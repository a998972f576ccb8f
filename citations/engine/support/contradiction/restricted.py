"""Strength: a sentence saying "all" of what its region says of a part only ("The rule applies
to all residents" against "The rule applies to residents over 65").

A sentence's "all", "every" or "each" before a noun claims the whole of it; a region naming
that noun only with a restriction right after it, an age or amount bound ("residents over 65",
"workers under 18", "employees aged 50") or a relative clause ("members who joined before
2020"), says it of a part. The region contradicts the sentence's "all" when every place it names
the noun is so restricted: one plain mention ("Residents vote; residents over 65 vote by post")
may say it of all. A sentence that may restrict the noun itself ("all residents over 65",
"every employee with a year of service") claims the part only; "all" that the sentence denies
or softens ("not all residents", "nearly all") or quotes ("meaning 'all people'") claims
nothing of the whole.
"""

from __future__ import annotations

from ...text.terms import NUMBER_WORD_SET
from ...text.words import Word
from .found import Found
from .grades import ALMOST, QUANTIFIERS
from .obligation import NEGATIONS
from .polarity import inside, quotations

_BOUNDS = frozenset(("over", "under", "above", "below", "aged"))
# Words between a noun and the value that bounds it ("employers with more than 50 staff",
# "residents earning over 50,000", "people older than 65"): a phrase of these and a number
_BOUND_PHRASE_TEXT = """
with of more less fewer than at least most older younger earning earn earns working employing
having
"""
_BOUND_PHRASE = _BOUNDS | frozenset(_BOUND_PHRASE_TEXT.split())
_BOUND_REACH = 4  # words after the noun up to its value
_RELATIVES = frozenset(("who", "whose"))
# Words after a sentence's noun that may say which of it: read wider than a region's bounds
_MODIFIERS_TEXT = "with that which whom having of in from at on for between"
_MODIFIERS = _BOUNDS | _RELATIVES | frozenset(_MODIFIERS_TEXT.split())
_RELATIVE_QUOTED = 6  # words quoted of a relative clause, the noun's included
_QUALIFIERS = NEGATIONS | ALMOST
_ARTICLES = frozenset(("the", "of"))  # "all of the residents", "all the residents"


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    quoted = quotations(sentence)  # a meaning or a title quoted ("meaning 'all people'")
    for i, w in enumerate(sentence_words):
        if w.folded not in QUANTIFIERS or _qualified(sentence_words, i) or inside(quoted, w.start):
            continue
        n = noun_from(sentence_words, i + 1)
        if n is None or _modified(sentence, sentence_words, n):
            continue
        stem = sentence_words[n].stem
        named = [j for j, r in enumerate(region_words) if r.stem == stem]
        if named and all(_restricted(region, region_words, j) for j in named):
            j = named[0]
            end = _restriction_end(region, region_words, j)
            return [
                Found(
                    "strength",
                    w.start,
                    sentence_words[n].end,
                    region_words[j].start,
                    region_words[end].end,
                )
            ]
    return []


def _qualified(words: list[Word], i: int) -> bool:
    """Whether the quantifier at ``i`` is denied or softened ("not all", "nearly every")."""
    return any(words[j].folded in _QUALIFIERS for j in (i - 2, i - 1) if j >= 0)


def noun_from(words: list[Word], k: int, past: frozenset[str] = _ARTICLES) -> int | None:
    """The key term a quantifier ending before ``k`` is said of, past ``past`` ("of", "the")."""
    while k < len(words) and words[k].folded in past:
        k += 1
    return k if k < len(words) and words[k].term else None


def _modified(text: str, words: list[Word], n: int) -> bool:
    """Whether the sentence's noun at ``n`` has words after it that may restrict it: read
    wider than a region's restriction, as a sentence saying of whom it speaks in its own words
    ("every employee with a year of service") claims no whole."""
    return _joined(text, words, n) and words[n + 1].folded in _MODIFIERS


def _restricted(text: str, words: list[Word], j: int) -> bool:
    """Whether the noun at ``j`` is bound right after it, in the same sentence, by an age or
    amount ("over 65") or a relative clause ("who joined")."""
    if j + 2 >= len(words) or not _joined(text, words, j):
        return False
    if words[j + 1].folded in _RELATIVES:
        return True
    return _bound_value(text, words, j) > 0


def _bound_value(text: str, words: list[Word], j: int) -> int:
    """The index of the value bounding the noun at ``j`` ("over 65", "with more than 50"), 0
    when none: words of a bound's phrase, joined by spaces, then a number, its first bound
    word right after the noun."""
    k = j + 1
    while k < min(len(words), j + 1 + _BOUND_REACH) and words[k].folded in _BOUND_PHRASE:
        if not _joined(text, words, k):
            return 0
        k += 1
    if k == j + 1 or k >= len(words):
        return 0  # no bound's word right after the noun, or nothing after the phrase
    value = words[k].folded
    return k if value[:1].isdigit() or value in NUMBER_WORD_SET else 0


def _restriction_end(text: str, words: list[Word], j: int) -> int:
    """The last word quoted of the region's restricted noun: its bound's value, or a few words
    of its relative clause, up to a mark."""
    end = _bound_value(text, words, j) or j + 2
    if words[j + 1].folded in _RELATIVES:
        while end + 1 < j + _RELATIVE_QUOTED and _joined(text, words, end):
            end += 1
    return end


def _joined(text: str, words: list[Word], k: int) -> bool:
    """Whether word ``k`` has a next word with nothing but space between them."""
    return k + 1 < len(words) and not text[words[k].end : words[k + 1].start].strip()
