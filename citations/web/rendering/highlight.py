"""Markup for an answer's highlighted text and for evidence passages, built from escaped pieces.

Nothing from an answer or a passage is ever inserted as HTML: every piece of untrusted text goes
through ``format_html``/``conditional_escape``, and only the tags written here are markup. The
answer keeps its shape: blank lines separate paragraphs, single line breaks stay line breaks,
``-``/``*``/``1.`` lines become list items and ``#`` lines headings, the markers themselves being
shown by the list or heading rather than as text.
"""

import bisect
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

_HEADING = re.compile(r"[ \t]{0,3}(#{1,6})[ \t]+")
_BULLET = re.compile(r"[ \t]*([-*+•])[ \t]+")
_ORDERED = re.compile(r"[ \t]*(\d{1,9})[.)][ \t]+")
_LINE = re.compile(r"[^\n]*")
_MAX_TERMS = 200
_LEAD = re.compile(r"[^\s<]+")


@dataclass(frozen=True)
class Line:
    kind: str  # "p", "h", "ul", "ol", "blank"
    start: int  # offset of the content, markers excluded
    end: int
    level: int = 0  # heading level, or the number of an ordered item


def split_lines(text: str) -> list[Line]:
    lines = []
    for match in _LINE.finditer(text):
        start, end = match.span()
        if start == end and start > 0 and text[start - 1 : start] != "\n":
            continue  # finditer's empty match right after a non-empty line
        if end > start and text[end - 1] == "\r":
            end -= 1
        content = text[start:end]
        if not content.strip():
            lines.append(Line("blank", start, end))
            continue
        if m := _HEADING.match(content):
            lines.append(Line("h", start + m.end(), end, len(m.group(1))))
        elif m := _BULLET.match(content):
            lines.append(Line("ul", start + m.end(), end))
        elif m := _ORDERED.match(content):
            lines.append(Line("ol", start + m.end(), end, int(m.group(1))))
        else:
            lines.append(Line("p", start, end))
    return lines


@dataclass(frozen=True)
class SentenceMarkup:
    """How one sentence looks inline: its classes, its evidence link, its decision badge."""

    css: str
    marker: SafeString  # placed before the sentence's first character
    after: SafeString  # placed after its last character
    chip: Callable[[int, dict], SafeString]  # markup of its citation n


def render_blocks(
    text: str,
    sentences: Sequence[dict],
    markup: Callable[[dict], SentenceMarkup | None],
) -> SafeString:
    """The answer as paragraphs, lists and headings, each sentence wrapped by `markup`.

    A sentence running over a line break is wrapped once per line; only its first visible
    fragment carries its id and marker and only its last one the badge after it.
    """
    looks = [markup(s) for s in sentences]
    starts = [s["start"] for s in sentences]
    citations = sorted(
        (c["start"], c["end"], i, n)
        for i, s in enumerate(sentences)
        for n, c in enumerate(s["citations"])
        if c["end"] > c["start"]
    )
    citation_starts = [c[0] for c in citations]
    cuts = sorted(
        {p for s in sentences for p in (s["start"], s["end"])}
        | {p for c in citations for p in (c[0], c[1])}
    )

    def sentence_at(pos: int) -> int | None:
        i = bisect.bisect_right(starts, pos) - 1
        if i >= 0 and sentences[i]["start"] <= pos < sentences[i]["end"]:
            return i
        return None

    def citation_at(pos: int):
        i = bisect.bisect_right(citation_starts, pos) - 1
        if i >= 0 and citations[i][0] <= pos < citations[i][1]:
            return citations[i]
        return None

    # Tokens: ("open", i) / ("close", i) / ("html", str); blocks hold their tokens.
    def tokens_for(start: int, end: int) -> list[tuple]:
        lo = bisect.bisect_right(cuts, start)
        hi = bisect.bisect_left(cuts, end)
        points = [start, *cuts[lo:hi], end]
        out: list[tuple] = []
        current: int | None = None
        for a, b in pairwise(points):
            if a >= b:
                continue
            index = sentence_at(a) if looks else None
            if index is not None and looks[index] is None:
                index = None
            if index != current:
                if current is not None:
                    out.append(("close", current))
                if index is not None:
                    out.append(("open", index))
                current = index
            citation = citation_at(a)
            if citation is not None and index is not None and citation[2] == index:
                if a == citation[0]:
                    n = citation[3]
                    chip = looks[index].chip(n, sentences[index]["citations"][n])
                    out.append(("chip", chip))
                continue
            out.append(("html", conditional_escape(text[a:b])))
        if current is not None:
            out.append(("close", current))
        return out

    blocks: list[tuple[str, int, list]] = []  # (kind, level, [tokens per line])
    lines = split_lines(text)
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.kind == "blank":
            i += 1
            continue
        group = [line]
        i += 1
        if line.kind != "h":
            while i < len(lines) and lines[i].kind == line.kind:
                group.append(lines[i])
                i += 1
        blocks.append((line.kind, line.level, [(g, tokens_for(g.start, g.end)) for g in group]))

    first: dict[int, int] = {}
    last: dict[int, int] = {}
    serial = 0
    for _, _, rows in blocks:
        for _, tokens in rows:
            for kind, value in tokens:
                if kind == "open":
                    first.setdefault(value, serial)
                    last[value] = serial
                    serial += 1

    serial = 0

    def serialise(tokens: list[tuple]) -> SafeString:
        """Tokens to markup. A marker is kept on one line with the sentence's first word, and
        a chip with the punctuation right after it (both are inline blocks, which a line may
        otherwise break beside)."""
        nonlocal serial
        out: list[str] = []
        glue = ""  # a marker or chip waiting for the text that must stay beside it
        open_serial = 0

        def flush():
            nonlocal glue
            if glue:
                out.append(glue)
                glue = ""

        for kind, value in tokens:
            if kind in ("html", "chip"):
                piece = str(value)
                if glue:
                    # Escaped text holds no whitespace inside an entity: splitting is safe.
                    lead = _LEAD.match(piece) if kind == "html" else None
                    cut = lead.end() if lead else (len(piece) if kind == "chip" else 0)
                    if cut:
                        out.append(f'<span class="glue">{glue}{piece[:cut]}</span>')
                        piece = piece[cut:]
                    else:
                        out.append(glue)
                    glue = ""
                if kind == "chip":
                    glue = piece
                elif piece:
                    out.append(piece)
            elif kind == "open":
                flush()
                open_serial = serial
                serial += 1
                look = looks[value]
                is_first = first[value] == open_serial
                id_attr = format_html(' id="s-{}"', value) if is_first else ""
                out.append(
                    format_html(
                        '<span class="{}" data-s="{}"{}>',
                        look.css,
                        sentences[value]["index"],
                        id_attr,
                    )
                )
                if is_first and look.marker:
                    glue = str(look.marker)
            else:
                if glue and kind == "close":
                    flush()
                after = looks[value].after if last[value] == open_serial else ""
                out.append(format_html("{}</span>", after))
        flush()
        return mark_safe("".join(out))

    html: list[str] = []
    for kind, level, rows in blocks:
        if kind == "h":
            tag = f"h{min(level + 2, 6)}"  # the page owns h1 and h2
            html.append(format_html('<{} class="ans-h">{}</{}>', tag, serialise(rows[0][1]), tag))
        elif kind == "p":
            inner = mark_safe("<br>".join(serialise(tokens) for _, tokens in rows))
            html.append(format_html('<p class="ans-p">{}</p>', inner))
        else:
            items = []
            for line, tokens in rows:
                value = format_html(' value="{}"', line.level) if kind == "ol" else ""
                items.append(format_html("<li{}>{}</li>", value, serialise(tokens)))
            html.append(
                format_html('<{} class="ans-list">{}</{}>', kind, mark_safe("".join(items)), kind)
            )
    return mark_safe("\n".join(html))


def term_pattern(terms: Iterable[str]) -> re.Pattern | None:
    """Matches the start of any word beginning with a matched term (terms may be stems)."""
    cleaned = sorted({t.strip() for t in terms if t and t.strip()}, key=len, reverse=True)
    cleaned = cleaned[:_MAX_TERMS]
    if not cleaned:
        return None
    return re.compile(
        r"(?<!\w)(?:" + "|".join(re.escape(t) for t in cleaned) + r")\w*", re.IGNORECASE
    )


def mark_passage(
    text: str, spans: Iterable[tuple[int, int]] = (), terms: Iterable[str] = ()
) -> SafeString:
    """A passage with the best-matching span(s) in <mark> and the matched terms in <b>."""
    length = len(text)
    span_list = _merge((max(0, s), min(length, e)) for s, e in spans)
    pattern = term_pattern(terms)
    term_hits = [m.span() for m in pattern.finditer(text)] if pattern is not None else []
    cuts = {0, length}
    for s, e in (*span_list, *term_hits):
        cuts.update((s, e))
    points = sorted(cuts)
    span_starts = [s for s, _ in span_list]
    hit_starts = [s for s, _ in term_hits]

    out = []
    in_span_before = False
    for a, b in pairwise(points):
        if a >= b:
            continue
        piece = conditional_escape(text[a:b])
        if _inside(a, hit_starts, term_hits):
            piece = format_html('<b class="term">{}</b>', piece)
        in_span = _inside(a, span_starts, span_list)
        if in_span and not in_span_before:
            out.append('<mark class="best">')
        if not in_span and in_span_before:
            out.append("</mark>")
        in_span_before = in_span
        out.append(piece)
    if in_span_before:
        out.append("</mark>")
    return mark_safe("".join(out))


def _merge(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for s, e in sorted(sp for sp in spans if sp[1] > sp[0]):
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    return merged


def _inside(pos: int, starts: list[int], ranges: list[tuple[int, int]]) -> bool:
    i = bisect.bisect_right(starts, pos) - 1
    return i >= 0 and ranges[i][0] <= pos < ranges[i][1]
