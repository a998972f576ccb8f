"""A title and its maker trading places: the sentence quotes one and the region only the other
("Cowboy sang 'Should Have Been a Toby Keith'" against '"Should've Been a Cowboy" is a song
recorded by Toby Keith'). Part of :mod:`.roles`."""

from __future__ import annotations

from ...text.names import QUOTE_RE
from ...text.words import Word
from .exchange import Mention
from .found import Found

# Whether each mention stands inside a quoted title, every time, outside every time, or both:
# key -> {True: span inside, False: span outside}.
type Titled = dict[frozenset[str], dict[bool, tuple[int, int]]]


def titled(text: str, words: list[Word], mentions: list[Mention]) -> Titled:
    quotes = [m.span() for m in QUOTE_RE.finditer(text)] if text else []
    out: Titled = {}
    for m in mentions:
        start = words[m.first].start
        inside = any(a < start < b for a, b in quotes)
        out.setdefault(m.key, {}).setdefault(inside, (start, words[m.last].end))
    return out


def retitled(said: Titled, told: Titled, a: frozenset[str], b: frozenset[str]) -> Found | None:
    """A title and its maker trading places: the sentence quotes A and not B, the region
    quotes B and not A ("Cowboy sang 'Should've Been a Toby Keith'" against "'Should've Been
    a Cowboy' ... recorded by Toby Keith"). The region may also name B unquoted, as a page's
    heading does ("Title: Should've Been a Cowboy")."""
    for x, y in ((a, b), (b, a)):
        quoted = said.get(x, {}).keys() == {True} and said.get(y, {}).keys() == {False}
        if quoted and told.get(x, {}).keys() == {False} and True in told.get(y, {}):
            (s1, s2), (r1, r2) = (said[x][True], said[y][False]), (told[x][False], told[y][True])
            return Found(
                "roles", min(s1[0], s2[0]), max(s1[1], s2[1]), min(r1[0], r2[0]), max(r1[1], r2[1])
            )
    return None
