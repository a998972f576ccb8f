"""The metrics page's cards about review: the backlog now, rejections by reason, reviewer
workload, time to decision and agreement."""

from datetime import datetime

from citations.domain.statuses import RejectReason
from citations.selectors.metrics import Backlog, Workload
from citations.web.presenters.formatting import count_text, day_text, duration_text, pct
from citations.web.presenters.metrics_cards import ChartCard, bar_card
from citations.web.rendering.charts import Bar

NO_REASON = "No reason given"
NOBODY = "Nobody (unassigned)"


def backlog_card(backlog: Backlog, now: datetime) -> ChartCard:
    """Who has the answers waiting now: assigned to them, or claimed while not assigned."""
    rows, bars = [], []
    for name, (assigned, claimed) in backlog.by_reviewer.items():
        total = assigned + claimed
        rows.append((name, assigned, claimed, total))
        claims = f" + {claimed:,} claimed" if claimed else ""
        bars.append(Bar(name, total, f"{assigned:,} assigned{claims}"))
    if backlog.waiting:
        rows.append((NOBODY, 0, 0, backlog.unattended))
        bars.append(Bar(NOBODY, backlog.unattended, f"{backlog.unattended:,}"))

    def summary() -> str:
        oldest = backlog.oldest
        return (
            f"{count_text(backlog.waiting, 'answer')} waiting now; the oldest came in on "
            f"{day_text(oldest, year=True)} and has waited {duration_text(now - oldest)}. "
            f"{backlog.unattended:,} nobody is assigned to or reviewing."
        )

    return bar_card(
        "chart-backlog",
        heading="Backlog: waiting for review now",
        title="Answers waiting for review, per reviewer they are assigned to or claimed by",
        bars=bars,
        columns=("Reviewer", "Assigned", "Claimed", "Waiting on them"),
        rows=rows,
        summary=summary,
        empty="Nothing is waiting for review.",
        tone="warn",
    )


def reasons_card(counts: dict[str, int]) -> ChartCard:
    """Rejections by the reason given, in the reasons' order, "no reason given" last."""
    total = sum(counts.values())
    labels = {reason.value: reason.label for reason in RejectReason} | {"": NO_REASON}
    named = [(labels[reason], n) for reason, n in counts.items()]
    top = max(named, key=lambda item: item[1]) if total else None
    return bar_card(
        "chart-reject-reasons",
        heading="Rejections by reason",
        title="Rejections in the range by the reason the reviewer gave",
        bars=[Bar(label, n, f"{n:,} · {pct(n / total)}") for label, n in named] if total else [],
        columns=("Reason", "Rejections", "Share"),
        rows=[(label, n, pct(n / total)) for label, n in named] if total else [],
        summary=lambda: (
            f"{count_text(total, 'rejection')} in this range; most often {top[0].lower()} "
            f"({top[1]:,})."
        ),
        empty="No rejection in this range.",
        tone="bad",
        maximum=total,
    )


def workload_card(workload: list[Workload]) -> ChartCard:
    decisions = sum(w.decisions for w in workload)
    return bar_card(
        "chart-workload",
        heading="Reviewer workload",
        title="Decisions per reviewer in the range, busiest first",
        bars=[Bar(w.reviewer, w.decisions, f"{w.decisions:,}") for w in workload],
        columns=("Reviewer", "Decisions", "Approved", "Rejected", "Answers"),
        rows=[(w.reviewer, w.decisions, w.approved, w.rejected, w.answers) for w in workload],
        summary=lambda: (
            f"{count_text(decisions, 'decision')} by {count_text(len(workload), 'reviewer')}. "
            f"Busiest: {workload[0].reviewer}, {workload[0].decisions:,} on "
            f"{count_text(workload[0].answers, 'answer')}."
        ),
        empty="No decisions in this range.",
    )


def wait_card(waits: dict) -> ChartCard:
    return bar_card(
        "chart-time-to-decision",
        heading="Time from submission to decision",
        title="Decided answers by time from submission to decision",
        bars=[Bar(label, value, f"{value:,}") for label, value in waits["buckets"]]
        if waits["total"]
        else [],
        columns=("Waited", "Answers"),
        rows=list(waits["buckets"]),
        summary=lambda: (
            f"Mean {duration_text(waits['mean'])} over "
            f"{count_text(waits['total'], 'decided answer')}."
        ),
        empty="No answer was decided in this range.",
        tone="ok",
    )


def agreement_card(agreement: dict) -> ChartCard:
    shared, agreed = agreement["shared"] or 0, agreement["agreed"] or 0
    split = [("Decided alike", agreed), ("Decided differently", shared - agreed)]
    return bar_card(
        "chart-agreement",
        heading="Reviewer agreement",
        title="Sentences decided by several reviewers: alike or not",
        bars=[Bar(label, n, f"{n:,} · {pct(n / shared)}") for label, n in split] if shared else [],
        columns=("Sentences", "Count"),
        rows=split,
        summary=lambda: (
            f"Of {count_text(shared, 'sentence')} decided by two or more reviewers, "
            f"{agreed:,} ({pct(agreed / shared)}) were decided alike."
        ),
        empty="No sentence was decided by more than one reviewer in this range.",
        maximum=shared or None,
    )
