"""Names a sentence mentions (:mod:`..support.mentions` says whether passages mention them).

A name is a run of capitalised words inside the sentence ("Justin Bieber", "Federal Election
Commission"), or a quoted title ("'Go Outside in the Rain'"), or a single capitalised word.
Honorifics ("Dr.", "Mme", "Herr") are no part of a name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ._marks import BMP_MARK_RANGES, MARK_RANGES
from .lexicon import HONORIFICS
from .terms import terms_of, token_terms

_CAPITAL_RE = re.compile(f"(?<!\\w)[^\\W\\d_a-z][\\w{MARK_RANGES}]*")
_CAPITAL_BMP_RE = re.compile(f"(?<!\\w)[^\\W\\d_a-z][\\w{BMP_MARK_RANGES}]*")  # see TOKEN_BMP_RE
QUOTE_RE = re.compile(
    "\"([^\"\\n]{1,200})\"|\u201c([^\u201d\\n]{1,200})\u201d|(?<!\\w)'([^'\\n]{1,200})'(?!\\w)"
)
_OPENING = frozenset(":\"\u201c\u2018'\u00ab([*_")
_DASHES = frozenset("\u2014\u2013-")


@dataclass(slots=True, frozen=True)
class Name:
    shown: str  # as the sentence writes it
    pairs: tuple[tuple[str, str], ...]  # (key term, the word it comes from)
    words: tuple[str, ...]  # its capitalised words, for its initials


def _inside(text: str, start: int) -> bool:
    """True when a word starting at ``start`` stands inside a clause, where a capital marks a
    name: not the first word, nor the first after a colon, quote or bracket, nor an
    abbreviation in brackets such as "(AI)". A semicolon opens no sentence, nor does a dash
    after words of its line ("did not appeal; Jones appealed", "the lawyer — Jones —");
    a dash opening its line marks a list's item."""
    j = _before(text, start)
    if j >= 0 and text[j] in _DASHES:
        k = _before(text, j)
        # a hyphen or en dash right after a word joins a compound ("Rolls-Royce", "1990-Today")
        joined = k == j - 1 and text[j] != "\u2014"
        return not joined and k >= 0 and text[k] not in _OPENING and text[k] != "\n"
    return j >= 0 and text[j] not in _OPENING


def _before(text: str, at: int) -> int:
    """Where the last character before ``at`` that is no space or tab stands; -1 if none."""
    j = at - 1
    while j >= 0 and text[j] in " \t":
        j -= 1
    return j


def _bracketed(text: str, group: list[re.Match[str]]) -> bool:
    """Whether the group is all a bracket holds, and not written as an abbreviation: an alias
    ("genes (Crowhurst)") names someone; "(AI)" abbreviates the words before it."""
    if text[: group[0].start()].rstrip()[-1:] != "(" or text[group[-1].end() :].lstrip()[:1] != ")":
        return False
    return not any(c.isupper() or c.isdigit() for m in group for c in m.group(0)[1:])


def find_names(normal: str, astral: bool) -> list[Name]:
    """The names of a sentence (NFKC text), in sentence order."""
    quotes = [(m.start(), m.end()) for m in QUOTE_RE.finditer(normal)]
    groups: list[list[re.Match[str]]] = []
    keys: list[tuple[int, int] | None] = []  # the quote a group belongs to, or None
    for m in (_CAPITAL_RE if astral else _CAPITAL_BMP_RE).finditer(normal):
        token = m.group(0)
        if not token[0].isupper() or token.casefold() in HONORIFICS:
            continue
        quote = next((q for q in quotes if q[0] < m.start() < q[1]), None)
        if (
            groups
            and keys[-1] == quote
            and (quote is not None or not normal[groups[-1][-1].end() : m.start()].strip())
        ):
            groups[-1].append(m)
        else:
            groups.append([m])
            keys.append(quote)
    names = []
    for group, quote in zip(groups, keys, strict=True):
        if quote is None and not (
            any(_inside(normal, m.start()) for m in group) or _bracketed(normal, group)
        ):
            continue  # the sentence's first word, not a name
        name = _name(normal, group, quote)
        if name.pairs:
            names.append(name)
    return names


def _name(normal: str, group: list[re.Match[str]], quote: tuple[int, int] | None) -> Name:
    # "The" opening "The Federal Election Commission" is no part of the name or its initials.
    group = [m for m in group if token_terms(m.group(0))] or group
    words = tuple(m.group(0) for m in group)
    if quote is not None:
        shown = normal[quote[0] + 1 : quote[1] - 1].strip(" .,;:!?")
        pairs = tuple((t, t) for t in sorted(terms_of(shown)))
        return Name(shown, pairs, words)
    pairs = tuple((t, word) for word in words for t in token_terms(word))
    return Name(normal[group[0].start() : group[-1].end()], pairs, words)
