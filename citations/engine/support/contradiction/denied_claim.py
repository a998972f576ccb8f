"""Negation: the region denies in words a claim the sentence makes ("The minister resigned"
against "The minister denied that she would resign", "The company will open a plant in Ohio"
against "The company denied reports that it will open a plant in Ohio").

"Denied", "rejected" or "refuted", verbs (not the noun "denial") and not negated themselves,
then "that" or "reports that" ("claims", "allegations", ...), deny the clause after it: its first
``_CLAIM_WORDS`` content words, and, where that clause opens with a pronoun, the word its
subject stands for, the last content word before the denial ("The minister denied that she
..."). The sentence contradicts it when it asserts every one of them, two at least, and does
not speak of the denial itself. Quoted: the sentence from the first of those words to the last;
the region from the denial to the clause's last word read.
"""

from __future__ import annotations

import re

from ...text.terms import stem
from ...text.words import Word
from .found import Found
from .near import first_asserted, keys_of, said_whole
from .polarity import polarity

# The verbs' forms that deny. ("Dispute" and "dismiss" are left out: their nouns fill legal
# texts, "disputes that arise", "dismissal", and each passage holding one costs a test.)
_DENYING_TEXT = """
deny denies denied denying rejects rejected rejecting refutes refuted refuting
"""
DENYING = frozenset(_DENYING_TEXT.split())
TEST_STEMS = frozenset(map(stem, DENYING))  # a passage's key terms holding none: no denial
_REPORTS_TEXT = "reports claims allegations suggestions rumours rumors speculation"
_REPORTS = frozenset(_REPORTS_TEXT.split())
_PRONOUNS = frozenset(("he", "she", "it", "they", "we"))
_CLAIM_WORDS = 4
_MIN_SAID = 2
# The cheap test of a region: a denial before "that"
_DENIAL_RE = re.compile(
    rf"(?i)\b(?:{'|'.join(sorted(DENYING))})\s+(?:(?:{'|'.join(sorted(_REPORTS))})\s+)?that\b"
)


def may_find(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` (a region) may deny a claim in words."""
    return _DENIAL_RE.search(text, start, end) is not None


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    # (a passage may say "rejected" often: only a denial before "that" is read further)
    spots = [
        (j, that)
        for j, w in enumerate(region_words)
        if w.folded in DENYING and (that := _that_after(region_words, j)) > 0
    ]
    if not spots or not DENYING.isdisjoint(w.folded for w in sentence_words):
        return []  # (the sentence speaking of the denial: the negation check reads the two)
    s_pol = polarity(sentence, sentence_words)
    asserted = first_asserted(keys_of(sentence_words), s_pol.negated)
    r_keys = keys_of(region_words)
    r_pol = polarity(region, region_words)
    found = []
    for j, that in spots:
        if r_pol.negated[j]:
            continue
        word = region_words[j]
        claim = _claim(region_words, r_keys, r_pol.clause, j, that)
        said = said_whole([r_keys[k] for k in claim], asserted, _MIN_SAID)
        if said is None:
            continue
        s_start, s_end = sentence_words[said[0]].start, sentence_words[said[1]].end
        found.append(Found("negation", s_start, s_end, word.start, region_words[max(claim)].end))
    return found


def _that_after(words: list[Word], j: int) -> int:
    """The "that" right after the denial at ``j`` or after its "reports"; -1 when none."""
    for k in (j + 1, j + 2):
        if k < len(words) and words[k].folded == "that":
            return k
        if k < len(words) and words[k].folded not in _REPORTS:
            return -1
    return -1


def _claim(words: list[Word], keys: list[str], clause: list[int], j: int, that: int) -> list[int]:
    """The denied clause's first content words and, when it opens with a pronoun, its
    subject's: the last content word before the denial, in the denial's clause."""
    after = [k for k in range(that + 1, len(words)) if clause[k] == clause[that]]
    claim = [k for k in after if keys[k]][:_CLAIM_WORDS]
    if after and words[after[0]].folded in _PRONOUNS:
        subject = next((k for k in range(j - 1, -1, -1) if keys[k]), -1)
        if subject >= 0 and clause[subject] == clause[j]:
            claim.insert(0, subject)
    return claim
