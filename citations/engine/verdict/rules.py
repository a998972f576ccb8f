"""The verdict rules: an uncited sentence, a cited sentence as a whole, and each citation.

A cited sentence is ``verified`` when its support (:mod:`.support`) reaches the threshold and
nothing forbids it: a citation that does not resolve, a bracket that looks like a citation but
cannot be read, a number the cited passages do not state, or a passage saying otherwise (a
contradiction, :mod:`..support.contradiction`) makes it ``unsupported`` whatever its score.
A citation is ``verified`` only inside a verified sentence; inside an unsupported one it may
carry some of the sentence's terms, and says so, but it does not support it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence, Set
from dataclasses import dataclass

from ..support.model import Grounds
from ..text.claims import Claim, count_words
from ..text.terms import token_terms
from ..wording import decimals, listing, share_phrase
from .reasons import anchored_phrase, contradiction_phrases, number_problems, shortfall_phrases

MIN_CLAIM_WORDS = 6
"""A sentence without citations is a claim (``uncited``) from this many words on, or shorter
when it states a figure (see ``_states_figure``)."""
_FIGURE_TERMS = 2  # content words a short sentence needs beside its figure
# Words that make the number after them a label, not a figure: "Article 5.", "See page 12."
_LABELS = frozenset(
    (
        *("article", "art", "section", "sec", "chapter", "part", "step", "page", "p", "para"),
        *("paragraph", "no", "nr", "number", "item", "figure", "fig", "table", "annex"),
        *("schedule", "rule", "clause", "point", "note", "version"),
    )
)
_TOKEN_RE = re.compile(r"\w+")
# Plain prose from a capital to its full stop: words, numbers, spaces, commas, "%", hyphens.
_PROSE_RE = re.compile(r"[^\W\d_a-z][\w ,.%'\u2019-]*[.!]")


def split_terms(terms: dict[str, str], found: Set[str]) -> tuple[list[str], list[str]]:
    """The sentence's words for its terms in ``found`` and for the others, in sentence order.
    ``found`` holds only terms of the sentence, so its size tells the usual all-or-nothing."""
    if len(found) == len(terms):
        return list(terms.values()), []
    if not found:
        return [], list(terms.values())
    return (
        [word for t, word in terms.items() if t in found],
        [word for t, word in terms.items() if t not in found],
    )


def with_others(words: list[str], others: list[str], apart: bool = False) -> list[str]:
    """``words`` and then each of ``others`` not among them, compared case-folded: a number
    word ("four") is a key term and a number too, and is listed once, not "four, four".
    ``apart``: only the new ones, not ``words`` with them."""
    seen = {w.casefold() for w in words}
    new = []
    for other in others:
        key = other.casefold()
        if key not in seen:
            seen.add(key)
            new.append(other)
    return new if apart else [*words, *new]


def rate_uncited(content: str) -> tuple[str, str]:
    words = count_words(content)
    if words >= MIN_CLAIM_WORDS:
        return "uncited", f"a claim of {words} words with no citation"
    if _states_figure(content):
        return "uncited", f"a claim of {words} words stating a figure, with no citation"
    return "neutral", (
        f"{words} word{'s' if words != 1 else ''} without a citation: "
        "a heading or connective, not a claim"
    )


def _states_figure(content: str) -> bool:
    """Whether a short sentence states a figure: plain prose from a capital to a full stop, a
    number after its first word that no label names ("Leave lasts 30 days.", not "Article 5."
    or "Step 1: save."), and two content words besides."""
    if not _PROSE_RE.fullmatch(content.strip()):
        return False
    tokens = _TOKEN_RE.findall(content.casefold())
    at = next((i for i, t in enumerate(tokens) if t[0].isdigit()), 0)
    if not at or tokens[at - 1] in _LABELS or tokens[0] in _LABELS:
        return False  # no number, one first, or a label's
    return sum(1 for t in tokens if t.isalpha() and token_terms(t)) >= _FIGURE_TERMS


@dataclass(frozen=True, slots=True)
class Veto:
    """A ground that makes a sentence ``unsupported`` whatever its support."""

    name: str
    decides: str
    """What the report's ``decided_by`` says when this veto is the first that forbids."""
    found: Callable[[Grounds], bool]
    worded: Callable[[Claim, Grounds, str], list[str]]
    """Its problems, as the reason lists them (given the claim, the grounds and ``where``)."""


VETOES: tuple[Veto, ...] = (
    Veto(
        "contradiction",
        "contradiction",
        lambda grounds: bool(grounds.contradictions),
        lambda _claim, grounds, _where: contradiction_phrases(grounds.contradictions),
    ),
    Veto(
        "missing_numbers",
        "number",
        lambda grounds: bool(grounds.missing_numbers),
        number_problems,
    ),
)
"""The hard vetoes, in the order a reason names them (after the citations that do not
resolve): what a passage says instead (``support.contradiction``), then a number it lacks."""


DECIDERS = ("support", "number", "contradiction", "citation")
"""What a cited sentence's ``decided_by`` can say (see :func:`decided_by`)."""


def decided_by(grounds: Grounds | None, blockers: list[str] | tuple = ()) -> str:
    """What decides a cited sentence's verdict, in the order the rule weighs it: a citation
    that does not resolve or cannot be read (``blockers``; no grounds: none resolves), then
    the first veto found (``VETOES`` order), else the support against the cut, either way."""
    if blockers or grounds is None:
        return "citation"
    for veto in VETOES:
        if veto.found(grounds):
            return veto.decides
    return "support"


def holds(grounds: Grounds, threshold: float, blockers: list[str] | tuple = ()) -> bool:
    """THE verdict rule: a sentence is verified when its support reaches ``threshold`` and
    nothing forbids it, neither a citation that does not resolve or cannot be read
    (``blockers``) nor a veto. Every caller asks this (the verdict, citation repair, and the
    model's fit through the engine's verdicts)."""
    # The score first: the cheap test. Under the cut, the anchor (every number with the key
    # terms in one sentence of a cited passage, :mod:`..support.anchor`) verifies it too.
    if grounds.support >= threshold:
        # A sentence of no key terms states nothing a passage could support, whatever score
        # the fitted intercept gives it.
        return decided_by(grounds, blockers) == "support" and grounds.signals["key_terms"] > 0
    return decided_by(grounds, blockers) == "support" and grounds.anchor() is not None


def rate_sentence(
    claim: Claim,
    grounds: Grounds | None,
    where: str,
    threshold: float,
    blockers: list[str],
) -> tuple[str, str, str]:
    """The sentence's status, its reason and what decided it (:func:`decided_by`), the
    weightiest ground first: the citations that do not resolve or cannot be read
    (``blockers``, already worded), the vetoes (what a passage says instead, the numbers), the
    score."""
    decider = decided_by(grounds, blockers)
    if grounds is None:  # no citation resolves
        return "unsupported", "; ".join(blockers), decider
    score = f"support {decimals(grounds.support)}"
    if holds(grounds, threshold, blockers):
        anchor = grounds.anchor() if grounds.support < threshold else None
        if anchor is not None:
            return "verified", anchored_phrase(claim, anchor, score), decider
        reason = (
            f"{score} reaches the {decimals(threshold)} cut: {_coverage(claim, grounds, where)}"
        )
        if grounds.found_numbers:
            reason += f", with {listing([n.raw for n in grounds.found_numbers], quote=False)}"
        if grounds.missing_names:
            shown = [name.shown for name in grounds.missing_names]
            verb = "is" if len(shown) == 1 else "are"
            reason += f"; {listing(shown)} {verb} not named in {where}, which lowers the support"
        return "verified", reason, decider
    problems = list(blockers)
    for veto in VETOES:
        if veto.found(grounds):
            problems += veto.worded(claim, grounds, where)
    if grounds.support < threshold:
        why = shortfall_phrases(claim, grounds, where)
        problems.append(f"{score} is below the {decimals(threshold)} cut: " + "; ".join(why))
    elif not claim.terms and decider == "support":
        problems.append(f"{score}, but {shortfall_phrases(claim, grounds, where)[0]}")
    elif grounds.contradictions:
        # The words match, which is all the score reads: say so, and that it does not decide.
        problems.append(f"its words are found together in {where} ({score}), not what it says")
    elif decider == "number":
        # The score alone would verify it: a reader of the score learns what overruled it.
        cut = f"{score} reaches the {decimals(threshold)} cut, but "
        return "unsupported", cut + "; ".join(problems), decider
    return "unsupported", "; ".join(problems), decider


def _coverage(claim: Claim, grounds: Grounds, where: str) -> str:
    if not claim.terms:
        return f"no key terms to compare; the citations resolve to {where}"
    return f"{share_phrase(len(grounds.covered), len(claim.terms))} are found together in {where}"


def rate_citation(
    where: str,
    terms: list[str],
    numbers: list[str],
    claim: Claim,
    sentence_status: str,
    instead: Sequence[str] = (),
) -> tuple[str, str]:
    """One resolved citation, given the sentence's words for the key terms its passages carry
    (``terms``), the sentence's numbers they state (``numbers``), what they state instead of
    the others (``instead``: "150 percent, not 200 percent") and its sentence's verdict. Terms
    are counted as the sentence's reason counts them (key terms only, out of the sentence's);
    its numbers are named apart."""
    total = len(claim.terms)
    if sentence_status == "verified" and (terms or numbers or not claim.terms):
        if not terms and not numbers:
            return "verified", f"{where} supports the sentence; it has no key terms to compare"
        carrying = [f"{len(terms)} of its {total} key terms: {listing(terms)}"] if terms else []
        if numbers:
            carrying.append(_its_numbers(numbers))
        return "verified", f"{where} supports the sentence, carrying " + ", and ".join(carrying)
    # Why it does not support the sentence: the number it states instead, when it does.
    but = f" but says {'; '.join(instead)}" if instead else " but does not support the sentence"
    if not terms and not numbers:
        if instead:
            return "unsupported", f"{where} carries none of the sentence's key terms{but}"
        return "unsupported", f"{where} carries none of the sentence's key terms"
    if not terms:
        none = f", none of its {total} key terms," if total else ""
        return "unsupported", f"{where} carries {_its_numbers(numbers)}{none}{but}"
    carried = f"{len(terms)} of the sentence's {total} key terms ({listing(terms)})"
    if numbers:
        carried += f" and {_its_numbers(numbers)}"
    return "unsupported", f"{where} carries {carried}{but}"


def _its_numbers(numbers: list[str]) -> str:
    noun = "number" if len(numbers) == 1 else "numbers"
    return f"its {noun} {listing(numbers, quote=False)}"
