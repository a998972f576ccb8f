"""The parts a long answer's page is rendered in: the first PART sentences (or up to the
current sentence), then one part more per "Show more" (htmx, or a plain link without it).

A 9,000-sentence answer rendered whole took 10.9 s and 27 MB of HTML; a part is bounded
whatever the answer's length (`benchmarks/large_answer.py`).
"""

from dataclasses import dataclass

from citations.engine import SentenceDict

PART = 200
"""Sentences rendered at once: the answer text's and the flagged cards among them."""


@dataclass(frozen=True)
class Part:
    """Sentences `start` to `end` (excluded) of an answer of `total`."""

    start: int
    end: int
    total: int

    @property
    def label(self) -> str:
        return f"sentences {self.start + 1} to {self.end} of {self.total:,}"

    def holds(self, index: int) -> bool:
        return self.start <= index < self.end

    def after(self) -> "Part | None":
        """The part that follows, None when this one ends the answer."""
        if self.end >= self.total:
            return None
        return Part(self.end, min(self.end + PART, self.total), self.total)

    def text_span(self, sentences: list[SentenceDict], text: str) -> tuple[int, int]:
        """Where the part's text is: from its first sentence (the answer's start for the
        first part) to the next part's first sentence (the answer's end for the last)."""
        start = sentences[self.start]["start"] if self.start else 0
        end = sentences[self.end]["start"] if self.end < self.total else len(text)
        return start, end


def part_shown(
    total: int, *, cursor: int | None, upto: int | None = None, start: int | None = None
) -> Part:
    """What a page renders: from `start` one part (a "Show more" request); else from the
    first sentence to `upto` (what the reader has loaded), at least one part and always up to
    the part holding the current sentence."""
    if start is not None:
        start = min(max(start, 0), total)
        return Part(start, min(start + PART, total), total)
    end = max(PART, upto or 0)
    if cursor is not None:
        end = max(end, (cursor // PART + 1) * PART)
    return Part(0, min(end, total), total)
