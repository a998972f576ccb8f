"""The converse reading of the ``opposite`` check: the sentence names one side of a relation
where the region names the other, in the same place.

Converses (``data/converses.tsv``: WordNet's antonyms that name the two sides of one relation,
"husband"/"wife", "plaintiff"/"defendant", "parent"/"child", and a hand list of legal parties,
"lessor"/"lessee") are no opposites: a text about one names the other ("contact with the
parent" of "children in care"), so the opposites table leaves them out. The table's hand list
of values that exclude one another ("daily"/"weekly"/"monthly", "first"/"second", "civil"/
"criminal") is read the same way: a text names several, each of its own thing.

Standing in the same place they do contradict: the sentence's word between
the very words the region's converse stands between ("his husband Eurydice" against "his wife
Eurydice"), where the region never says the sentence's word there. A side is the next word or
the start or end of the clause (a comma ends one: "held in March, appeals in June" against
"held in June"); one side must be a content word or a number, as two small words are what
any two nouns share, else each side runs out to its nearest content word ("Employees must give
notice" against "Employers must give notice"). A conjunction before an auxiliary ends the
clause too: "of adults and is recommended" joins another predicate. A region listing the
sentence's word beside its own ("held in March, June and September") says both.
"""

from __future__ import annotations

from pathlib import Path

from ...text.terms import fold
from ...text.words import Word, outward
from .exchange import CLAUSE_BREAKS, SENTENCE_ENDS
from .found import Found

_TABLE = Path(__file__).parents[2] / "data" / "converses.tsv"


def _load() -> dict[str, frozenset[str]]:
    """Folded word -> its converses, each with its plural in "s" (the table holds the irregular
    ones: "wives", "children"). By word, not stem: "defendant" stems as the verb "defend"."""
    pairs: dict[str, set[str]] = {}
    for line in _TABLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            a, b = map(fold, line.split("\t"))
            for form in (a, a + "s"):
                pairs.setdefault(form, set()).update((b, b + "s"))
    return {a: frozenset(bs) for a, bs in pairs.items()}


CONVERSES = _load()
"""Folded word -> its converses' folded words."""
TEST_WORDS = CONVERSES.keys()  # lower-cased tokens holding none: may_find is False


def may_find(words: list[str]) -> bool:
    """Whether the sentence (of ``words``, lower-cased) may name a side of a relation."""
    return not CONVERSES.keys().isdisjoint(words)


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    if compares(sentence_words) and compares(region_words):
        return []  # "Adults got more than children", "Children got less than adults": .comparison
    for i, w in enumerate(sentence_words):
        others = CONVERSES.get(w.folded)
        if not others:
            continue
        slot = _slot(sentence, sentence_words, i)
        if slot is None:
            continue
        held = [
            j
            for j, r in enumerate(region_words)
            if (r.folded == w.folded or r.folded in others)
            and _slot(region, region_words, j) == slot
        ]
        if any(region_words[j].folded == w.folded for j in held):
            continue  # the region says the sentence's word there too
        held = [j for j in held if not _listed_with(region, region_words, j, w.folded)]
        if held:
            r = region_words[held[0]]
            return [Found("opposite", w.start, w.end, r.start, r.end)]
    return []


_EDGE = "."  # a side that is the start or end of the clause
_SIDE_WORDS = 3  # at most, out to a content word
_LIST_REACH = 4  # words either side of the region's word that may list the sentence's with it
_CONJUNCTIONS = frozenset(("and", "or", "but"))
_AUXILIARIES = frozenset(
    (
        *("is", "are", "was", "were", "has", "have", "had", "does", "do", "did"),
        *("may", "must", "can", "will", "shall", "should", "would", "could"),
    )
)
_JOINS = frozenset(("and", "or", "nor", "to", "through", "until"))  # between listed values


def _slot(text: str, words: list[Word], i: int) -> tuple[tuple[str, ...], ...] | None:
    """The words either side of ``words[i]`` (folded), as the module says, or None when no
    side reaches a content word: where a word stands in its text."""
    for reach in (1, _SIDE_WORDS):
        sides = (_side(text, words, i, -1, reach), _side(text, words, i, 1, reach))
        if any(_content(words[k]) for side, _ in sides for k in side):
            return tuple(tuple(words[k].folded for k in side) + edge for side, edge in sides)
    return None


def _side(
    text: str, words: list[Word], i: int, step: int, reach: int
) -> tuple[list[int], tuple[str, ...]]:
    """The indices of the words from ``words[i]`` out to its side's first content word, at most
    ``reach`` of them, and ``(_EDGE,)`` when its clause ends before (else ``()``)."""
    taken: list[int] = []
    for n in outward(text, words, i, step, reach, CLAUSE_BREAKS):
        if step > 0 and _new_predicate(words, n):
            return taken, (_EDGE,)
        taken.append(n)
        if _content(words[n]):
            return taken, ()
    return taken, () if len(taken) == reach else (_EDGE,)


def _new_predicate(words: list[Word], n: int) -> bool:
    """Whether ``words[n]`` joins another predicate to the clause ("90 percent of adults and
    is recommended for children"): the clause of the words before it ends there."""
    return (
        words[n].folded in _CONJUNCTIONS
        and n + 1 < len(words)
        and words[n + 1].folded in _AUXILIARIES
    )


def _listed_with(text: str, words: list[Word], j: int, folded: str) -> bool:
    """Whether ``words[j]`` is listed with the sentence's word (``folded``): within
    ``_LIST_REACH`` words of its sentence, only commas and joining words between: "held in
    March, June and September" says June too."""
    for step in (-1, 1):
        for n in outward(text, words, j, step, _LIST_REACH, SENTENCE_ENDS):
            if words[n].folded == folded:
                return True
            if words[n].folded not in _JOINS:
                break  # "March, appeals in June" lists nothing
    return False


def compares(words: list[Word]) -> bool:
    """Whether the text compares (holds a "than"): a comparison's sides are :mod:`.comparison`'s."""
    return any(w.folded == "than" for w in words)


def _content(word: Word) -> bool:
    """A content word or a number ("Children under 5": the number says where it stands)."""
    return bool(word.term) or word.text.isdigit()
