"""The region denies the evidence for what the sentence asserts: "Coffee causes cancer" against
"There is no evidence that coffee causes cancer", "coffee increases the risk of cancer" against
"The study found no link between coffee and cancer".

A cue whose first words name evidence ("no evidence", "did not find any proof", "no link")
denies the claim after its "that", "of", "for" or "between": the negation check counts a
region's cue on the word it denies first alone, the evidence, which such a sentence does not
say. The sentence contradicts it when it asserts every content word the cue covers past that
word, two at least (one is no claim: "no evidence of fraud" says nothing against "the audit
examined fraud"), and does not speak of the evidence itself (then the negation check reads
the two). Quoted: the sentence from the first of those words to the last; the region from
the cue to its last covered word.
"""

from __future__ import annotations

from ...text.terms import stem
from ...text.words import Word
from .found import Found
from .near import first_asserted, keys_of, said_whole
from .polarity import HAS_OR_BE, SCOPE, polarity

_EVIDENCE_TEXT = """
evidence proof sign signs indication indications link links association correlation connection
"""
_EVIDENCE = frozenset(map(stem, _EVIDENCE_TEXT.split()))
TEST_STEMS = _EVIDENCE  # a passage's key terms holding none: the reading finds nothing
_OF_A_CLAIM = frozenset(("that", "of", "for", "between"))
_BEFORE_EVIDENCE = 3  # covered words from the cue to the evidence ("did not find any proof")
_MIN_SAID = 2


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    s_keys = keys_of(sentence_words)
    if not _EVIDENCE.isdisjoint(s_keys):
        return []  # the sentence speaks of the evidence: the negation check reads it
    r_pol = polarity(region, region_words)
    r_keys = keys_of(region_words)
    s_pol = polarity(sentence, sentence_words)
    asserted = first_asserted(s_keys, s_pol.negated)
    found = []
    for first, last in r_pol.cues:
        ahead = range(last + 1, min(len(region_words), last + 1 + 4 * SCOPE))
        covered = [k for k in ahead if r_pol.cue[k] == first]
        claim = _claim(region_words, r_keys, covered)
        said = said_whole([r_keys[k] for k in claim], asserted, _MIN_SAID)
        if said is None:
            continue
        s_start, s_end = sentence_words[said[0]].start, sentence_words[said[1]].end
        r_start, r_end = region_words[first].start, region_words[claim[-1]].end
        found.append(Found("negation", s_start, s_end, r_start, r_end))
    return found


def _claim(words: list[Word], keys: list[str], covered: list[int]) -> list[int]:
    """The content words a cue covers past the evidence it denies and its "that" (or "of",
    "for", "between"); none when its first words name no evidence."""
    evidence = next(
        (n for n, k in enumerate(covered[:_BEFORE_EVIDENCE]) if keys[k] in _EVIDENCE), -1
    )
    if evidence < 0:
        return []
    rest = covered[evidence + 1 :]
    if not rest or words[rest[0]].folded not in _OF_A_CLAIM:
        return []
    if words[rest[0]].folded != "that":
        # after "of", "for" or "between" the claim is a phrase: a verb after it says what
        # became of the evidence ("no evidence of fraud was presented"), not of the claim
        end = next((n for n, k in enumerate(rest) if words[k].folded in HAS_OR_BE), len(rest))
        rest = rest[:end]
    return [k for k in rest[1:] if keys[k]]
