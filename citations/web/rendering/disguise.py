"""The chip's mark for a disguised citation (the predicate: `domain.disguise`)."""

from django.utils.html import format_html
from django.utils.safestring import SafeString

from citations.domain.disguise import disguised

NOTE = "hidden characters removed from this citation"

__all__ = ["NOTE", "disguise_mark", "disguised"]


def disguise_mark(raw: str) -> SafeString | str:
    """The visible mark a disguised citation's chip carries (a dashed frame is its style);
    its words are in the chip's title and screen-reader text."""
    if not disguised(raw):
        return ""
    return format_html('<span class="chip-hidden" aria-hidden="true">{}</span>', "\u2026")
