"""The words statuses travel as, each with what the dashboard shows for it.

Sentence and citation statuses come from the engine's report; review statuses and decision
actions are stored. Members are `str`s, so they compare equal to the words in reports, JSON
and the database; `choices` gives a model field or form its (value, label) pairs.
"""

from enum import EnumType, StrEnum, nonmember


class _StatusType(EnumType):
    @property
    def choices(cls) -> list[tuple[str, str]]:
        return [(member.value, member.label) for member in cls]

    @property
    def values(cls) -> list[str]:
        return [member.value for member in cls]


class Status(StrEnum, metaclass=_StatusType):
    """A status word with its label and a glyph, so no status is told by colour alone."""

    def __new__(cls, value: str, label: str, icon: str = ""):
        member = str.__new__(cls, value)
        member._value_ = value
        member.label = label
        member.icon = icon
        return member

    # Templates must not call the class (it is callable, as every enum).
    do_not_call_in_templates = nonmember(True)


class SentenceStatus(Status):
    VERIFIED = "verified", "Verified", "✓"
    UNSUPPORTED = "unsupported", "Unsupported", "✕"
    UNCITED = "uncited", "Uncited claim", "?"
    NEUTRAL = "neutral", "Neutral", ""


# The sentences a reviewer decides on.
FLAGGED_STATUSES = frozenset({SentenceStatus.UNSUPPORTED, SentenceStatus.UNCITED})


class CitationStatus(Status):
    """`description` is what a citation chip says of itself; `icon` marks a chip that points
    at nothing in the evidence."""

    VERIFIED = "verified", "Verified", ""
    UNSUPPORTED = "unsupported", "Unsupported", ""
    UNRESOLVED = "unresolved", "Unresolved", "!"
    # A bracket that looks like a citation but cannot be parsed.
    MALFORMED = "malformed", "Malformed", "!"

    @property
    def description(self) -> str:
        return _CITATION_DESCRIPTIONS[self]


_CITATION_DESCRIPTIONS = {
    CitationStatus.VERIFIED: "supports the sentence",
    CitationStatus.UNSUPPORTED: "does not support the sentence",
    CitationStatus.UNRESOLVED: "unresolved: not in the evidence",
    CitationStatus.MALFORMED: "malformed: not a citation that can be read",
}


def shown_citation_status(sentence_status: str, citation_status: str) -> CitationStatus:
    """A citation reads as supporting only inside a verified sentence (a report of engine 1.x
    could call a citation verified in a sentence that a missing number made unsupported)."""
    if citation_status == CitationStatus.VERIFIED and sentence_status != SentenceStatus.VERIFIED:
        return CitationStatus.UNSUPPORTED
    return CitationStatus(citation_status)


class ReviewStatus(Status):
    CLEAN = "clean", "Clean"
    NEEDS_REVIEW = "needs_review", "Needs review"
    APPROVED = "approved", "Approved", "✓"
    REJECTED = "rejected", "Rejected", "✕"
    # An editor sent the whole answer back to its generator with a note.
    RETURNED = "returned", "Returned", "↩"


# A review that is over: nobody holds a claim on such an answer.
COMPLETED_STATUSES = frozenset(
    {ReviewStatus.APPROVED, ReviewStatus.REJECTED, ReviewStatus.RETURNED}
)


class DecisionAction(Status):
    """`label` is the button's verb; `done` says what a decision in force did."""

    APPROVE = "approve", "Approve"
    REJECT = "reject", "Reject"
    RETURN = "return", "Send back to generator"
    # Takes back the reviewer's latest decision on the same target: the one before it (or
    # none) is in force again. Appended like any decision, so the history shows both.
    UNDO = "undo", "Undo"

    @property
    def done(self) -> str:
        return _DECISION_DONE[self]


_DECISION_DONE = {
    DecisionAction.APPROVE: "Approved",
    DecisionAction.REJECT: "Rejected",
    DecisionAction.RETURN: "Sent back",
    DecisionAction.UNDO: "Undone",
}


class RejectReason(Status):
    """Why a reviewer rejected a sentence; `other` needs a note saying what."""

    WRONG_NUMBER = "wrong_number", "Wrong number"
    WRONG_SOURCE = "wrong_source", "Wrong source"
    FABRICATED_CITATION = "fabricated_citation", "Fabricated citation"
    NOT_IN_EVIDENCE = "not_in_evidence", "Not in the evidence"
    OTHER = "other", "Other"
