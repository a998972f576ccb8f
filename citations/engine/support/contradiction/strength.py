"""Strength: the sentence says more than its region ("all" for "some", "shall" for "may").

A sentence that turns "most patients recover" into "all patients recover", or "the employer
may pay" into "the employer shall pay", keeps every key term of its passage and says what
the passage does not. The sentence's strong words fall in two groups:

* *quantifiers* (all, every, each, never, none, no one, entirely, ...), the plain modals
  "will" and "shall" and the *firm modals* (must, certainly, definitely, necessarily, ...)
  say more than a region that has a *weak* word near the same key terms (some, many, most,
  often, may, can, likely, ...), in a statute: there a region that states or orders the same
  thing plainly ("submit your receipts within 30 days") is as binding as "must submit";
* *sole* words (only, sole, solely, exclusively), "always" and *superlatives* ("the
  largest") say more than a region that, near the same key terms, has nothing as strong,
  weak word or not. "Only" says how exclusively and "always" how often: neither is as
  strong as the other ("only half of the gain is taxed" says nothing of "always taxed").
  When no sentence of the region holds two of the terms near the strong word, one will do:
  the region speaks of the sentence (it holds most of its key terms) and may say the rest
  in other words, and what it must say, it does not.

A statute binds in the plain present: only in a passage that is no statute does a region
with nothing as firm say less than "must help" (unless it orders the verb), and one stating
the sentence's verb plainly less than "all patients" (see :mod:`.obligation`).

Near means within a few words, inside one clause of the sentence and one sentence of the
region. A region as strong as the sentence ("every" for "all", "has to" for "must", "the
biggest" for "the largest", anywhere in its sentence for a superlative, which ranks the
whole subject) contradicts nothing, nor does a sentence weaker than its region: a hedge in
the sentence's clause is allowed. A strong word the sentence negates ("not all", "not only")
is no claim of strength, and one the region negates is weak; a weak word capitalised inside
a sentence ("in May", "'Should Have Been a Cowboy'") is a name's or a title's, no hedge.

A region may hedge in other words than the sentence lost ("are able to form", "more prone
to", "it is possible"), qualify a strong word ("nearly all", "one of the largest"), or hold
a strong word the sentence says too ("can perceive only four" for "must perceive only
four"): that one is the sentence's own, no stand-in for its other strong word.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ...text.words import Word, between, outward
from .found import Found
from .grades import ALMOST, ANY_DETERMINER, CLASS_OF, QUANTIFIERS, WEAK, grade
from .obligation import NEGATIONS, claimed, firm, may_oblige, ordered, stated

_PERMITTING = frozenset(("can", "may"))
# Hedges a region may say a modal's "can" with ("are able to form", "more prone to develop",
# "it is possible"); in a sentence they may hedge no claim ("must be able to pay", "sorts
# possible causes").
_REGION_WEAK = WEAK | {"able", "capable", "prone", "possible", "potential"}
# The classes a region word may have to say as much as the sentence's: "will" is no
# "always", "necessary" no "only".
_AS_STRONG = {
    "quantifier": frozenset(("quantifier", "sole", "always", "constant", "superlative", "unique")),
    "future": frozenset(("future", "modal", "necessity", "needs", "sole", "always")),
    "modal": frozenset(("future", "modal", "necessity", "needs", "sole", "always")),
    # "only" says how exclusively, "always" how often: neither says the other
    "sole": frozenset(("quantifier", "sole", "unique")),
    "always": frozenset(("quantifier", "always", "constant")),
    "superlative": frozenset(("quantifier", "sole", "always", "superlative", "unique")),
}
# Classes whose equal may stand anywhere in the region's sentence: a superlative ranks the
# whole subject, a modal binds the whole clause ("they must get the card, often called ...").
_SENTENCE_WIDE = frozenset(("superlative", "modal", "future"))
# Classes that need a weak word in the region: "will pay" against "pays" is no stronger, nor
# "must submit" against "submit your receipts".
_NEED_WEAK = frozenset(("quantifier", "future", "modal"))
_NECESSARY = frozenset(("necessity", "needs"))
_TRIGGERS = frozenset((*CLASS_OF, "certain"))
_TRIGGER_RE = re.compile(rf"(?i)(?<!\w)(?:{'|'.join(sorted(_TRIGGERS))}|[a-z]{{3,}}est)(?!\w)")
_NOT_STRONG = frozenset((None, "weak"))
_RELATIVE = frozenset(("that", "which", "who", "whom", "whose"))
_QUALIFIERS = NEGATIONS | ALMOST
_NEAR = 5  # words on either side of the strong word, and of the region's matched terms
_SENTENCE_BREAKS = frozenset(",;:()[]")
_REGION_BREAKS = frozenset(".!?;\n")


def may_find(sentence: str, tokens: list[str] | None) -> bool:
    """Whether ``sentence`` may hold a strong word or a superlative, a cheap test: one without
    has nothing to find. ``tokens`` are its lower-cased ASCII words (None beyond ASCII): a set
    test on them, and a look at their ends for "-est", cost a tenth of the pattern's search
    (about 42,000 instructions a sentence, its 30 branches tried at every character)."""
    if tokens is None:
        return _TRIGGER_RE.search(sentence) is not None or may_oblige(sentence, None)
    if not _TRIGGERS.isdisjoint(tokens) or may_oblige(sentence, tokens):
        return True
    return "est" in sentence.lower() and any(
        len(t) > 5 and t.endswith("est") and t.isalpha() for t in tokens
    )


def find(
    sentence: str,
    sentence_words: list[Word],
    region: str,
    region_words: list[Word],
    *,
    legal: bool = True,
) -> list[Found]:
    """Each strong word of the sentence its region says less than, in sentence order. In a
    passage that is no statute (not ``legal``), a firm modal ("must help", "has to help",
    "certainly helps") also says more than a region with nothing as firm ("helps", "is
    used"), and "all" more than a region stating the same verb plainly of a bare plural: a
    statute binds in the plain present, a report or a study only describes (see
    :mod:`.obligation`)."""
    found: list[Found] = []
    openings = {a for a, _ in _sentences(region, region_words)}
    region_grades = [
        grade(region_words, k, ANY_DETERMINER, k in openings, _REGION_WEAK)
        for k in range(len(region_words))
    ]
    sentence_grades = [grade(sentence_words, j) for j in range(len(sentence_words))]
    # A necessity the sentence hedges ("may need to gain") claims nothing: no echo. (Other
    # strong words keep theirs: "can be explained" far after "only" does not hedge it.)
    own = {
        w.stem
        for j, (w, g) in enumerate(zip(sentence_words, sentence_grades, strict=True))
        if g not in _NOT_STRONG
        and not (g in _NECESSARY and _hedged(sentence, sentence_words, sentence_grades, j))
    }
    for i, claim in enumerate(sentence_grades):
        plain = False
        if not legal:
            claim, plain = claimed(sentence_words, i, claim)
        if claim not in _AS_STRONG:
            continue
        # The region's strong words the sentence says itself are its own, no stand-in for
        # this one: "can perceive only four" says "only", not "must perceive".
        echoes = own - {sentence_words[i].stem}
        if _hedged(sentence, sentence_words, sentence_grades, i, claim):
            continue
        scope = _zone(sentence, sentence_words, i, _SENTENCE_BREAKS)
        grades = {j: sentence_grades[j] for j in scope}
        # The strength words' own terms ("alway", "largest") are what the region may lack.
        terms = {sentence_words[j].term for j in scope if sentence_words[j].term and not grades[j]}
        # "will" binds its verb: a region hedging other words ("often have lower heart
        # rates") says nothing of "will deliver"
        verb = _verb(sentence_words, i, scope) if claim == "future" else ""
        attempts = [(terms, min(2, len(terms)), terms)] if terms else []
        whole = _sentence_terms(sentence_words, sentence_grades)
        # Outside a statute a firm modal needs no hedge against it: a region not as firm says
        # less ("can help guide", "is used for" against "must help guide"; see obligation).
        hedged = claim in _NEED_WEAK and (legal or not firm(sentence_words, i, claim))
        if not hedged:
            attempts += [(terms, 1, terms), (whole, 2, whole)]
        elif terms:
            # the region may say the strong word's other terms in other words ("gutters must
            # refer to any place" for "it could mean any place"): three of the sentence's,
            # the hedge near one of the strong word's
            attempts.append((whole, 3, terms))
        binds = _verb(sentence_words, i, scope) if claim == "modal" else ""
        said_as = _Claim(claim, verb, echoes, hedged, binds)
        told = _less(region, region_words, region_grades, attempts, said_as)
        if told is None and plain and terms:
            # bound to its verb, as "will" is: a region stating other words plainly says
            # nothing of "all patients recover"
            said_as = _Claim(claim, _verb(sentence_words, i, scope), echoes, plain=True)
            told = _less(region, region_words, region_grades, attempts[:1], said_as)
        if told is not None:
            said = [i] + [j for j in scope if sentence_words[j].term in terms]
            found.append(_found(sentence_words, said, region_words, told))
    return found


def _sentence_terms(words: list[Word], grades: list[str | None]) -> set[str]:
    """The terms of the sentence's plain words, what a region must hold to speak of it; none
    when the sentence hedges anywhere ("site-specific, which means they exist only there and
    often ..."): judged as a whole, it may claim less than its strong word."""
    if "weak" in grades:
        return set()
    return {w.term for w, grade in zip(words, grades, strict=True) if w.term and grade is None}


def _hedged(
    sentence: str, words: list[Word], grades: list[str | None], i: int, claim: str | None = None
) -> bool:
    """Whether a weak word near word ``i``, in its clause of the sentence, hedges it. A modal
    after "only" grants or allows, and hedges it not: "Only members can vote" says who alone
    may ("may only show a slight shrug" hedges)."""
    return any(
        grades[j] == "weak"
        and not _relative(words, i, j)
        and not (claim == "sole" and j > i and words[j].folded in _PERMITTING)
        for j in _zone(sentence, words, i, _SENTENCE_BREAKS)
    )


def _relative(words: list[Word], i: int, j: int) -> bool:
    """Whether word ``j`` stands in a clause opening after word ``i`` (relative, or what
    "that" reports): its hedge hedges that clause, not ``i`` ("the only clean fuel that can
    be produced", "studies have always shown that men tend to")."""
    return any(words[k].folded in _RELATIVE for k in range(i + 1, j))


def _verb(words: list[Word], i: int, scope: list[int]) -> str:
    """The term of the first content word after word ``i`` in its scope, "" when none."""
    return next((words[j].term for j in scope if j > i and words[j].term), "")


class _Claim(NamedTuple):
    """A strong word of the sentence, as the region is read against it."""

    grade: str  # its class (see ``_AS_STRONG``)
    verb: str  # for "will", the term of the verb it binds (else "")
    echoes: set[str]  # the stems of the sentence's other strong words
    hedged: bool = True  # only a region with a weak word near its terms says less
    binds: str = ""  # for a modal, the term of its verb, which a region may order
    plain: bool = False  # a region stating it plainly says less ("all", no statute)


def _less(
    text: str,
    words: list[Word],
    grades: list[str | None],
    attempts: list[tuple[set[str], int, set[str]]],
    claim: _Claim,
) -> list[int] | None:
    """Where the region states the terms less strongly than ``claim``: the indices of its
    terms there (and of its weak word), or None when it states them as strongly or not at all.

    Every region sentence holding enough of the terms counts: one of them as strong as the
    sentence is enough to stay quiet. The first of the ``attempts`` (terms, how many of them,
    the terms one of which the region's words are read near) that some region sentence holds
    decides: for a quantifier or a modal, two terms near the strong word (or the one there
    is), failing that three of the whole sentence's; for a sole word, "always" or a
    superlative, failing that one of them, failing that two of the whole sentence's (the
    strong word may stand among words the region says otherwise: "this is always supported by
    the fact that ...")."""
    for terms, need, anchors in attempts:
        held, out = _held_less(text, words, grades, terms, need, anchors, claim)
        if held:
            return out
    return None


def _held_less(
    text: str,
    words: list[Word],
    grades: list[str | None],
    terms: set[str],
    need: int,
    anchors: set[str],
    claim: _Claim,
) -> tuple[bool, list[int] | None]:
    """Whether a region sentence holds ``need`` of the terms, one of the ``anchors`` among
    them, and ``_less``'s answer among those that do."""
    held_any = False
    out: list[int] | None = None
    for a, b in _sentences(text, words):
        hits = [k for k in range(a, b) if words[k].term in terms]
        held = {words[k].term for k in hits}
        if len(held) < need or anchors.isdisjoint(held) or (claim.verb and claim.verb not in held):
            continue
        held_any = True
        if claim.plain and not stated(words, claim.verb, a, b):
            return True, None  # it says the verb of some only ("the patients recover")
        anchored = (k for k in hits if words[k].term in anchors)
        near = sorted({j for k in anchored for j in _zone(text, words, k, _REGION_BREAKS)})
        looked = range(a, b) if claim.grade in _SENTENCE_WIDE else near
        strong = _AS_STRONG[claim.grade]
        if claim.binds and any(
            words[k].term == claim.binds and ordered(text, words, k, a) for k in hits
        ):
            return True, None  # an order binds as "must" does ("Keep a food kit in your car")
        weak = next((k for k in near if grades[k] == "weak"), None)
        if any(
            grades[k] in strong
            and words[k].stem not in claim.echoes
            and _of(words, k, terms)
            and (grades[k] != "needs" or k in near)
            and not _aside(words, weak, k, hits)
            for k in looked
        ):
            return True, None
        if out is None and (weak is not None or claim.plain or not claim.hedged):
            # one term alone is a thin quote: the words around it say what the region says
            out = (near if need == 1 else hits) + _qualified(words, weak)
    return held_any, out


def _aside(words: list[Word], weak: int | None, k: int, hits: list[int]) -> bool:
    """Whether the region's strong word ``k`` stands in a relative clause opened after its
    hedge ``weak`` that holds none of the sentence's terms: it binds another thing ("may be
    split into two parts, one of which shall be at least 14 days" says no "must be split")."""
    if weak is None or k < weak:
        return False
    opened = next((r for r in range(weak + 1, k) if words[r].folded in _RELATIVE), None)
    return opened is not None and all(h < opened for h in hits)


def _qualified(words: list[Word], k: int | None) -> list[int]:
    """The region's weak word ``k`` with what makes a strong word weak ("nearly all", "not
    always"): the quote must not read as strong as the sentence."""
    if k is None:
        return []
    return [j for j in (k - 2, k - 1) if j >= 0 and words[j].folded in _QUALIFIERS] + [k]


def _of(words: list[Word], k: int, terms: set[str]) -> bool:
    """Whether the region's strong word ``k`` may speak of the sentence's ``terms``: a
    quantifier right before a word the sentence does not say quantifies that instead ("each
    state" says nothing of "always the smaller body")."""
    after = words[k + 1] if k + 1 < len(words) else None
    if after is None or not after.term or words[k].folded not in QUANTIFIERS:
        return True
    return after.term in terms or after.folded == "time"  # "every time" says "always"


def _sentences(text: str, words: list[Word]) -> list[tuple[int, int]]:
    """(first, end) word indices of each sentence of the region."""
    out, first = [], 0
    for k in range(1, len(words)):
        if _REGION_BREAKS.intersection(between(text, words[k - 1].end, words[k].start)):
            out.append((first, k))
            first = k
    out.append((first, len(words)))
    return out


def _zone(text: str, words: list[Word], i: int, breaks: frozenset[str]) -> list[int]:
    """Indices of the words within ``_NEAR`` of word ``i`` that no break separates from it."""
    before = outward(text, words, i, -1, _NEAR, breaks)
    return [*reversed(list(before)), i, *outward(text, words, i, 1, _NEAR, breaks)]


def _found(
    said_words: list[Word], said: list[int], told_words: list[Word], told: list[int]
) -> Found:
    return Found(
        "strength",
        said_words[min(said)].start,
        said_words[max(said)].end,
        told_words[min(told)].start,
        told_words[max(told)].end,
    )
