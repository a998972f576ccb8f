"""Markup for an answer's highlighted text and for evidence passages, built from escaped pieces.

Nothing from an answer or a passage is ever inserted as HTML: every piece of untrusted text goes
through ``format_html``/``conditional_escape``, and only the tags written here are markup. The
answer keeps its shape: blank lines separate paragraphs, single line breaks stay line breaks,
``-``/``*``/``1.`` lines become list items and ``#`` lines headings, the markers themselves being
shown by the list or heading rather than as text.
"""

import bisect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from citations.engine import CitationDict, SentenceDict

_HEADING = re.compile(r"[ \t]{0,3}(#{1,6})[ \t]+")
_BULLET = re.compile(r"[ \t]*([-*+•])[ \t]+")
_ORDERED = re.compile(r"[ \t]*(\d{1,9})[.)][ \t]+")
_LINE = re.compile(r"[^\n]*")
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
    chip: Callable[[int, CitationDict], SafeString]  # markup of its citation n


def render_blocks(
    text: str,
    sentences: Sequence[SentenceDict],
    markup: Callable[[SentenceDict], SentenceMarkup | None],
    window: tuple[int, int] | None = None,
) -> SafeString:
    """The answer as paragraphs, lists and headings, each sentence wrapped by `markup`.

    A sentence running over a line break is wrapped once per line; only its first visible
    fragment carries its id and marker and only its last one the badge after it. `window`:
    only `text[start:end]`, which holds `sentences` whole (one part of a long answer; a
    paragraph it cuts is closed there and opened again in the next part).
    """
    return _AnswerRenderer(text, sentences, [markup(s) for s in sentences], window).render()


class _AnswerRenderer:
    """Cuts the text at sentence and citation bounds into tokens, groups lines into blocks,
    then writes each block's markup: ("open", i) / ("close", i) / ("chip", html) /
    ("html", escaped text) tokens, so only the tags written here are markup."""

    def __init__(
        self,
        text: str,
        sentences: Sequence[SentenceDict],
        looks: list,
        window: tuple[int, int] | None = None,
    ):
        self.text, self.sentences, self.looks = text, sentences, looks
        self.window = window
        self.starts = [s["start"] for s in sentences]
        self.citations = sorted(
            (c["start"], c["end"], i, n)
            for i, s in enumerate(sentences)
            for n, c in enumerate(s["citations"])
            if c["end"] > c["start"]
        )
        self.citation_starts = [c[0] for c in self.citations]
        # The words of a sentence that a cited passage says otherwise (issue 21), marked.
        self.contradicted = sorted(
            {
                tuple(c["sentence_span"])
                for s in sentences
                for c in s.get("contradictions") or ()
                if c["sentence_span"][1] > c["sentence_span"][0]
            }
        )
        self.cuts = sorted(
            {p for s in sentences for p in (s["start"], s["end"])}
            | {p for c in self.citations for p in (c[0], c[1])}
            | {p for span in self.contradicted for p in span}
        )
        self.serial = 0  # fragments of sentences opened so far, in reading order

    def render(self) -> SafeString:
        blocks = self.blocks()
        self.first, self.last = self.fragment_bounds(blocks)
        return mark_safe("\n".join(self.block_html(*block) for block in blocks))

    def sentence_at(self, pos: int) -> int | None:
        i = bisect.bisect_right(self.starts, pos) - 1
        if i >= 0 and self.sentences[i]["start"] <= pos < self.sentences[i]["end"]:
            return i
        return None

    def citation_at(self, pos: int):
        i = bisect.bisect_right(self.citation_starts, pos) - 1
        if i >= 0 and self.citations[i][0] <= pos < self.citations[i][1]:
            return self.citations[i]
        return None

    def is_contradicted(self, pos: int) -> bool:
        return any(s <= pos < e for s, e in self.contradicted)

    def tokens(self, start: int, end: int) -> list[tuple]:
        lo = bisect.bisect_right(self.cuts, start)
        hi = bisect.bisect_left(self.cuts, end)
        points = [start, *self.cuts[lo:hi], end]
        out: list[tuple] = []
        current: int | None = None
        for a, b in pairwise(points):
            if a >= b:
                continue
            index = self.sentence_at(a) if self.looks else None
            if index is not None and self.looks[index] is None:
                index = None
            if index != current:
                if current is not None:
                    out.append(("close", current))
                if index is not None:
                    out.append(("open", index))
                current = index
            citation = self.citation_at(a)
            if citation is not None and index is not None and citation[2] == index:
                if a == citation[0]:
                    n = citation[3]
                    chip = self.looks[index].chip(n, self.sentences[index]["citations"][n])
                    out.append(("chip", chip))
                continue
            piece = conditional_escape(self.text[a:b])
            if index is not None and self.is_contradicted(a):
                piece = format_html('<mark class="contra">{}</mark>', piece)
            out.append(("html", piece))
        if current is not None:
            out.append(("close", current))
        return out

    def blocks(self) -> list[tuple[str, int, list]]:
        """(kind, level, [(line, tokens)]): consecutive lines of one list or paragraph kind
        form one block; a heading is a block of its own."""
        blocks = []
        lines = split_lines(self.text)
        if self.window is not None:
            lines = self.clipped(lines, *self.window)
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
            rows = [(g, self.tokens(g.start, g.end)) for g in group]
            blocks.append((line.kind, line.level, rows))
        return blocks

    def clipped(self, lines: list[Line], start: int, end: int) -> list[Line]:
        """The lines inside text[start:end], cut at its bounds; a piece left with only
        blanks is blank."""
        out = []
        for line in lines:
            if line.end <= start or line.start >= end:
                continue
            a, b = max(line.start, start), min(line.end, end)
            kind = line.kind if self.text[a:b].strip() else "blank"
            out.append(Line(kind, a, b, line.level))
        return out

    @staticmethod
    def fragment_bounds(blocks) -> tuple[dict[int, int], dict[int, int]]:
        """The serial number of each sentence's first and last fragment."""
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
        return first, last

    def block_html(self, kind: str, level: int, rows: list) -> SafeString:
        if kind == "h":
            tag = f"h{min(level + 2, 6)}"  # the page owns h1 and h2
            return format_html('<{} class="ans-h">{}</{}>', tag, self.serialise(rows[0][1]), tag)
        if kind == "p":
            inner = mark_safe("<br>".join(self.serialise(tokens) for _, tokens in rows))
            return format_html('<p class="ans-p">{}</p>', inner)
        items = []
        for line, tokens in rows:
            value = format_html(' value="{}"', line.level) if kind == "ol" else ""
            items.append(format_html("<li{}>{}</li>", value, self.serialise(tokens)))
        return format_html('<{} class="ans-list">{}</{}>', kind, mark_safe("".join(items)), kind)

    def open_tag(self, index: int, open_serial: int) -> tuple[SafeString, str]:
        """A fragment's opening tag, and the marker to glue to its first word (first
        fragment only)."""
        look = self.looks[index]
        is_first = self.first[index] == open_serial
        number = self.sentences[index]["index"]  # in the answer, not in this part
        id_attr = format_html(' id="s-{}"', number) if is_first else ""
        tag = format_html('<span class="{}" data-s="{}"{}>', look.css, number, id_attr)
        return tag, str(look.marker) if is_first and look.marker else ""

    def serialise(self, tokens: list[tuple]) -> SafeString:
        """Tokens to markup. A marker is kept on one line with the sentence's first word, and
        a chip with the punctuation right after it (both are inline blocks, which a line may
        otherwise break beside)."""
        out: list[str] = []
        glue = ""  # a marker or chip waiting for the text that must stay beside it
        open_serial = 0
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
                out.append(glue)
                open_serial = self.serial
                self.serial += 1
                tag, glue = self.open_tag(value, open_serial)
                out.append(tag)
            else:
                out.append(glue)
                glue = ""
                after = self.looks[value].after if self.last[value] == open_serial else ""
                out.append(format_html("{}</span>", after))
        out.append(glue)
        return mark_safe("".join(out))
