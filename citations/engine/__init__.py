"""The verification engine: pure Python, deterministic, no Django.

>>> report = verify("Staff get 30 days of leave [1].", [{"text": "Staff get 30 days of leave."}])
>>> report.passed, report.sentences[0].status
(True, 'verified')
"""

from .core import verify
from .errors import RejectedInput
from .evidence import MAX_ALIASES
from .limits import (
    MAX_CITATION_LINKS,
    MAX_CITATIONS_PER_SENTENCE,
    MAX_FIELD_CHARS,
    MAX_PASSAGE_CHARS,
    MAX_PASSAGES,
    MAX_TEXT_CHARS,
    STYLES,
)
from .redact import PLACEHOLDER, REDACT_MODES, redact
from .support.model import DEFAULT_THRESHOLD
from .verdict.report import (
    CITATION_STATUSES,
    ENGINE_VERSION,
    SENTENCE_STATUSES,
    CitationDict,
    CitationResult,
    ContradictionDict,
    Report,
    ReportDict,
    SentenceDict,
    SentenceResult,
    Span,
    SpanDict,
    Suggestion,
    SuggestionDict,
)
from .verdict.rules import DECIDERS, MIN_CLAIM_WORDS

__all__ = [
    "CITATION_STATUSES",
    "DECIDERS",
    "DEFAULT_THRESHOLD",
    "ENGINE_VERSION",
    "MAX_ALIASES",
    "MAX_CITATIONS_PER_SENTENCE",
    "MAX_CITATION_LINKS",
    "MAX_FIELD_CHARS",
    "MAX_PASSAGES",
    "MAX_PASSAGE_CHARS",
    "MAX_TEXT_CHARS",
    "MIN_CLAIM_WORDS",
    "PLACEHOLDER",
    "REDACT_MODES",
    "SENTENCE_STATUSES",
    "STYLES",
    "CitationDict",
    "CitationResult",
    "ContradictionDict",
    "RejectedInput",
    "Report",
    "ReportDict",
    "SentenceDict",
    "SentenceResult",
    "Span",
    "SpanDict",
    "Suggestion",
    "SuggestionDict",
    "redact",
    "verify",
]
