"""Where a contradiction check reads: the region the support search found, widened to the
whole sentences it cuts (and to a list's first line when a sentence runs the list together)."""

from __future__ import annotations

import re

MAX_REGION_CHARS = 3_000
_WIDEN = 300
_SENTENCE_END_RE = re.compile(r"[.!?](?=\s+[A-Z\"'(\u201c]|\s*$)|(?<!:)\n")


def whole_sentences(text: str, start: int, end: int) -> tuple[int, int]:
    """The region widened to the sentences it cuts: its segments end at every full stop, and
    "i.e." or "No. 1" are no sentence's end. At most ``_WIDEN`` characters each way, and
    ``MAX_REGION_CHARS`` in all."""
    start = _sentence_start(text, start)
    first_item = _list_start(text, start)
    if first_item is not None:
        start = _sentence_start(text, first_item)
    after = _SENTENCE_END_RE.search(text, end, min(len(text), end + _WIDEN))
    if after is not None and end < len(text):
        end = after.start() + 1
    return start, min(end, start + MAX_REGION_CHARS)


def _sentence_start(text: str, start: int) -> int:
    """Where the sentence holding ``text[start]`` starts, looking back at most ``_WIDEN``."""
    ends = [m.end() for m in _SENTENCE_END_RE.finditer(text, max(0, start - _WIDEN), start)]
    if ends:
        return len(text) - len(text[ends[-1] :].lstrip()) if ends[-1] < start else start
    return 0 if start <= _WIDEN else start


def _list_start(text: str, start: int) -> int | None:
    """The first line of the list whose line ``start`` begins, if it begins one of a list's
    later lines: a sentence running the list together ("include a rise ..., a loss ...")
    speaks of each line, so the region reads them all from the first (which the line ending
    in a colon opens). None when the lines between end as sentences do, or none opens."""
    if not start or text[start - 1] != "\n":
        return None
    head = text.rfind(":\n", max(0, start - _WIDEN), start)
    if head < 0:
        return None
    items = text[head + 2 : start].splitlines()
    if any(_SENTENCE_END_RE.search(line.rstrip() + " ") for line in items):
        return None
    return head + 2
