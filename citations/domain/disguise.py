"""A citation disguised with characters a reader does not see or does not notice: "[5\u200b]"
(a zero-width space), "[5]" in full-width brackets and digit (U+FF3B, U+FF15, U+FF3D). The
engine reads through them and checks "[5]"; the dashboard marks the chip and the metrics count
them, since the text a generator sent is not what the reviewer sees."""

import unicodedata

# Default-ignorable characters outside the format category (Cf): the variation selectors, the
# Hangul fillers, the combining grapheme joiner. The format category covers U+200B-U+200F,
# U+2060-U+2064, U+FEFF, the bidirectional controls and the tags.
_IGNORABLE = frozenset("\u034f\u115f\u1160\u3164\uffa0") | frozenset(
    chr(c) for c in (*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0))
)


def _hidden(ch: str) -> bool:
    if ch in _IGNORABLE or (unicodedata.category(ch) in ("Cf", "Cc") and ch not in "\t\n\r"):
        return True
    # A full-width form (U+FF3B "[", U+FF15 "5") stands for the plain character NFKC turns it into.
    return unicodedata.east_asian_width(ch) == "F" and unicodedata.normalize("NFKC", ch) != ch


def disguised(raw: str) -> bool:
    """Whether the citation's text holds a character the engine read through."""
    return any(_hidden(ch) for ch in raw)
