"""Word lists and patterns shared by the claim analysis, the passages and the redaction.

Kept apart so that the modules using them do not import each other (a passage needs the ASCII
token pattern, a claim needs the passages' type, redaction needs the list-marker pattern).
"""

from __future__ import annotations

import re

ASCII_TOKEN_RE = re.compile(r"\w+", re.ASCII)
"""``terms.TOKEN_RE``'s tokens in ASCII text (its marks are all beyond ASCII), found faster: a
plain character set instead of a Unicode category and hundreds of ranges."""

# Every byte but those of [A-Za-z0-9_] made a space.
_ASCII_WORD_RUNS = bytes(
    b if chr(b).isascii() and (chr(b).isalnum() or chr(b) == "_") else 32 for b in range(256)
)


def ascii_word_runs(text: str) -> list[str]:
    """``ASCII_TOKEN_RE.findall(text)`` for an ASCII ``text``, in fewer instructions: one
    ``bytes.translate`` then ``split``. ``str.translate`` looks every character up in its table
    as a Python object: 150 instructions a character where this takes a few (20 x 10: the
    language sample, the sentences)."""
    return text.encode().translate(_ASCII_WORD_RUNS).decode().split()


MARKER_RE = re.compile(r"\s*(?:#{1,6}|>+|[-*+•‣◦▪]|\d{1,3}[.)]|[a-zA-Z][.)]|\|)[ \t]+")
"""A list marker or heading mark at the start of a line (``- ``, ``1. ``, ``## ``, ``> ``)."""

_HONORIFICS_TEXT = """
dr prof mr mrs ms mx mme mlle mmes herr frau hr sir dame lord lady rev fr sr sra srta dott ing
"""
HONORIFICS = frozenset(_HONORIFICS_TEXT.split())
"""Titles before a name ("Dr.", "Prof.", "Mme", "Herr"): never a name the passages must hold."""

_GENERIC_SUBJECTS = ("it", "there", "this", "that", "these", "those", "they")
_GENERIC_ADVERBS = (
    "in",  # "in general", "in summary", ...
    "overall",
    "generally",
    "typically",
    "ultimately",
    "additionally",
    "furthermore",
    "however",
)
GENERIC_OPENER_RE = re.compile(
    rf"\s*(?:(?:{'|'.join(_GENERIC_SUBJECTS)})\s+(?:is|are|was|were|has|have|had|can"
    r"|could|may|might|will|would|should|seems?)\b|(?:in\s+(?:general|summary|conclusion|short)"
    rf"|{'|'.join(_GENERIC_ADVERBS[1:])})\b)",
    re.IGNORECASE,
)
"""A sentence opening that states nothing by itself ("It is", "There are", "Overall")."""
GENERIC_FIRST_WORDS = frozenset(_GENERIC_SUBJECTS + _GENERIC_ADVERBS)
"""The first word of every match of ``GENERIC_OPENER_RE``, lower case: in ASCII text (where
ignoring case is plain lower-casing) a sentence whose first token is none of them opens with
no generic phrase."""

FILLER_RE = re.compile(
    r"\s*it\s+is\s+(?:also\s+)?(?:important|worth|essential|crucial|interesting)\s+"
    r"(?:to\s+(?:note|remember|mention|understand|recogni[sz]e)|noting|mentioning|remembering)"
    r"\s+(?:that\s+)?|\s*it\s+should\s+(?:also\s+)?be\s+noted\s+(?:that\s+)?",
    re.IGNORECASE,
)
"""An opening that only announces the claim ("It is important to note that", "It is worth
noting that"): its words are no key terms, which no passage states. Opens with "it", one of
``GENERIC_FIRST_WORDS``."""
