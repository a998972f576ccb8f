"""Whether the cited passages mention a sentence's name (:mod:`..text.names` finds them).

A name counts as found when:

* at least half of its key terms are in the passages, each as a word or in another form of it
  ("Europe" for "European"; a word mixing letters and digits such as "TiO2" compared without
  its punctuation, so "TiO-2" meets it);
* or, for a name of several words, the passages write its initials ("FEC" for "Federal
  Election Commission"); for an acronym, the passages write the words it stands for
  ("Federal Election Commission" or "F.E.C." for "FEC").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Set

from ..text.claims import Claim
from ..text.names import Name
from .passage import Passage
from .rarity import MAX_WEIGHT, weight

# Zipf 4 (once in 100,000 words) and rarer: on the dev claims, commoner openers stood in a
# passage name's place mostly as paraphrases and instructions ("Efficient", "Establish").
_RARE_OPENER = 4.0
_MIXED_RE = re.compile(r"(?=\w*\d)(?=\w*[^\W\d_])\w+")


def name_in(name: Name, matched: Set[str], passages: list[Passage]) -> tuple[bool, set[str]]:
    """Whether the passages mention ``name`` (see the module's rules), and its key terms they
    hold in another form only (those count as found for coverage too)."""
    forms = {
        term for term, word in name.pairs if term not in matched and _form_in(term, word, passages)
    }
    found = sum(1 for term, _ in name.pairs if term in matched) + len(forms)
    if 2 * found >= len(name.pairs):
        return True, forms
    if len(name.words) >= 2:
        pattern = _word_re("".join(w[0] for w in name.words))
        if any(pattern.search(p.text) for p in passages):
            return True, {term for term, _ in name.pairs if term not in matched}
        return False, forms
    return False, forms


def unknown_opener(claim: Claim, matched: Set[str], passages: list[Passage]) -> Name | None:
    """The sentence's first word as a name, when it reads as one: capitalised, rare (a word
    the English word table lacks, or one it knows as rarer than once in 100,000 words and not
    set off by a comma the way an opening adverb is: "Henceforth, the"), and in no cited
    passage in any form. :mod:`..text.names` skips a sentence's first word (its capital marks
    no name): this one may still be a name put where the passage's stood ("Okonkwo studies
    have" / "Previous studies have"; "Ambrose bears are" / "Polar bears are": the table knows
    names too, from the text that uses them)."""
    if not claim.terms:
        return None
    term, folded = next(iter(claim.terms.items()))
    rarity = weight(term)
    if rarity < _RARE_OPENER or term in matched:  # (the usual: cheapest first)
        return None
    opening = claim.content.lstrip()
    word = opening[: len(folded)]
    if not word[:1].isupper() or word.casefold() != folded:
        return None
    if rarity < MAX_WEIGHT and opening[len(word) : len(word) + 1] == ",":
        return None
    name = Name(word, ((term, word),), (word,))
    return None if name_in(name, matched, passages)[0] else name


def _form_in(term: str, word: str, passages: list[Passage]) -> bool:
    """A word the passages lack as a term, there in another form: a word it begins or that
    begins it ("Europe" / "European", at least 4 letters both); letters and digits without
    punctuation ("TiO2" / "TiO-2"); for an acronym, capitalised words with its initials ("US":
    "United States", "U.S."; "WHO": "World Health Organization")."""
    if len(term) >= 4:
        for p in passages:
            for t in p.terms:
                if len(t) >= 4 and (t.startswith(term) or term.startswith(t)):
                    return True
    if _MIXED_RE.fullmatch(word):
        compact = term.replace("_", "")
        return any(compact in p.compact for p in passages)
    if 2 <= len(word) <= 6 and word.isupper() and word.isalpha():
        initials = _initials_re(word)
        return any(initials.search(p.text) for p in passages)
    return False


@functools.lru_cache(maxsize=256)
def _initials_re(acronym: str) -> re.Pattern[str]:
    # Initials in order, each opening a word; "of", "and", "for", "the" may come between.
    words = r"(?:\W+(?:of|and|for|the))?\W+".join(f"{re.escape(c)}\\w*" for c in acronym)
    return re.compile(rf"(?<!\w){words}")


@functools.lru_cache(maxsize=256)
def _word_re(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")
