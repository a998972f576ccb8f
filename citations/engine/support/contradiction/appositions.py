"""Names in apposition, read through their commas by the roles check (:mod:`.roles`).

"Its chief executive, Maria Lopez, replaced the founder, Tom Weber, in March" relates Maria
Lopez and Tom Weber by "replaced the founder"; "Tom Weber, the founder, was replaced by Maria
Lopez" by "was replaced by". Without this reading the commas part every such pair, and a
passive told through an apposition reads as two names trading places.
"""

from __future__ import annotations

from ...text.words import Word, between
from .exchange import LISTING, SENTENCE_ENDS, Mention

_APPOSITION = 5  # words at most of a phrase set in apposition after a name


def through_appositions(text: str, words: list[Word], a: Mention, b: Mention, stand: int) -> str:
    """The text between ``a`` and where ``b`` stands, without what only sets a name in
    apposition. A name is in apposition when commas (or the sentence's end) stand on both its
    sides; a phrase after the first name, of at most ``_APPOSITION`` words between two commas,
    is one. What is left must hold a word, none of a list ("Paris, France, and London" links
    nothing)."""
    gap = between(text, words[a.last].end, words[stand].start)
    if "," not in gap:
        return gap
    inner = gap.strip()
    if inner.startswith(","):
        if _comma_before(text, words, a.first):
            inner = inner[1:]
        elif (k := inner.find(",", 1)) > 0 and len(inner[1:k].split()) <= _APPOSITION:
            inner = inner[k + 1 :]
    if inner.endswith(",") and stand == b.first and _ends_after(text, words, b.last):
        inner = inner[:-1]
    left = inner.casefold().split()
    if inner == gap.strip() or not left or not LISTING.isdisjoint(left):
        return gap
    return f" {inner.strip()} "


def _comma_before(text: str, words: list[Word], i: int) -> bool:
    return i > 0 and "," in between(text, words[i - 1].end, words[i].start)


def _ends_after(text: str, words: list[Word], i: int) -> bool:
    """Whether a comma or the sentence's end follows word ``i``."""
    if i + 1 >= len(words):
        return True
    return bool({",", *SENTENCE_ENDS} & set(between(text, words[i].end, words[i + 1].start)))
