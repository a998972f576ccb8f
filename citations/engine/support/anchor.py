"""The anchor: a sentence whose numbers all stand, with its key terms, in one sentence of a
cited passage, but for the verb that reports them.

"Sales hit 8.1 million dollars in 2022" against "Globex posted sales of 8.1 million dollars in
2022, up from ...": the score reads the missing "hit" as a missing word (0.489, under the cut),
but the passage's sentence states the sentence's numbers, in its order, about the same things.
The verdict rule (``verdict.rules.holds``) verifies an anchored sentence whatever its score
when nothing forbids it: a contradiction the region says, a missing number or name is a veto
or no anchor. Outside the fitted score on purpose: offered to the model as a feature, a
"numbers and key nouns found" signal fitted a negative weight.

What may be left out is one verb that reports a figure without saying which way it went
(``REPORTING``: "hit", "reached", "totalled"): "fell to", "exceeded" or "missed" say more than
the passage, and stay with the score. The numbers must stand in the passage's sentence in the
sentence's order with no other number between them: "8.1 million dollars in 2021" takes no
anchor from "8.1 million dollars in 2022, up from 6.4 million dollars in 2021". English only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from ..text.claims import Claim
from ..text.names import Name
from ..text.numbers import Number, find_numbers
from ..text.terms import ENGLISH, current, terms_of
from .passage import Passage

# A region's sentences: cut after ".!?" and a space (not inside "8.1") and at line breaks.
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+|\n+")


_REPORTING_WORDS = """
hit reach total post record report register log stand stood amount come came achieve generate
earn make made see saw seen count show state
"""
REPORTING = frozenset(map(ENGLISH.stem, _REPORTING_WORDS.split()))
"""Stems of the verbs the anchor may leave out: each reports a figure, none a direction."""


@dataclass(frozen=True, slots=True)
class Anchor:
    """Where the sentence's numbers and key terms stand together."""

    position: int  # the cited passage
    quote: str  # its sentence holding them
    left_out: str  # the sentence's verb it does not hold ("" when none)


def anchor_of(
    claim: Claim,
    passages: list[Passage],
    spans: dict[int, tuple[int, int]],
    missing_numbers: list[Number],
    missing_names: list[Name],
) -> Anchor | None:
    """The first sentence of a cited passage's region (``spans``) stating every number of
    ``claim`` in its order and all its key terms but at most one reporting verb, with one term
    besides; None when there is none or the grounds forbid it (a number or a name missing)."""
    terms = claim.terms
    if not claim.numbers or missing_numbers or missing_names or current() is not ENGLISH:
        return None
    if not terms.keys() - REPORTING:  # no key noun to anchor the numbers to
        return None
    for p in passages:
        span = spans.get(p.position)
        if span is None:
            continue
        for quote in _SENTENCE_END_RE.split(p.text[span[0] : span[1]]):
            held = terms_of(quote)
            left = [t for t in terms if t not in held]
            if len(left) > 1 or (left and left[0] not in REPORTING):
                continue
            if _in_order(quote, claim.numbers):
                return Anchor(p.position, quote.strip(), terms[left[0]] if left else "")
    return None


def _in_order(text: str, numbers: list[Number]) -> bool:
    """Whether ``text`` states ``numbers`` (in digits) one after the other, as the sentence
    does, with no other number between them."""
    said = find_numbers(text)
    at = [next((i for i, n in enumerate(said) if n.stated & wanted.keys), -1) for wanted in numbers]
    return at[0] >= 0 and all(b == a + 1 for a, b in pairwise(at))
