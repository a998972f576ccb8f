"""The verdict rules: a citation, an uncited sentence, and a cited sentence as a whole."""

from __future__ import annotations

from collections.abc import Set

from .claims import RULES, Claim, count_words, name_form_in
from .passage import Passage
from .wording import listing, share_phrase

MIN_CLAIM_WORDS = 6
"""A sentence without citations is a claim (``uncited``) from this many words on."""

_NOTHING: frozenset[str] = frozenset()


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


def rate_uncited(content: str) -> tuple[str, str]:
    words = count_words(content)
    if words >= MIN_CLAIM_WORDS:
        return "uncited", f"a claim of {words} words with no citation"
    return "neutral", (
        f"{words} word{'s' if words != 1 else ''} without a citation: "
        "a heading or connective, not a claim"
    )


def numbers_of(passages: list[Passage]) -> frozenset[str]:
    # One union, then one lookup per number: linear in numbers plus passages, not their product.
    if len(passages) == 1:
        return passages[0].numbers
    return frozenset().union(*(p.numbers for p in passages))


def numbers_in(claim: Claim, passages: list[Passage]) -> list[str]:
    """The sentence's numbers (as written) that occur in any of ``passages``."""
    given = numbers_of(passages)
    return [n.raw for n in claim.numbers if n.keys & given]


def rate_citation(
    where: str,
    terms: dict[str, str],
    mine: frozenset[str],
    numbers_here: list[str],
    claim: Claim,
) -> tuple[str, str]:
    """One resolved citation: verified when its passages carry part of the sentence."""
    if mine or numbers_here:
        carried = split_terms(terms, mine)[0] + numbers_here
        n = len(carried)
        return "verified", (
            f"{where} carries {n} key term{'s' if n != 1 else ''} of the sentence: "
            f"{listing(carried)}"
        )
    if not terms and not claim.numbers:
        return "verified", f"{where} resolves; the sentence has no key terms to compare"
    return "unsupported", f"{where} carries none of the sentence's key terms"


def rate_support(
    claim: Claim,
    matched: frozenset[str],
    covered: frozenset[str],
    cited: list[Passage],
    where: str,
    threshold: float,
) -> tuple[str, str, list[str], list[str]]:
    """Verified / unsupported from the union of the cited passages (``where`` names them):
    the status, the reason, and the sentence's numbers found and missing."""
    problems: list[str] = []
    found_numbers: list[str] = []
    missing_numbers: list[str] = []
    given = numbers_of(cited) if claim.numbers else _NOTHING
    for number in claim.numbers:
        if number.keys & given:
            found_numbers.append(number.raw)
        else:
            missing_numbers.append(number.raw)
    if missing_numbers:
        noun = "number" if len(missing_numbers) == 1 else "numbers"
        verb = "is" if len(missing_numbers) == 1 else "are"
        problems.append(f"{noun} {listing(missing_numbers, quote=False)} {verb} not in {where}")
    if claim.negation is not None and not any(p.negated for p in cited):
        problems.append(f"the sentence says '{claim.negation}' but {where} negates nothing")
    if claim.names:
        missing_names = [
            name
            for term, name in claim.names.items()
            if term not in matched and not name_form_in(term, name, cited)
        ]
        if missing_names:
            verb = "is" if len(missing_names) == 1 else "are"
            problems.append(f"{listing(missing_names)} {verb} not in {where}")
    total = len(claim.terms)
    together = " together" if RULES["local"] else ""
    if total:
        share = len(covered) / total
        coverage = share_phrase(len(covered), total)
        if share < threshold:
            missing = [claim.terms[t] for t in claim.terms if t not in covered]
            problems.append(
                f"only {coverage} are found{together} in {where}, below the {threshold:.0%} "
                f"threshold; missing: {listing(missing)}"
            )
    if problems:
        return "unsupported", "; ".join(problems), found_numbers, missing_numbers
    if total:
        reason = f"{coverage} are found{together} in {where}"
    else:
        reason = f"no key terms to compare; the citations resolve to {where}"
    if found_numbers:
        reason += f", with {listing(found_numbers, quote=False)}"
    return "verified", reason, found_numbers, missing_numbers
