"""Every word of a text with where it stands: what the contradiction checks read.

Key terms (:mod:`.terms`) drop stop-words, and the words that turn a statement around are
mostly stop-words ("not", "no", "all", "only", "before", "more"). The checks compare the
sentence with its passage's region word by word, so they need each word with its offsets, its
folded form and its stem; ``term`` is the key term it gives ("" for a stop-word or a number).
Offsets are into the text as given (NFKC is not applied, so they stay true for highlighting).
"""

from __future__ import annotations

from typing import NamedTuple

from .terms import fold, stem, token_re, token_terms


class Word(NamedTuple):
    start: int
    end: int
    text: str
    folded: str  # case-folded, accents dropped
    stem: str  # of the folded form, stop-words included
    term: str  # the key term, "" when the word gives none


def words_of(text: str) -> list[Word]:
    out = []
    for match in token_re(text).finditer(text):
        token = match.group()
        folded = fold(token)
        terms = token_terms(token)
        out.append(
            Word(match.start(), match.end(), token, folded, stem(folded), terms[0] if terms else "")
        )
    return out
