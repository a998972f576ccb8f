"""Names opening a sentence: whether a capital there marks a name or only the sentence's start.

Inside a sentence a capital marks a name ("did not appeal; Jones appealed"); after a full stop
every word has one, so "Jones appealed." and "Sales rose." look alike. The text tells them
apart in three ways, any one enough:

- it writes the word capitalised inside a sentence as well ("Jones appealed. The court heard
  Jones");
- the word is no common word: the word table (:mod:`..rarity`) lacks its key term or knows it
  as rarer than once in 100,000 words ("Globex", "Crowhurst"; it knows names too, from the text
  that uses them, so "Jones" is common there);
- it opens its sentence before the same word as another sentence's capitalised opener does
  ("Smith did not appeal. Jones appealed."), or beside a sentence that says no of its opener
  ("Smith was absent. Jones attended"): two sentences said of two things in one frame, each
  opener the thing its verb is said of; or before the same word as a name written inside a
  sentence ("France signed the treaty, but Germany did not sign it").

A word that gives no key term ("The", "However") is never one, nor is a common word opening
one sentence alone ("Sales rose in 2022."), nor a word set off from its clause: by a comma
("Later, he appealed") or by a pronoun after it, the clause's subject ("Later he appealed").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rarity import weight
from .polarity import SOFT

if TYPE_CHECKING:
    from .negation import Side

_RARE = 4.0  # the weight of a word rarer than once in 100,000 words (see rarity)
# Words that may be a clause's subject in the opener's stead ("Later he appealed").
_PRONOUNS_TEXT = "i you he she it we they one who which that this these those there"
_PRONOUNS = frozenset(_PRONOUNS_TEXT.split())


def opens_name(side: Side, k: int) -> bool:
    """Whether word ``k`` of ``side``, capitalised and opening a sentence, reads as a name (see
    the module's docstring)."""
    key = side.keys[k]
    then = _predicate(side, k)
    if not key or then is None:
        return False
    if weight(key) >= _RARE:
        return True
    words, sentence = side.words, side.pol.sentence
    folded = words[k].folded
    for n, word in enumerate(words):
        if n == k or not word.text[:1].isupper():
            continue
        opening = not n or sentence[n - 1] != sentence[n]
        if not opening and word.folded == folded:
            return True  # written as a name inside a sentence
        if then >= 0 and side.keys[n] and side.keys[n] != key:
            theirs = _predicate(side, n)
            if theirs is None or theirs < 0:
                continue
            # the same word after each frames two things; an opener may frame it otherwise
            if side.keys[then] == side.keys[theirs] or (
                opening and _beside_a_denial(side, k, n, theirs)
            ):
                return True
    return False


def _beside_a_denial(side: Side, k: int, n: int, theirs: int) -> bool:
    """Whether the opener ``n`` opens the sentence next to opener ``k``'s and that sentence
    says no of it, before the word ``theirs`` ("Smith was absent. Jones attended")."""
    if abs(side.pol.sentence[n] - side.pol.sentence[k]) != 1:
        return False
    return side.words[theirs].stem in SOFT or any(
        m in side.pol.in_cue for m in range(n + 1, theirs)
    )


def _predicate(side: Side, k: int) -> int | None:
    """Where the first word after ``k`` in its clause that gives a key stands, past any cue
    ("did not"): -1 if none; None where the word is set off from its clause (see the module's
    docstring)."""
    words, clause = side.words, side.pol.clause
    if k + 1 < len(words) and "," in side.text[words[k].end : words[k + 1].start]:
        return None
    for n in range(k + 1, len(words)):
        if clause[n] != clause[k]:
            break
        if words[n].folded in _PRONOUNS:
            return None
        if side.keys[n] and n not in side.pol.in_cue:
            return n
    return -1
