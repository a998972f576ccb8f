"""Word lists and patterns shared by the claim analysis, the passages and the redaction.

Kept apart so that the modules using them do not import each other (a passage needs the
negation pattern, a claim needs the passages' type, redaction needs the list-marker pattern).
"""

from __future__ import annotations

import re

NEGATION_RE = re.compile(
    r"(?<!\w)(?:not|never|no(?![.\w])|none|nobody|nothing|nowhere|neither|nor|cannot|without"
    r"|nicht|kein\w*|nie|niemals|jamais|aucun\w*|nunca|ningun\w*|ningún|nadie"
    r"|ليس|ليست|لم|لن|لا|غير)(?!\w)|n['\u2019]t(?!\w)"
)
_NEGATION_WORDS_TEXT = """
not never none nobody nothing nowhere neither nor cannot without nicht kein keine keinen
keiner keines keinem nie niemals jamais aucun aucune nunca ningún ninguna ninguno nadie
ليس ليست لم لن لا غير
"""
NEGATION_WORDS = frozenset(_NEGATION_WORDS_TEXT.split())
NOT_ONLY_RE = re.compile(r"(?i)(?:\bnot|n['\u2019]t)\s+(?:only|just|merely)\b")
NO_RE = re.compile(r"(?<!\w)no(?![.\w])", re.IGNORECASE)  # not "No. 1"

MARKER_RE = re.compile(r"\s*(?:#{1,6}|>+|[-*+•‣◦▪]|\d{1,3}[.)]|[a-zA-Z][.)]|\|)[ \t]+")
"""A list marker or heading mark at the start of a line (``- ``, ``1. ``, ``## ``, ``> ``)."""
