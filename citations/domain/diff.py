"""Sentence-level difference between two revisions of an answer, from their reports."""

from dataclasses import dataclass
from difflib import SequenceMatcher


@dataclass(frozen=True)
class DiffRow:
    kind: str  # "same" | "removed" | "added"
    old: dict | None  # the sentence of the previous revision's report
    new: dict | None  # the sentence of this revision's report


def sentence_diff(old_report: dict, new_report: dict) -> list[DiffRow]:
    """Rows in reading order: unchanged sentences once, a changed one as removed then added."""
    old, new = old_report["sentences"], new_report["sentences"]
    matcher = SequenceMatcher(
        a=[s["text"] for s in old], b=[s["text"] for s in new], autojunk=False
    )
    rows: list[DiffRow] = []
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        if tag == "equal":
            rows.extend(DiffRow("same", o, n) for o, n in zip(old[a1:a2], new[b1:b2], strict=True))
            continue
        rows.extend(DiffRow("removed", o, None) for o in old[a1:a2])
        rows.extend(DiffRow("added", None, n) for n in new[b1:b2])
    return rows
