"""Input limits. Anything larger is refused with a ValueError that names the limit.

The API reuses these constants so a request is refused before it reaches the engine.
"""

MAX_TEXT_CHARS = 100_000
"""Longest answer text accepted, in characters."""

MAX_PASSAGES = 200
"""Most evidence passages accepted in one call."""

MAX_PASSAGE_CHARS = 50_000
"""Longest single passage text accepted, in characters."""

MAX_FIELD_CHARS = 2_000
"""Longest value of an evidence field other than ``text`` (id, title, law, article, url)."""

STYLES = ("auto", "numeric", "legal")
"""Accepted values of ``verify(style=...)``."""
