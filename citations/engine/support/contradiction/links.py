"""The ``roles`` check's *links* (:mod:`.roles`): two mentions of one clause joined by the
words between them, and the way the relation between them goes.

A link points from the first mention to the second, or back when a passive "by" stands between
them ("B was defeated by A" is "A defeated B"; in French, Spanish and Italian "par", "por" or
"da" after a form of "be"), a genitive ("A's B" is "B of A") or nothing at all ("the heart
size" is "the size of the heart"). A key term alone between may be a noun the first qualifies
with the last ("the Warriors superstar Stephen Curry" is Curry of the Warriors), so that
reading links them too, beside the verb's ("Rome defeated Carthage"). A list or a symmetric
relation ("A and B signed", "A met B", "between A and B") joins two with no direction: such
pairs come apart, with no order to turn around.

Two links state one relation in one direction (``same``) when they share a key term between
them, with the same prepositions, or, with no key term between them on either side, the same
prepositions alone; a bare preposition says what a description ending in it says ("Vijayawada
in Andhra Pradesh", "Vijayawada is the largest city in Andhra Pradesh"). Prepositions that
turn a relation round by themselves ("before", "after") or a genitive on one side only leave
two links unmatched, as their order then tells nothing. Demanding the shared relation keeps
faithful reorderings quiet ("In 1990 Milira released the song" / "the song by Milira, released
in 1990"). ``converse`` reads one relation said the other way round with the opposite
comparative ("founded earlier than" / "founded later than").
"""

from __future__ import annotations

import re
from itertools import chain
from typing import NamedTuple

from ...text.terms import current
from ...text.words import Word
from .appositions import through_appositions
from .exchange import CLAUSE_BREAKS, Mention, near_pairs
from .exchange import DETERMINERS as _DETERMINERS
from .exchange import LISTING as _LISTING
from .exchange import SYMMETRIC as _SYMMETRIC
from .opposite import converse_comparatives
from .spread import spread

# Prepositions that carry the relation ("in", "to", "than") when they stand between the two.
_PREPOSITIONS_TEXT = """in of to from for at on into onto over under above below before after than
    within inside outside behind beyond toward towards upon through across near"""
_PREPOSITIONS = frozenset(_PREPOSITIONS_TEXT.split())
# Pairs that turn a relation around by themselves: "A came before B" is "B came after A".
_CONVERSES = {
    frozenset(pair)
    for pair in (
        ("before", "after"),
        ("above", "below"),
        ("over", "under"),
        ("to", "from"),
        ("inside", "outside"),
        ("of", "s"),  # "the capital of France" is "France's capital"
    )
}
# "Paris, the capital of France" and "France's capital, Paris": the genitive puts the owner
# on either side, so a link with one against a link without says nothing about direction.
_GENITIVES = frozenset(("of", "s"))
_OF = ("of",)
_OF_SET = frozenset(_OF)
# "by" turns a link around after a participle or a form of "be" ("was defeated by", "is a song
# by"), not in "multiplying the dose by a factor".
_BE = frozenset(("is", "are", "was", "were", "be", "been", "being"))
# Elsewhere an agent after a form of "be" ("est payé par", "fue pagado por", "è pagato da"),
# folded: accents off.
_PASSIVES = {
    "french": ("par", "est sont ete etait etaient sera seront etre"),
    "spanish": ("por", "es son fue fueron sido era eran sera seran ser"),
    "italian": ("da", "e sono stato stata stati state era erano fu furono sara essere"),
}
_AGENTS = {name: (agent, frozenset(be.split())) for name, (agent, be) in _PASSIVES.items()}
_PARTICIPLE_RE = re.compile(r"\w+(?:ed|en|wn)")
_IRREGULAR_TEXT = """made sung led won held run built taught brought bought sold told caught
found sent spent left lost kept paid said heard struck hit shot cut set put"""
_IRREGULAR = frozenset(_IRREGULAR_TEXT.split())
_AMPERSAND_RE = re.compile(r"(?<!\w)&(?!\w)")  # "A & B", not "R&B"
_MAX_BETWEEN = 12  # words between two mentions of one clause
# Words opening a new clause: "A beat the team that B coached" relates A to the team only.
_CLAUSE_WORDS_TEXT = "that which who whom whose where when while because although if"
_CLAUSE_WORDS = frozenset(_CLAUSE_WORDS_TEXT.split())


class _Link(NamedTuple):
    source: frozenset[str]  # the key of the mention the relation goes from
    target: frozenset[str]
    between: tuple[str, ...]  # the folded words between the two
    terms: frozenset[str]  # key terms between the two, any mention's left out
    prepositions: frozenset[str]
    clause: bool  # a clause opens between the two ("the team that B coached")
    start: int  # offsets of the whole span, both mentions included
    end: int


type Pair = frozenset[frozenset[str]]


def same(a: _Link, b: _Link) -> bool:
    """The two links state one relation in one direction."""
    if (a.source, a.target) != (b.source, b.target):
        return False
    if a.between == b.between:  # word for word: "X once the Y" / "Y once the X"
        return not _DETERMINERS.issuperset(a.between)
    if a.clause or b.clause:
        return False
    if _described(a, b) or _described(b, a):
        return True
    if a.prepositions == b.prepositions:
        return bool(a.terms & b.terms) if a.terms or b.terms else bool(a.prepositions)
    converse = any(frozenset((p, q)) in _CONVERSES for p in a.prepositions for q in b.prepositions)
    genitive = bool(a.prepositions & _GENITIVES) != bool(b.prepositions & _GENITIVES)
    return bool(a.terms & b.terms) and not converse and not genitive


def converse(a: _Link, b: _Link) -> bool:
    """``b`` says ``a`` with its sides exchanged and the opposite comparative: "A was founded
    earlier than B" is "B was founded later than A" (see :mod:`.comparison`)."""
    return (a.source, a.target) == (b.target, b.source) and converse_comparatives(
        a.between, b.between
    )


def _described(bare: _Link, said: _Link) -> bool:
    """A bare preposition ("Vijayawada in Andhra Pradesh") says what a description ending in
    it says ("Vijayawada is the largest city in Andhra Pradesh"): "A is a B in C" puts A in C.
    A verb is no description: "Vietnam was devastated in the war" is not "Vietnam in the war"."""
    return (
        len(bare.between) == 1
        and bare.between[0] in _PREPOSITIONS
        and said.between[-1:] == bare.between
        and said.between[0] in _BE
        and said.between[1] in _DETERMINERS
    )


def links_in(
    text: str, words: list[Word], mentions: list[Mention]
) -> tuple[list[_Link], set[Pair]]:
    """Every directed link between two mentions of one clause, and apart the pairs a symmetric
    relation or a list joins ("A met B", "A and B"). A mention before a list links to each of
    its items as to the first (see :mod:`.spread`)."""
    links = []
    symmetric: set[Pair] = set()
    # Another mention between the two is a third party, not the relation ("the child has a
    # shingles outbreak" / "the virus causes shingles ... the child's illness").
    named = frozenset().union(*(m.key for m in mentions))
    pairs = ((a, b, b.first) for a, b in near_pairs(mentions, _MAX_BETWEEN))
    for a, b, stand in chain(pairs, spread(text, words, mentions, _MAX_BETWEEN)):
        gap = through_appositions(text, words, a, b, stand)
        if CLAUSE_BREAKS.intersection(gap):
            continue
        link = _link(words, a, b, stand, named, gap)
        if link is None:
            symmetric.add(frozenset((a.key, b.key)))
        else:
            links.append(link)
            if len(link.between) == 1 and link.terms and gap.strip() == words[a.last + 1].text:
                # One key term alone between may be a noun the first qualifies with the last:
                # "the Warriors superstar Stephen Curry" is Curry of the Warriors. Read as a
                # verb ("Rome defeated Carthage") it keeps its own link beside this one.
                links.append(_qualified(link))
    return links, symmetric


def _link(
    words: list[Word], a: Mention, b: Mention, stand: int, named: frozenset[str], gap: str
) -> _Link | None:
    """The link from ``a`` to ``b`` standing at word ``stand``, turned round where the words
    between say so; None for a symmetric relation or a list."""
    between = tuple(w.folded for w in words[a.last + 1 : stand])
    terms = frozenset(w.term for w in words[a.last + 1 : stand] if w.term) - named
    folded = frozenset(between)
    # "A and B signed" has no direction; "written and recorded by B" has.
    listed = (not terms and folded & _LISTING) or _AMPERSAND_RE.search(gap)
    if folded & _SYMMETRIC or listed:
        return None
    link = _Link(
        a.key,
        b.key,
        between,
        terms,
        folded & (_PREPOSITIONS | _GENITIVES),
        bool(folded & _CLAUSE_WORDS),
        words[a.first].start,
        words[b.last].end,
    )
    if _passive(between):
        return link._replace(source=b.key, target=a.key)
    if between[:1] == ("s",):
        # "France's capital" is "the capital of France".
        of = link.prepositions - {"s"} | _OF_SET
        return link._replace(source=b.key, target=a.key, prepositions=of)
    if not gap.strip():
        # A noun before a noun qualifies it: "the heart size" is "the size of the heart".
        return _qualified(link)
    return link


def _qualified(link: _Link) -> _Link:
    """The link back from the last mention to the first as an "of" ("the heart size" is "the
    size of the heart")."""
    empty: frozenset[str] = frozenset()
    return link._replace(
        source=link.target, target=link.source, between=_OF, terms=empty, prepositions=_OF_SET
    )


def _passive(between: tuple[str, ...]) -> bool:
    agent = _AGENTS.get(current().name)
    if agent is not None:
        return agent[0] in between and not agent[1].isdisjoint(between)
    if "by" not in between:
        return False
    before = between[between.index("by") - 1] if between.index("by") else ""
    return (
        bool(_BE.intersection(between))
        or before in _IRREGULAR
        or bool(_PARTICIPLE_RE.fullmatch(before))
    )
