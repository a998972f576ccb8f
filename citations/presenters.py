"""What the answer page shows, computed from an answer loaded by `selectors.review_answer`.

Pure reads over prefetched data: building the page costs no query, however many sentences,
citations and decisions the answer has.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import timedelta

from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from citations import metrics, permissions
from citations.charts import DASHES, MARKERS, Bar, Series, bar_chart, line_chart
from citations.diff import sentence_diff
from citations.highlight import (
    CITATION_LABELS,
    DECISION_LABELS,
    STATUS_ICONS,
    STATUS_LABELS,
    SentenceMarkup,
    mark_passage,
    render_blocks,
)
from citations.models import Answer, Decision
from citations.review import FLAGGED_STATUSES, ReviewState, review_state
from citations.selectors import active_claimer, latest_verification


@dataclass
class FlaggedItem:
    """One unsupported or uncited sentence with its decision in force and its history."""

    number: int  # 1-based among the flagged sentences
    sentence: dict
    decision: Decision | None
    history: list[Decision]
    notice: str = ""

    @property
    def index(self) -> int:
        return self.sentence["index"]

    @property
    def status(self) -> str:
        return self.sentence["status"]

    @property
    def label(self) -> str:
        return STATUS_LABELS[self.status]

    @property
    def icon(self) -> str:
        return STATUS_ICONS[self.status]

    @property
    def seen_id(self) -> str:
        return str(self.decision.pk) if self.decision else ""

    @property
    def decision_label(self) -> str:
        return DECISION_LABELS[self.decision.action] if self.decision else "Not decided"


@dataclass
class AnswerPage:
    answer: Answer
    report: dict
    state: ReviewState
    text_html: SafeString
    flagged: list[FlaggedItem]
    answer_history: list[Decision]
    evidence: list
    claimer: object
    can_decide: bool
    can_return: bool
    notices: dict[int | None, str] = field(default_factory=dict)

    @property
    def answer_decision(self) -> Decision | None:
        return self.state.answer_decision

    @property
    def answer_seen_id(self) -> str:
        decision = self.state.answer_decision
        return str(decision.pk) if decision else ""

    @property
    def answer_notice(self) -> str:
        return self.notices.get(None, "")

    @property
    def counts(self) -> dict:
        return self.report["counts"]

    @property
    def undecided(self) -> int:
        return sum(1 for item in self.flagged if item.decision is None)


def answer_page(answer: Answer, user, *, notices: dict | None = None) -> AnswerPage:
    verification = latest_verification(answer)
    report = verification.report
    decisions = list(answer.decisions.all())
    state = review_state(report, verification.pk, decisions)

    history: dict[tuple, list[Decision]] = defaultdict(list)
    answer_history = []
    for decision in decisions:
        if decision.sentence_start is None:
            answer_history.append(decision)
        else:
            history[(decision.sentence_start, decision.sentence_text)].append(decision)

    flagged = []
    for sentence in report["sentences"]:
        if sentence["status"] in FLAGGED_STATUSES:
            flagged.append(
                FlaggedItem(
                    number=len(flagged) + 1,
                    sentence=sentence,
                    decision=state.in_force.get(sentence["index"]),
                    history=history.get((sentence["start"], sentence["text"]), []),
                    notice=(notices or {}).get(sentence["index"], ""),
                )
            )

    detail_url = reverse("citations:answer_detail", args=[answer.pk])
    evidence_url = reverse("citations:answer_evidence", args=[answer.pk])
    in_force = state.in_force

    def markup(sentence: dict) -> SentenceMarkup:
        status = sentence["status"]
        index = sentence["index"]
        css = f"s s-{status}"
        after: SafeString | str = ""
        decision = in_force.get(index)
        if status in FLAGGED_STATUSES:
            css += " is-flagged"
            if decision is not None:
                css += f" is-{decision.action}"
                after = format_html(
                    '\u2060<span class="s-dec s-dec-{}">{}</span>',
                    decision.action,
                    DECISION_LABELS[decision.action],
                )
        marker: SafeString | str = ""
        if status != "neutral":
            marker = format_html(
                '<a class="s-mark s-mark-{}" href="{}?s={}#evidence" hx-get="{}?s={}" '
                'data-evidence aria-label="Sentence {}, {}: show evidence">'
                '<span aria-hidden="true">{}</span></a>',
                status,
                detail_url,
                index,
                evidence_url,
                index,
                index + 1,
                STATUS_LABELS[status].lower(),
                STATUS_ICONS[status],
            )

        def chip(n: int, citation: dict) -> SafeString:
            cstatus = citation["status"]
            return format_html(
                '<a class="chip chip-{}" href="{}?s={}&amp;c={}#evidence" '
                'hx-get="{}?s={}&amp;c={}" data-evidence title="{}">'
                '{}{}<span class="sr-only"> ({})</span></a>',
                cstatus,
                detail_url,
                index,
                n,
                evidence_url,
                index,
                n,
                CITATION_LABELS.get(cstatus, cstatus),
                mark_safe('<span class="chip-warn" aria-hidden="true">!</span>')
                if cstatus == "unresolved"
                else "",
                citation["raw"],
                CITATION_LABELS.get(cstatus, cstatus),
            )

        return SentenceMarkup(css=css, marker=marker, after=after, chip=chip)

    return AnswerPage(
        answer=answer,
        report=report,
        state=state,
        text_html=render_blocks(answer.text, report["sentences"], markup),
        flagged=flagged,
        answer_history=answer_history,
        evidence=list(answer.evidence.all()),
        claimer=active_claimer(answer),
        can_decide=permissions.can_decide(user, answer),
        can_return=permissions.can_return(user, answer),
        notices=notices or {},
    )


@dataclass
class CitedPassage:
    position: int
    evidence: object | None
    html: SafeString | str


@dataclass
class CitationDetail:
    number: int
    raw: str
    status: str
    label: str
    reason: str
    selected: bool
    passages: list[CitedPassage]


@dataclass
class EvidencePanel:
    sentence: dict
    label: str
    icon: str
    citations: list[CitationDetail]
    cited_positions: set[int]
    passages: list  # every passage of the answer, in citation order

    @property
    def status(self) -> str:
        return self.sentence["status"]


def evidence_panel(
    report: dict, evidence: list, index: int, citation: int | None = None
) -> EvidencePanel | None:
    """The evidence beside sentence `index`: its cited passages marked up, and its reasons."""
    sentences = report["sentences"]
    if not 0 <= index < len(sentences):
        return None
    sentence = sentences[index]
    by_position = {e.position: e for e in evidence}
    terms = sentence.get("matched_terms") or []
    details = []
    cited: set[int] = set()
    for n, c in enumerate(sentence["citations"]):
        passages = []
        for position in c.get("evidence") or []:
            cited.add(position)
            spans = [
                (span["start"], span["end"])
                for span in c.get("spans") or []
                if span.get("evidence") == position
            ]
            passage = by_position.get(position)
            html = mark_passage(passage.text, spans, terms) if passage else ""
            passages.append(CitedPassage(position=position, evidence=passage, html=html))
        details.append(
            CitationDetail(
                number=n,
                raw=c["raw"],
                status=c["status"],
                label=CITATION_LABELS.get(c["status"], c["status"]),
                reason=c.get("reason", ""),
                selected=citation == n,
                passages=passages,
            )
        )
    if citation is not None:
        details.sort(key=lambda d: not d.selected)
    return EvidencePanel(
        sentence=sentence,
        label=STATUS_LABELS[sentence["status"]],
        icon=STATUS_ICONS[sentence["status"]],
        citations=details,
        cited_positions=cited,
        passages=evidence,
    )


# --- Revisions: the bar above a revised answer and its diff against the previous one -----


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
    sentence: dict
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
    diff: list[DiffLine]

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
    def diff_blocks(self) -> list[tuple[str, list[DiffLine]]]:
        """The diff as ("rows", lines) and ("fold", lines) blocks: a run of unchanged
        sentences is folded away, except the one next to each change."""
        changed = [i for i, line in enumerate(self.diff) if line.kind != "same"]
        keep = {j for i in changed for j in (i - DIFF_CONTEXT, i, i + DIFF_CONTEXT)}
        blocks: list[tuple[str, list[DiffLine]]] = []
        for i, line in enumerate(self.diff):
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


def _diff_line(row) -> DiffLine:
    label, icon = DIFF_LABELS[row.kind]
    sentence = row.new if row.new is not None else row.old
    status = sentence["status"]
    was_status = ""
    if row.kind == "same" and row.old["status"] != status:
        was_status = row.old["status"]
    return DiffLine(
        kind=row.kind,
        label=label,
        icon=icon,
        sentence=sentence,
        status=status,
        status_label=STATUS_LABELS[status],
        status_icon=STATUS_ICONS[status],
        was_status=was_status,
        was_label=STATUS_LABELS.get(was_status, ""),
    )


def revision_view(
    answer: Answer, lineage: list[Answer], report: dict, previous_report: dict | None
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
        rows = sentence_diff(previous_report, report, answer.sentence_alignment)
        diff = [_diff_line(row) for row in rows]
    return RevisionView(
        this=this,
        links=links,
        original=links[0],
        previous=previous,
        current=current,
        diff=diff,
    )


# --- Metrics page --------------------------------------------------------------------------


@dataclass(frozen=True)
class LegendEntry:
    n: int
    label: str
    dash: str
    marker: str
    text: str


@dataclass
class ChartCard:
    """One chart: a heading, a sentence with its key numbers, the SVG and its numbers as a
    table for whoever prefers reading them."""

    id: str
    heading: str
    summary: str
    svg: SafeString
    columns: tuple[str, ...]
    rows: list[tuple]
    tone: str = "accent"
    wide: bool = False
    legend: list[LegendEntry] = field(default_factory=list)
    note: str = ""


@dataclass(frozen=True)
class Tile:
    label: str
    value: str
    detail: str = ""


@dataclass
class MetricsPage:
    filters: object
    tiles: list[Tile]
    charts: list[ChartCard]

    @property
    def range_label(self) -> str:
        start, end = self.filters.start, self.filters.end
        if start == end:
            return _day(start, year=True)
        return f"{_day(start, year=start.year != end.year)}{EN_DASH}{_day(end, year=True)}"


LINE_SERIES_MAX = 5
DASH = "\u2013"  # shown for a share of nothing
EN_DASH = " \u2013 "


def _day(value, *, year: bool = False) -> str:
    text = f"{value.day} {value:%b}"
    return f"{text} {value.year}" if year else text


def _pct(value: float | None) -> str:
    return DASH if value is None else f"{value * 100:.0f}%"


def _count(n: int, word: str, plural: str | None = None) -> str:
    return f"{n:,} {word if n == 1 else (plural or word + 's')}"


def duration_text(value) -> str:
    """A timedelta in its two largest units: "2 days 3 hours", "45 minutes", "under a minute"."""
    if value is None:
        return DASH
    seconds = int(value.total_seconds())
    parts = []
    for size, word in ((86400, "day"), (3600, "hour"), (60, "minute")):
        amount, seconds = divmod(seconds, size)
        if amount or parts:
            parts.append((amount, word))
    parts = [(a, w) for a, w in parts[:2] if a]
    if not parts:
        return "under a minute"
    return " ".join(_count(a, w) for a, w in parts)


def metrics_page(filters) -> MetricsPage:
    """Every chart of the metrics page for `filters`: one aggregate query per chart."""
    period = "week" if filters.weekly else "day"
    days = metrics.buckets(filters)
    shares = metrics.pass_share_over_time(filters)
    rates = metrics.validation_rate_by_client(filters)
    invented = metrics.top_invented_articles(filters)
    overruns = metrics.top_overrun_positions(filters)
    throughput = metrics.reviewer_throughput(filters)
    waits = metrics.time_to_decision(filters)
    agreement = metrics.reviewer_agreement(filters)

    def bucket_of(day):
        return day - timedelta(days=day.weekday()) if filters.weekly else day

    # Share passed over time, per client: the busiest clients get a line each.
    totals = {
        name: (sum(t for t, _ in by_day.values()), sum(p for _, p in by_day.values()))
        for name, by_day in shares.items()
    }
    ranked = sorted(totals, key=lambda name: (-totals[name][0], name))
    shown = ranked[:LINE_SERIES_MAX]
    series, legend = [], []
    for n, name in enumerate(shown):
        by_bucket = {bucket_of(day): value for day, value in shares[name].items()}
        points = []
        for day in days:
            total, passed = by_bucket.get(day, (0, 0))
            points.append(passed / total if total else None)
        series.append(Series(label=name, points=points))
        total, passed = totals[name]
        legend.append(
            LegendEntry(
                n=n,
                label=name,
                dash=DASHES[n],
                marker=MARKERS[n],
                text=f"{_pct(passed / total)} passed of {_count(total, 'answer')}",
            )
        )
    x_labels = [_day(day) for day in days]
    all_total = sum(t for t, _ in totals.values())
    all_passed = sum(p for _, p in totals.values())
    pass_rows = []
    for name in ranked:
        by_bucket = {bucket_of(day): value for day, value in shares[name].items()}
        for day in days:
            if day in by_bucket:
                total, passed = by_bucket[day]
                pass_rows.append(
                    (
                        name,
                        _day(day, year=True),
                        total,
                        passed,
                        total - passed,
                        _pct(passed / total),
                    )
                )
    pass_card = ChartCard(
        id="chart-pass-share",
        heading=f"Share of answers passed, per {period} and client",
        summary=(
            f"{_count(all_passed, 'answer')} of {all_total:,} passed "
            f"({_pct(all_passed / all_total)}); {all_total - all_passed:,} flagged."
            if all_total
            else "No answers in this range."
        ),
        svg=line_chart(
            "chart-pass-share",
            f"Share of answers that passed verification, per {period}, by client",
            x_labels,
            series,
        ),
        columns=(
            "Client",
            "Week of" if filters.weekly else "Day",
            "Answers",
            "Passed",
            "Flagged",
            "Share passed",
        ),
        rows=pass_rows,
        wide=True,
        legend=legend,
        note=(
            f"Lines for the {LINE_SERIES_MAX} busiest of {len(ranked)} clients; the table has all."
            if len(ranked) > LINE_SERIES_MAX
            else ""
        ),
    )

    rate_card = ChartCard(
        id="chart-validation-rate",
        heading="Validation rate per client",
        summary=(
            "Mean share of cited sentences the evidence supports. Lowest: "
            f"{rates[0][0]} at {_pct(rates[0][1])}."
            if rates
            else "No answers in this range."
        ),
        svg=bar_chart(
            "chart-validation-rate",
            "Mean validation rate per client, lowest first",
            [Bar(name, rate, _pct(rate)) for name, rate, _ in rates],
            maximum=1,
        ),
        columns=("Client", "Validation rate", "Answers"),
        rows=[(name, _pct(rate), total) for name, rate, total in rates],
    )

    invented_card = ChartCard(
        id="chart-invented",
        heading="Most invented law articles",
        summary=(
            f"{invented[0][0]}, Article {invented[0][1]} was cited "
            f"{_count(invented[0][2], 'time')} without being in the evidence."
            if invented
            else "No legal citation was left unresolved in this range."
        ),
        svg=bar_chart(
            "chart-invented",
            "Legal citations that matched no passage, most frequent first",
            [
                Bar(f"{law}, Art. {article}", total, f"{total:,}")
                for law, article, total in invented
            ],
        ),
        columns=("Law", "Article", "Times cited"),
        rows=invented,
        tone="bad",
    )

    overrun_card = ChartCard(
        id="chart-overruns",
        heading="Evidence positions cited past the end",
        summary=(
            f"[{overruns[0][0]}] was cited {_count(overruns[0][1], 'time')} "
            "when the evidence had fewer passages."
            if overruns
            else "No numeric citation overran the evidence in this range."
        ),
        svg=bar_chart(
            "chart-overruns",
            "Numeric citations past the evidence list, by position, most frequent first",
            [Bar(f"[{position}]", total, f"{total:,}") for position, total in overruns],
        ),
        columns=("Position", "Times cited"),
        rows=[(f"[{position}]", total) for position, total in overruns],
        tone="warn",
    )

    decisions_total = sum(total for _, total, _ in throughput)
    throughput_card = ChartCard(
        id="chart-throughput",
        heading="Reviewer throughput",
        summary=(
            f"{_count(decisions_total, 'decision')} by {_count(len(throughput), 'reviewer')}."
            if throughput
            else "No decisions in this range."
        ),
        svg=bar_chart(
            "chart-throughput",
            "Decisions per reviewer, busiest first",
            [Bar(name, total, f"{total:,}") for name, total, _ in throughput],
        ),
        columns=("Reviewer", "Decisions", "Answers"),
        rows=throughput,
    )

    wait_card = ChartCard(
        id="chart-time-to-decision",
        heading="Time from submission to decision",
        summary=(
            f"Mean {duration_text(waits['mean'])} over {_count(waits['total'], 'decided answer')}."
            if waits["total"]
            else "No answer was decided in this range."
        ),
        svg=bar_chart(
            "chart-time-to-decision",
            "Decided answers by time from submission to decision",
            [Bar(label, value, f"{value:,}") for label, value in waits["buckets"]]
            if waits["total"]
            else [],
        ),
        columns=("Waited", "Answers"),
        rows=list(waits["buckets"]),
        tone="ok",
    )

    shared, agreed = agreement["shared"] or 0, agreement["agreed"] or 0
    agreement_card = ChartCard(
        id="chart-agreement",
        heading="Reviewer agreement",
        summary=(
            f"Of {_count(shared, 'sentence')} decided by two or more reviewers, "
            f"{agreed:,} ({_pct(agreed / shared)}) were decided alike."
            if shared
            else "No sentence was decided by more than one reviewer in this range."
        ),
        svg=bar_chart(
            "chart-agreement",
            "Sentences decided by several reviewers: alike or not",
            [
                Bar("Decided alike", agreed, f"{agreed:,} · {_pct(agreed / shared)}"),
                Bar(
                    "Decided differently",
                    shared - agreed,
                    f"{shared - agreed:,} · {_pct((shared - agreed) / shared)}",
                ),
            ]
            if shared
            else [],
            maximum=shared or None,
        ),
        columns=("Sentences", "Count"),
        rows=[("Decided alike", agreed), ("Decided differently", shared - agreed)]
        if shared
        else [],
    )

    rate_all = sum(rate * total for _, rate, total in rates) / all_total if all_total else None
    tiles = [
        Tile("Answers", f"{all_total:,}", f"from {_count(len(ranked), 'client')}"),
        Tile(
            "Passed",
            _pct(all_passed / all_total) if all_total else DASH,
            f"{all_passed:,} of {all_total:,}",
        ),
        Tile("Validation rate", _pct(rate_all), "mean over answers"),
        Tile("Decided answers", f"{waits['total']:,}", f"mean wait {duration_text(waits['mean'])}"),
        Tile("Decisions", f"{decisions_total:,}", f"by {_count(len(throughput), 'reviewer')}"),
    ]
    return MetricsPage(
        filters=filters,
        tiles=tiles,
        charts=[
            pass_card,
            rate_card,
            invented_card,
            overrun_card,
            throughput_card,
            wait_card,
            agreement_card,
        ],
    )
