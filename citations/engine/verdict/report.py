"""The result of a verification: plain dataclasses (and a named tuple) and their JSON form.

The JSON form is typed too (the ``...Dict`` TypedDicts): a stored answer keeps its report as
JSON, so the API, the dashboard and the exports read these dicts, never the dataclasses. A key
marked ``NotRequired`` is one a report stored by an older engine may lack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, NotRequired, TypedDict

from ..support.contradiction.recorded import Contradiction, ContradictionDict

ENGINE_VERSION = "3.20"
"""Changes whenever a verdict could change for the same input."""

SENTENCE_STATUSES = ("verified", "unsupported", "uncited", "neutral")
CITATION_STATUSES = ("verified", "unsupported", "unresolved", "malformed")


class SpanDict(TypedDict):
    evidence: int
    start: int
    end: int


class CitationDict(TypedDict):
    raw: str
    start: int
    end: int
    style: str
    status: str
    evidence: list[int]
    reason: str
    spans: list[SpanDict]
    carried: NotRequired[list[str]]  # from engine 2.0
    unit: NotRequired[dict[str, str] | None]  # from engine 2.1, as `failure`
    failure: NotRequired[str | None]


class SuggestionDict(TypedDict):
    evidence: list[int]
    support: float
    reason: str


class SentenceDict(TypedDict):
    index: int
    start: int
    end: int
    text: str
    status: str
    reason: str
    matched_terms: list[str]
    missing_terms: list[str]
    citations: list[CitationDict]
    support: NotRequired[float | None]  # from engine 2.0, as `signals` and `suggestions`
    signals: NotRequired[dict[str, float] | None]
    suggestions: NotRequired[list[SuggestionDict]]
    contradictions: NotRequired[list[ContradictionDict]]  # after engine 2.3
    decided_by: NotRequired[str | None]  # from engine 3.1 (issue 22), as `summary`, `numbers`
    summary: NotRequired[str]
    numbers: NotRequired[list[str]]


class ReportDict(TypedDict):
    engine: str
    passed: bool
    legal: NotRequired[bool]  # from engine 2.1
    validation_rate: float
    counts: dict[str, int]  # sentence status -> how many
    sentences: list[SentenceDict]


class Span(NamedTuple):
    """Where in passage ``evidence`` (1-based) the best-matching text is: ``text[start:end]``.

    Immutable like the frozen dataclass it was, but a tuple: a long answer makes thousands,
    and a frozen dataclass sets each field through ``object.__setattr__``.
    """

    evidence: int
    start: int
    end: int

    def to_dict(self) -> SpanDict:
        return {"evidence": self.evidence, "start": self.start, "end": self.end}


@dataclass(slots=True)
class CitationResult:
    raw: str
    start: int  # offsets into the answer text
    end: int
    style: str  # "numeric" | "legal"
    status: str  # "verified" | "unsupported" | "unresolved" | "malformed"
    evidence: list[int]  # 1-based positions it resolved to; [] when unresolved or malformed
    reason: str
    spans: list[Span] = field(default_factory=list)
    # The sentence's key terms and numbers its passages carry: carrying some is not supporting
    # (only a citation of a verified sentence is "verified").
    carried: list[str] = field(default_factory=list)
    # A legal citation's unit key {law, article, paragraph, point} (None for a numeric one) and,
    # when it resolves to nothing, the level it fails at: "law", "article", "paragraph", "point".
    unit: dict[str, str] | None = None
    failure: str | None = None

    def to_dict(self) -> CitationDict:
        return {
            "raw": self.raw,
            "start": self.start,
            "end": self.end,
            "style": self.style,
            "status": self.status,
            "evidence": list(self.evidence),
            "reason": self.reason,
            "spans": [span.to_dict() for span in self.spans],
            "carried": list(self.carried),
            "unit": None if self.unit is None else dict(self.unit),
            "failure": self.failure,
        }


@dataclass(slots=True)
class Suggestion:
    """Another given passage that would support an unsupported sentence."""

    evidence: list[int]
    support: float
    reason: str

    def to_dict(self) -> SuggestionDict:
        return {"evidence": list(self.evidence), "support": self.support, "reason": self.reason}


@dataclass(slots=True)
class SentenceResult:
    index: int
    start: int  # text[start:end] is the sentence
    end: int
    text: str
    status: str  # "verified" | "unsupported" | "uncited" | "neutral"
    reason: str
    matched_terms: list[str] = field(default_factory=list)
    missing_terms: list[str] = field(default_factory=list)
    citations: list[CitationResult] = field(default_factory=list)
    # For a cited sentence: the estimate (0 to 1, 3 decimals) that its passages support it, and
    # the named signals it comes from; None for an uncited or neutral one, or when no citation
    # resolves.
    support: float | None = None
    signals: dict[str, float] | None = None
    suggestions: list[Suggestion] = field(default_factory=list)
    # Where a cited passage says otherwise than the sentence: each makes it unsupported.
    contradictions: list[Contradiction] = field(default_factory=list)
    # What decided the status (rules.decided_by): "support" (the score against the cut, either
    # way), "number" or "contradiction" (a veto), "citation" (one that does not resolve or
    # cannot be read); None for an uncited or neutral sentence.
    decided_by: str | None = None
    # The verdict in plain words, the deciding fact first, no score or counts (verdict/summary).
    summary: str = ""
    # The entries of matched_terms and missing_terms that are numbers and not key terms (listed
    # after the key terms; a number word that is a key term, "four", is not among them): the
    # reason's "N of M key terms" counts the other entries.
    numbers: list[str] = field(default_factory=list)

    def to_dict(self) -> SentenceDict:
        return {
            "index": self.index,
            "start": self.start,
            "end": self.end,
            "text": self.text,
            "status": self.status,
            "reason": self.reason,
            "matched_terms": list(self.matched_terms),
            "missing_terms": list(self.missing_terms),
            "numbers": list(self.numbers),
            "citations": [c.to_dict() for c in self.citations],
            "support": self.support,
            "signals": None if self.signals is None else dict(self.signals),
            "suggestions": [s.to_dict() for s in self.suggestions],
            "contradictions": [c.to_dict() for c in self.contradictions],
            "decided_by": self.decided_by,
            "summary": self.summary,
        }


@dataclass(slots=True)
class Report:
    sentences: list[SentenceResult]
    # The answer holds a legal citation, whatever style was asked for (editors decide it).
    legal: bool = False
    engine: str = ENGINE_VERSION
    counts: dict[str, int] = field(init=False)
    passed: bool = field(init=False)
    validation_rate: float = field(init=False)

    def __post_init__(self) -> None:
        counts = dict.fromkeys(SENTENCE_STATUSES, 0)
        for sentence in self.sentences:
            counts[sentence.status] += 1
        self.counts = counts
        self.passed = counts["unsupported"] == 0
        judged = counts["verified"] + counts["unsupported"] + counts["uncited"]
        self.validation_rate = counts["verified"] / judged if judged else 0.0

    def to_dict(self) -> ReportDict:
        return {
            "engine": self.engine,
            "passed": self.passed,
            "legal": self.legal,
            "validation_rate": self.validation_rate,
            "counts": dict(self.counts),
            "sentences": [s.to_dict() for s in self.sentences],
        }
