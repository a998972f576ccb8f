"""The bar above a revised answer (where it stands among its revisions) and its sentence diff
against the revision it corrects."""

from dataclasses import dataclass

from django.urls import reverse

from citations.domain.diff import DiffRow, sentence_diff
from citations.domain.statuses import SentenceStatus
from citations.engine import ReportDict, SentenceDict
from citations.models import Answer
from citations.web.presenters.parts import Part


@dataclass(frozen=True)
class RevisionLink:
    number: int
    pk: int
    url: str
    is_current: bool
    is_this: bool
    created_at: object
    revised_by: str
    note: str


@dataclass(frozen=True)
class DiffLine:
    kind: str  # "same" | "removed" | "added"
    label: str  # said in words, never by colour alone
    icon: str
    sentence: SentenceDict
    status: str
    status_label: str
    status_icon: str
    was_status: str = ""  # for an unchanged sentence whose verdict changed
    was_label: str = ""


DIFF_CONTEXT = 1  # unchanged sentences shown around each change
DIFF_LABELS = {
    "same": ("Unchanged", "="),
    "removed": ("Removed", "\u2212"),  # a minus sign
    "added": ("Added", "+"),
}


@dataclass
class RevisionView:
    this: RevisionLink
    links: list[RevisionLink]
    original: RevisionLink
    previous: RevisionLink | None
    current: RevisionLink
    diff: list[DiffRow]  # made DiffLines only for the part rendered: a diff can be 18,000 rows
    diff_part: Part | None = None  # the diff's lines rendered (parts.part_shown); None: all
    diff_deferred: bool = False  # not read with the page: it loads after (views.answer)

    @property
    def number(self) -> int:
        return self.this.number

    @property
    def total(self) -> int:
        return len(self.links)

    @property
    def superseded_by(self) -> RevisionLink | None:
        """The revision that corrected this one, when this one is not current."""
        if self.this.is_current:
            return None
        return next((r for r in self.links if r.number == self.this.number + 1), self.current)

    @property
    def shortcuts(self) -> list[tuple[str, RevisionLink]]:
        """ "view original / previous / current": each link once, never this revision."""
        found: list[tuple[str, RevisionLink]] = []
        for label, link in (
            ("original", self.original),
            ("previous", self.previous),
            ("current", self.current),
        ):
            if link is None or link.is_this:
                continue
            if any(seen.pk == link.pk for _, seen in found):
                continue
            found.append((label, link))
        return found

    @property
    def diff_more(self) -> Part | None:
        """The diff's lines a "Show more" loads next."""
        return self.diff_part.after() if self.diff_part else None

    @property
    def diff_blocks(self) -> list[tuple[str, list[DiffLine]]]:
        """The diff as ("rows", lines) and ("fold", lines) blocks: a run of unchanged
        sentences is folded away, except the one next to each change. Only the lines of
        `diff_part`: a fold it cuts goes on in the next part."""
        changed = [i for i, line in enumerate(self.diff) if line.kind != "same"]
        keep = {j for i in changed for j in (i - DIFF_CONTEXT, i, i + DIFF_CONTEXT)}
        part = self.diff_part or Part(0, len(self.diff), len(self.diff))
        blocks: list[tuple[str, list[DiffLine]]] = []
        for i in range(part.start, part.end):
            line = _diff_line(self.diff[i])
            kind = "rows" if i in keep else "fold"
            if blocks and blocks[-1][0] == kind:
                blocks[-1][1].append(line)
            else:
                blocks.append((kind, [line]))
        # Folding a single sentence hides nothing worth the click.
        return [("rows", lines) if len(lines) < 2 else (kind, lines) for kind, lines in blocks]

    @property
    def diff_counts(self) -> dict[str, int]:
        counts = {"same": 0, "removed": 0, "added": 0}
        for line in self.diff:
            counts[line.kind] += 1
        return counts


def _diff_line(row: DiffRow) -> DiffLine:
    label, icon = DIFF_LABELS[row.kind]
    sentence = row.sentence
    status = sentence["status"]
    was_status = ""
    # Only a "same" row can differ: a removed row shows its old sentence.
    if row.old is not None and row.old["status"] != status:
        was_status = row.old["status"]
    return DiffLine(
        kind=row.kind,
        label=label,
        icon=icon,
        sentence=sentence,
        status=status,
        status_label=SentenceStatus(status).label,
        status_icon=SentenceStatus(status).icon,
        was_status=was_status,
        was_label=SentenceStatus(was_status).label if was_status else "",
    )


def revision_view(
    answer: Answer, lineage: list[Answer], report: ReportDict, previous_report: ReportDict | None
) -> RevisionView | None:
    """Where `answer` stands among its revisions, with the sentence diff against the previous
    one; None for an answer that was never revised. No query: `lineage` is loaded already."""
    if len(lineage) < 2:
        return None
    links = [
        RevisionLink(
            number=item.revision,
            pk=item.pk,
            url=reverse("citations:answer_detail", args=[item.pk]),
            is_current=item.is_current,
            is_this=item.pk == answer.pk,
            created_at=item.created_at,
            revised_by=item.revised_by.get_username() if item.revised_by_id else "",
            note=item.revision_note,
        )
        for item in lineage
    ]
    this = next(link for link in links if link.is_this)
    previous = next((r for r in links if r.pk == answer.previous_id), None)
    current = next((r for r in links if r.is_current), links[-1])
    diff = []
    if previous_report is not None:
        diff = sentence_diff(previous_report, report, answer.sentence_alignment)
    return RevisionView(
        this=this,
        links=links,
        original=links[0],
        previous=previous,
        current=current,
        diff=diff,
    )
