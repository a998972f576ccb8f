"""A contradiction as the report records it: where each side says it, in the answer's and
the passage's own offsets, with both quotes; and which of a sentence's are kept."""

from __future__ import annotations

import re
from typing import NamedTuple, TypedDict

from ..passage import Passage
from .found import KINDS, Found

MAX_PER_SENTENCE = 3


class ContradictionDict(TypedDict):
    """Where a sentence says the opposite of its passage: ``[start, end]`` spans into the
    sentence and into passage ``evidence``, with the two texts they cut out."""

    kind: str
    sentence_span: list[int]
    evidence: int
    passage_span: list[int]
    sentence_text: str
    passage_text: str


class Contradiction(NamedTuple):
    """Where the sentence says what its cited passage's region says otherwise."""

    kind: str  # one of found.KINDS
    sentence_span: tuple[int, int]  # offsets into the answer text
    evidence: int  # the passage's position (1-based)
    passage_span: tuple[int, int]  # offsets into the passage text
    sentence_text: str  # the sentence's words: "was not completed"
    passage_text: str  # the passage's words: "was completed"

    def to_dict(self) -> ContradictionDict:
        return {
            "kind": self.kind,
            "sentence_span": list(self.sentence_span),
            "evidence": self.evidence,
            "passage_span": list(self.passage_span),
            "sentence_text": self.sentence_text,
            "passage_text": self.passage_text,
        }


def record(f: Found, sentence: str, offset: int, p: Passage, start: int) -> Contradiction:
    s_end = _number_end(sentence, f.sentence_end)
    r_end = _number_end(p.text, start + f.region_end)
    return Contradiction(
        f.kind,
        (offset + f.sentence_start, offset + s_end),
        p.position,
        (start + f.region_start, r_end),
        " ".join(sentence[f.sentence_start : s_end].split()),
        " ".join(p.text[start + f.region_start : r_end].split()),
    )


_NUMBER_TAIL_RE = re.compile(r"(?:[.,]\d+)+")


def _number_end(text: str, end: int) -> int:
    """``end``, past the rest of a number a span stops inside: the words cut "5,000" at its
    comma, and a quote of "may not exceed 5" misreads the sum."""
    if not (end and text[end - 1].isdigit()):
        return end
    tail = _NUMBER_TAIL_RE.match(text, end)
    return tail.end() if tail else end


def kept(found: list[Contradiction]) -> list[Contradiction]:
    """In sentence order, then kind (``KINDS``) and passage; one per stretch of the sentence
    (the first: another passage, or kind, saying it again adds nothing), at most
    ``MAX_PER_SENTENCE``."""
    found.sort(key=lambda c: (c.sentence_span, KINDS.index(c.kind), c.evidence, c.passage_span))
    out: list[Contradiction] = []
    for c in found:
        if any(_overlap(c.sentence_span, k.sentence_span) for k in out):
            continue
        out.append(c)
        if len(out) == MAX_PER_SENTENCE:
            break
    return out


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]
