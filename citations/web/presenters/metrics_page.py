"""The metrics page: one card per chart from the reads of `selectors.metrics`, plus the
tiles above the charts. The cards about answers are here, those
about review in `metrics_review`; bar charts' cards share `metrics_cards.bar_card`."""

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from citations.selectors import metrics
from citations.web.presenters import metrics_review
from citations.web.presenters.formatting import (
    DASH,
    EN_DASH,
    count_text,
    day_text,
    duration_text,
    pct,
)
from citations.web.presenters.metrics_cards import ChartCard, LegendEntry, bar_card
from citations.web.rendering.charts import DASHES, MARKERS, Bar, Series, line_chart

LINE_SERIES_MAX = 5


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
            return day_text(start, year=True)
        return f"{day_text(start, year=start.year != end.year)}{EN_DASH}{day_text(end, year=True)}"


def metrics_page(filters, *, now: datetime | None = None) -> MetricsPage:
    """Every chart and tile of the metrics page for `filters`: one read of the answers'
    rollups (pass share, validation rate, time to decision), two of the citations' (the top
    invented articles and overrun positions, the disguised total), two for the workload, one
    each for rejections and agreement, and up to three for the backlog."""
    now = now or timezone.now()
    answers = metrics.answer_rollups(filters)
    citations = metrics.citation_rollups(filters)
    workload = metrics.reviewer_workload(filters)
    backlog = metrics.review_backlog(filters, now=now)
    totals = _client_totals(answers.shares)
    return MetricsPage(
        filters=filters,
        tiles=_tiles(totals, answers, workload, backlog, now, citations.disguised),
        charts=[
            _pass_share_card(filters, answers.shares, totals),
            metrics_review.backlog_card(backlog, now),
            metrics_review.reasons_card(metrics.rejections_by_reason(filters)),
            metrics_review.workload_card(workload),
            metrics_review.wait_card(answers.waits),
            _validation_rate_card(answers.rates),
            _invented_card(citations.invented),
            _overrun_card(citations.overruns),
            metrics_review.agreement_card(metrics.reviewer_agreement(filters)),
        ],
    )


def _client_totals(shares: dict) -> dict[str, tuple[int, int]]:
    """client name -> (answers, passed) over the whole range."""
    return {
        name: (sum(t for t, _ in by_day.values()), sum(p for _, p in by_day.values()))
        for name, by_day in shares.items()
    }


def _pass_share_lines(shares, totals, ranked, days):
    """A line and a legend entry for each of the busiest clients."""
    series, legend = [], []
    for n, name in enumerate(ranked[:LINE_SERIES_MAX]):
        by_bucket = shares[name]
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
                text=f"{pct(passed / total)} passed of {count_text(total, 'answer')}",
            )
        )
    return series, legend


def _pass_share_rows(shares, ranked, days) -> list[tuple]:
    rows = []
    for name in ranked:
        by_bucket = shares[name]
        for day in days:
            if day in by_bucket:
                total, passed = by_bucket[day]
                rows.append(
                    (
                        name,
                        day_text(day, year=True),
                        total,
                        passed,
                        total - passed,
                        pct(passed / total),
                    )
                )
    return rows


def _pass_share_card(filters, shares, totals) -> ChartCard:
    """Share passed over time, per client: the busiest clients get a line each."""
    period = "week" if filters.weekly else "day"
    days = metrics.buckets(filters)
    ranked = sorted(totals, key=lambda name: (-totals[name][0], name))
    series, legend = _pass_share_lines(shares, totals, ranked, days)
    all_total = sum(t for t, _ in totals.values())
    all_passed = sum(p for _, p in totals.values())
    return ChartCard(
        id="chart-pass-share",
        heading=f"Share of answers passed, per {period} and client",
        summary=(
            f"{count_text(all_passed, 'answer')} of {all_total:,} passed "
            f"({pct(all_passed / all_total)}); {all_total - all_passed:,} flagged."
            if all_total
            else "No answers in this range."
        ),
        svg=line_chart(
            "chart-pass-share",
            f"Share of answers that passed verification, per {period}, by client",
            [day_text(day) for day in days],
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
        rows=_pass_share_rows(shares, ranked, days),
        wide=True,
        legend=legend,
        note=(
            f"Lines for the {LINE_SERIES_MAX} busiest of {len(ranked)} clients; the table has all."
            if len(ranked) > LINE_SERIES_MAX
            else ""
        ),
    )


def _validation_rate_card(rates) -> ChartCard:
    return bar_card(
        "chart-validation-rate",
        heading="Validation rate per client",
        title="Mean validation rate per client, lowest first",
        bars=[Bar(name, rate, pct(rate)) for name, rate, _ in rates],
        columns=("Client", "Validation rate", "Answers"),
        rows=[(name, pct(rate), total) for name, rate, total in rates],
        summary=lambda: (
            "Mean share of cited sentences the evidence supports. Lowest: "
            f"{rates[0][0]} at {pct(rates[0][1])}."
        ),
        empty="No answers in this range.",
        maximum=1,
    )


def _invented_card(invented) -> ChartCard:
    return bar_card(
        "chart-invented",
        heading="Most invented law articles",
        title="Legal citations that matched no passage, most frequent first",
        bars=[
            Bar(f"{law}, Art. {article}", total, f"{total:,}") for law, article, total in invented
        ],
        columns=("Law", "Article", "Times cited"),
        rows=invented,
        summary=lambda: (
            f"{invented[0][0]}, Article {invented[0][1]} was cited "
            f"{count_text(invented[0][2], 'time')} without being in the evidence."
        ),
        empty="No legal citation was left unresolved in this range.",
        tone="bad",
    )


def _overrun_card(overruns) -> ChartCard:
    return bar_card(
        "chart-overruns",
        heading="Evidence positions cited past the end",
        title="Numeric citations past the evidence list, by position, most frequent first",
        bars=[Bar(f"[{position}]", total, f"{total:,}") for position, total in overruns],
        columns=("Position", "Times cited"),
        rows=[(f"[{position}]", total) for position, total in overruns],
        summary=lambda: (
            f"[{overruns[0][0]}] was cited {count_text(overruns[0][1], 'time')} "
            "when the evidence had fewer passages."
        ),
        empty="No numeric citation overran the evidence in this range.",
        tone="warn",
    )


def _tiles(totals, answers, workload, backlog, now, disguised: int) -> list[Tile]:
    rates, waits = answers.rates, answers.waits
    all_total = sum(t for t, _ in totals.values())
    all_passed = sum(p for _, p in totals.values())
    decisions_total = sum(w.decisions for w in workload)
    rate_all = sum(rate * total for _, rate, total in rates) / all_total if all_total else None
    return [
        Tile("Answers", f"{all_total:,}", f"from {count_text(len(totals), 'client')}"),
        Tile(
            "Passed",
            pct(all_passed / all_total) if all_total else DASH,
            f"{all_passed:,} of {all_total:,}",
        ),
        Tile("Validation rate", pct(rate_all), "mean over answers"),
        Tile(
            "Decided answers",
            f"{waits['total']:,}",
            f"mean wait {duration_text(waits['mean'])}",
        ),
        Tile("Decisions", f"{decisions_total:,}", f"by {count_text(len(workload), 'reviewer')}"),
        Tile(
            "Waiting now",
            f"{backlog.waiting:,}",
            f"oldest {duration_text(now - backlog.oldest)}" if backlog.oldest else "none",
        ),
        # A citation such as "[5\u200b]" looks plain to a reviewer: how often they come in.
        Tile("Disguised citations", f"{disguised:,}", "read through hidden characters"),
    ]
