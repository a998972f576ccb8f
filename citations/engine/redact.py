"""Redaction: a new text with flagged sentences marked or removed; the input is never changed."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from .errors import RejectedInput
from .text.lexicon import MARKER_RE as _MARKER_RE
from .verdict.report import Report

REDACT_MODES = ("keep", "strip", "drop")
PLACEHOLDER = "[Data not available]"
FLAGGED_STATUSES = frozenset({"unsupported", "uncited"})


def redact(
    text: str,
    report: Report | Mapping[str, Any],
    mode: str,
    *,
    flagged: Collection[int] | None = None,
) -> str:
    """``keep`` returns the text as it is; ``strip`` replaces each flagged sentence with
    ``[Data not available]``; ``drop`` removes it (with the spacing it leaves behind).

    ``report`` is a :class:`Report` or its ``to_dict()`` form (as stored). ``flagged`` are the
    sentence indices to treat as removed; by default the unsupported and uncited ones.
    """
    if mode not in REDACT_MODES:
        raise RejectedInput(f"mode must be one of {', '.join(REDACT_MODES)}, not {mode!r}")
    if not isinstance(text, str):
        raise RejectedInput(f"text must be a string, not {type(text).__name__}")
    sentences = _sentences(report)
    if mode == "keep":
        return text
    chosen = (
        {s[0] for s in sentences if s[3] in FLAGGED_STATUSES} if flagged is None else set(flagged)
    )
    removed: list[tuple[int, int, int]] = []  # (start, end, marker length kept by strip)
    pos = 0
    for index, start, end, _status, sentence_text in sentences:
        if not 0 <= pos <= start <= end <= len(text) or (
            sentence_text is not None and text[start:end] != sentence_text
        ):
            raise RejectedInput("the report does not belong to this text (sentence offsets differ)")
        pos = end
        if index in chosen:
            removed.append((start, end, _marker_length(text, start, end)))
    if mode == "strip":
        pieces: list[str] = []
        pos = 0
        for start, end, marker in removed:
            pieces.append(text[pos : start + marker])
            pieces.append(PLACEHOLDER)
            pos = end
        pieces.append(text[pos:])
        return "".join(pieces)
    return _drop(text, removed)


def _marker_length(text: str, start: int, end: int) -> int:
    """Length of a list marker or heading mark that strip keeps (``- ``, ``1. ``, ``## ``)."""
    m = _MARKER_RE.match(text, start, end)
    return m.end() - start if m else 0


def _drop(text: str, removed: list[tuple[int, int, int]]) -> str:
    """Remove each span with the blanks after it; a line the removal leaves blank goes too."""
    cuts: list[tuple[int, int]] = []
    for start, end, _marker in removed:
        while end < len(text) and text[end] in " \t":
            end += 1
        cuts.append((start, end))
    out: list[str] = []
    k = 0
    line_start = 0
    n = len(text)
    while line_start < n:
        newline = text.find("\n", line_start)
        line_end = n if newline < 0 else newline + 1
        while k < len(cuts) and cuts[k][1] <= line_start:
            k += 1
        parts: list[str] = []
        pos = line_start
        j = k
        while j < len(cuts) and cuts[j][0] < line_end:
            start, end = cuts[j]
            if start > pos:
                parts.append(text[pos:start])
            pos = max(pos, end)
            j += 1
        if pos < line_end:
            parts.append(text[pos:line_end])
        line = "".join(parts)
        if j > k:  # a removal touched this line
            if line.strip():
                out.append(line.rstrip() + ("\n" if line.endswith("\n") else ""))
        else:
            out.append(line)
        line_start = line_end
    result = "".join(out)
    return result if text.endswith("\n") else result.rstrip("\n")


def _sentences(report: Report | Mapping[str, Any]) -> list[tuple[int, int, int, str, str | None]]:
    if isinstance(report, Report):
        return [(s.index, s.start, s.end, s.status, s.text) for s in report.sentences]
    if not isinstance(report, Mapping) or not isinstance(report.get("sentences"), list):
        raise RejectedInput("report must be a Report or its to_dict() form with a 'sentences' list")
    out = []
    for i, s in enumerate(report["sentences"]):
        try:
            index, start, end, status = s["index"], s["start"], s["end"], s["status"]
        except (KeyError, TypeError):
            raise RejectedInput(f"report sentence {i} lacks index, start, end or status") from None
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (index, start, end)):
            raise RejectedInput(f"report sentence {i}: index, start and end must be integers")
        sentence_text = s.get("text")
        out.append(
            (index, start, end, status, sentence_text if isinstance(sentence_text, str) else None)
        )
    out.sort(key=lambda s: s[1])
    return out
