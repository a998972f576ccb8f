"""Citation repair: for an unsupported sentence, the given passages that would support it.

Wrong-passage citations are the commonest real error after missing numbers. Only unsupported
sentences are searched, each passage is indexed once per call (its terms are shared with the
support check), and the work is bounded: per sentence a set intersection with each passage,
then a full support check of the ``_CANDIDATES`` passages sharing the rarest terms, for at most
``MAX_REPAIRED_SENTENCES`` sentences of an answer.
"""

from __future__ import annotations

from ..support.contradiction import find_contradictions
from ..support.model import assess
from ..support.passage import Passage
from ..support.rarity import weight
from ..text.claims import Claim
from ..wording import decimals, listing, passages_phrase, share_phrase
from .report import Suggestion
from .rules import holds

MAX_REPAIRED_SENTENCES = 500
"""Most unsupported sentences of one answer searched for a better passage."""
_CANDIDATES = 3
_MAX_SUGGESTIONS = 2


class Repairer:
    """Suggestions for one call's unsupported sentences, over its passages."""

    def __init__(self, passages: list[Passage], threshold: float) -> None:
        self.passages = passages
        self.threshold = threshold
        self.searched = 0

    def suggest(self, claim: Claim, cited: dict[int, Passage]) -> list[Suggestion]:
        if not claim.terms or self.searched >= MAX_REPAIRED_SENTENCES:
            return []
        self.searched += 1
        ranked = []
        for p in self.passages:
            if p.position in cited:
                continue
            here = p.terms.intersection(claim.terms)
            if here:
                ranked.append((-sum(map(weight, here)), p.position, p))
        ranked.sort(key=lambda r: (r[0], r[1]))
        found = []
        for _, position, p in ranked[:_CANDIDATES]:
            grounds = assess(claim, [p])
            # A contradiction only forbids: a passage that would not hold without one is
            # passed over before the checks are run.
            if not holds(grounds, self.threshold):
                continue
            # A passage saying otherwise is no better citation.
            if find_contradictions(claim.content, 0, claim, grounds):
                continue
            where = passages_phrase([position])
            if p.law and p.article:  # another article of a law: name it as a citation would
                where = f"{p.law}, Article {p.article} ({where})"
            reason = (
                f"{where} would support the sentence (support {decimals(grounds.support)}): "
                f"{share_phrase(len(grounds.covered), len(claim.terms))} are found together there"
            )
            if grounds.found_numbers:
                reason += f", with {listing([n.raw for n in grounds.found_numbers], quote=False)}"
            found.append(Suggestion([position], grounds.support, reason))
        found.sort(key=lambda s: (-s.support, s.evidence))
        return found[:_MAX_SUGGESTIONS]
