"""Denials read beside the negation check's cues and scopes: "not always" against a plain
"always", compounds that say no of their first word ("visa-free", "tax-exempt"), and a
quotation given with a cue its source lacks.

A word joined by a hyphen to "free" or "exempt" is the thing not needed or not there
("visa-free travel" needs no visa), so "not visa-exempt" says a visa is needed: against a
region that says no of the word ("do not need a Mexican visa") it is a negation.
"""

from __future__ import annotations

from typing import Protocol

from ...text.words import Word
from .found import Found
from .polarity import CUE_TOKENS, Polarity, inside

_ALWAYS = frozenset(("always", "all", "every", "necessarily"))
_SAYS_NO = frozenset(("free", "exempt"))
_AUXILIARIES_TEXT = """
is are was were be been being am do does did has have had will would shall should can could
may might must ist sind war waren wird werden wurde hat haben est sont etait a ont es fue
"""
_AUXILIARIES = frozenset(_AUXILIARIES_TEXT.split())


class Read(Protocol):
    """A text as the negation check reads it: its words, their polarity and keys."""

    text: str
    words: list[Word]
    pol: Polarity
    keys: list[str]


def said_no_of(text: str, words: list[Word]) -> list[bool]:
    """Per word: whether a hyphen joins it to a "free" or "exempt" after it."""
    out = [False] * len(words)
    if "-" not in text:
        return out
    for i in range(1, len(words)):
        if words[i].folded in _SAYS_NO and text[words[i - 1].end : words[i].start] == "-":
            out[i - 1] = True
    return out


def always(s_words: list[Word], r_words: list[Word]) -> list[Found]:
    """The sentence's "not always classified" where the region says "always classified": a
    "not" before "always" or "all" is no cue of its own (it weakens, see polarity), but it
    denies the region's plain "always" before the same word. ("isn't always" is read as a
    cue already.)"""
    out = []
    for i in range(len(s_words) - 2):
        said = s_words[i + 1].folded
        if s_words[i].folded != "not" or said not in _ALWAYS:
            continue
        after = s_words[i + 2].folded
        for j in range(len(r_words) - 1):
            if (
                r_words[j].folded == said
                and r_words[j + 1].folded == after
                and (j == 0 or r_words[j - 1].folded not in CUE_TOKENS)
            ):
                out.append(
                    Found(
                        "negation",
                        s_words[i].start,
                        s_words[i + 2].end,
                        r_words[j].start,
                        r_words[j + 1].end,
                    )
                )
                break
    return out


def free_compounds(s: Read, r: Read, r_neg: list[bool]) -> list[Found]:
    """The sentence's "not visa-exempt" (a visa is needed) where the region names a visa
    only to say no of it ("do not need a Mexican visa", "visa-free travel"), wherever it
    stands: "UK passport holders" may be a sentence away from "Brits"."""
    s_free = said_no_of(s.text, s.words)
    if not any(s_free):
        return []
    r_free = said_no_of(r.text, r.words)
    r_no = [n != f for n, f in zip(r_neg, r_free, strict=True)]
    out = []
    for x, free in enumerate(s_free):
        key = s.keys[x]
        if not (free and key and s.pol.negated[x] and s.pol.negated[x + 1]):
            continue
        at = [j for j, k in enumerate(r.keys) if k == key]
        if not at or not all(r_no[j] for j in at):
            continue
        j = at[0]
        told = (r.words[j].start, r.words[j + 1].end) if r_free[j] else None
        out.append(
            Found("negation", *negated_span(s, x + 1, False), *(told or negated_span(r, j, False)))
        )
    return out


def misquoted(s: Read, r: Read) -> list[Found]:
    """Either side's quotation that the other quotes word for word but for a cue ("to err is
    not human" against "to err is human"): a cue in quotes is a title's and negates nothing
    the text says (see polarity), but one the source's words lack says them otherwise."""
    if not (s.pol.quoted and r.pol.quoted):
        return []
    found = [Found("negation", *said, *told) for said, told in _misquoted(s, r)]
    return found + [Found("negation", *said, *told) for told, said in _misquoted(r, s)]


def _misquoted(a: Read, b: Read) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where ``a`` quotes ``b`` with a cue ``b`` lacks: the cue with a word either side in
    ``a``, the two words it stands between in ``b``."""
    out = []
    for i, w in enumerate(a.words):
        span = next((q for q in a.pol.quoted if q[0] < w.start < q[1]), None)
        if span is None or w.folded not in CUE_TOKENS:
            continue
        before = [x.folded for x in a.words[:i] if x.start > span[0]]
        after = [x.folded for x in a.words[i + 1 :] if x.end < span[1]]
        if not before or not after:
            continue  # a cue opening or closing the quotation may be its own ("No Regrets")
        said = before + after
        for j in range(len(b.words) - len(said) + 1):
            if [x.folded for x in b.words[j : j + len(said)]] == said and all(
                inside(b.pol.quoted, x.start) for x in b.words[j : j + len(said)]
            ):
                gap = j + len(before)
                out.append(
                    (
                        (a.words[i - 1].start, a.words[i + 1].end),
                        (b.words[gap - 1].start, b.words[gap].end),
                    )
                )
                break
    return out


def negated_span(side: Read, i: int, flipped: bool) -> tuple[int, int]:
    words = side.words
    cue = side.pol.cue[i]
    if cue < 0 or flipped:  # "unlawful": the word says it alone
        return words[i].start, words[i].end
    if cue > i:  # "Wirksam ist der Vertrag nicht": the cue ends the clause
        return words[i].start, words[cue].end
    # "didn't" (the cue's word starts before the "t"), "was not": one word back
    back = cue and (words[cue].folded == "t" or words[cue - 1].folded in _AUXILIARIES)
    return words[cue - 1 if back else cue].start, words[i].end
