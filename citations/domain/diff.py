"""Sentence-level difference between two revisions of an answer, from their reports.

The alignment of the two sentence lists is computed with patience diff (bounded recursion
over sentences unique on both sides), so its cost stays near-linear in the number of
sentences whatever the text: a region without a unique common sentence degrades to
"removed then added" instead of the quadratic search `difflib` does on repeated sentences.
It is computed once, when a revision is stored (`Answer.sentence_alignment`); a view only
walks it against the newest reports.
"""

from dataclasses import dataclass

from patiencediff import PatienceSequenceMatcher

from citations.engine import ReportDict, SentenceDict

# One run of the alignment: ["same" | "removed" | "added", number of sentences].
Alignment = list[list]


@dataclass(frozen=True)
class DiffRow:
    kind: str  # "same" | "removed" | "added"
    old: SentenceDict | None  # the sentence of the previous revision's report
    new: SentenceDict | None  # the sentence of this revision's report

    @property
    def sentence(self) -> SentenceDict:
        """The sentence the row shows: this revision's, or the removed one."""
        shown = self.new if self.new is not None else self.old
        assert shown is not None  # a row has at least one side
        return shown


def sentence_alignment(old_report: ReportDict, new_report: ReportDict) -> Alignment:
    """The runs that turn the old sentence list into the new one, in reading order."""
    old = [s["text"] for s in old_report["sentences"]]
    new = [s["text"] for s in new_report["sentences"]]
    runs: Alignment = []
    for tag, a1, a2, b1, b2 in PatienceSequenceMatcher(None, old, new).get_opcodes():
        pieces = (
            [("same", a2 - a1)] if tag == "equal" else [("removed", a2 - a1), ("added", b2 - b1)]
        )
        for kind, count in pieces:
            if count and runs and runs[-1][0] == kind:
                runs[-1][1] += count
            elif count:
                runs.append([kind, count])
    return runs


def sentence_diff(
    old_report: ReportDict, new_report: ReportDict, alignment: Alignment | None = None
) -> list[DiffRow]:
    """Rows in reading order: unchanged sentences once, a changed one as removed then added.

    `alignment` is the stored one; it is recomputed when missing or when it no longer fits the
    reports (a re-verification by another engine version may split sentences differently)."""
    old, new = old_report["sentences"], new_report["sentences"]
    if alignment is not None:
        rows = _walk(alignment, old, new)
        if rows is not None:
            return rows
    rows = _walk(sentence_alignment(old_report, new_report), old, new)
    assert rows is not None  # an alignment computed from these very reports fits them
    return rows


def _walk(
    alignment: Alignment, old: list[SentenceDict], new: list[SentenceDict]
) -> list[DiffRow] | None:
    """The rows `alignment` describes, or None when it does not fit these sentences."""
    rows: list[DiffRow] = []
    i = j = 0
    for kind, count in alignment:
        if kind in ("same", "removed") and i + count > len(old):
            return None
        if kind in ("same", "added") and j + count > len(new):
            return None
        if kind == "same":
            pairs = list(zip(old[i : i + count], new[j : j + count], strict=True))
            if any(o["text"] != n["text"] for o, n in pairs):
                return None
            rows.extend(DiffRow("same", o, n) for o, n in pairs)
            i, j = i + count, j + count
        elif kind == "removed":
            rows.extend(DiffRow("removed", o, None) for o in old[i : i + count])
            i += count
        else:
            rows.extend(DiffRow("added", None, n) for n in new[j : j + count])
            j += count
    return rows if (i, j) == (len(old), len(new)) else None
