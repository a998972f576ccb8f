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

MAX_CITATIONS_PER_SENTENCE = 64
"""Most citations in one sentence (each is compared with all of the sentence's words)."""

MAX_CITATION_LINKS = 10_000
"""Most (sentence, cited passage) pairs in one answer: ``[1-200]`` in one sentence is 200.
Support is checked for each pair, so this bounds the work whatever the text."""

STYLES = ("auto", "numeric", "legal")
"""Accepted values of ``verify(style=...)``."""
