"""The metrics page: one builder per chart, each from one aggregate query of
`selectors.metrics`, plus the tiles above the charts."""

from dataclasses import dataclass, field
from datetime import timedelta

from django.utils.safestring import SafeString

from citations.selectors import metrics
from citations.web.presenters.formatting import (
    DASH,
    EN_DASH,
    count_text,
    day_text,
    duration_text,
    pct,
)
from citations.web.rendering.charts import DASHES, MARKERS, Bar, Series, bar_chart, line_chart

LINE_SERIES_MAX = 5


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
            return day_text(start, year=True)
        return f"{day_text(start, year=start.year != end.year)}{EN_DASH}{day_text(end, year=True)}"


def metrics_page(filters) -> MetricsPage:
    """Every chart of the metrics page for `filters`: one aggregate query per chart."""
    shares = metrics.pass_share_over_time(filters)
    rates = metrics.validation_rate_by_client(filters)
    invented = metrics.top_invented_articles(filters)
    overruns = metrics.top_overrun_positions(filters)
    throughput = metrics.reviewer_throughput(filters)
    waits = metrics.time_to_decision(filters)
    agreement = metrics.reviewer_agreement(filters)
    totals = _client_totals(shares)
    return MetricsPage(
        filters=filters,
        tiles=_tiles(totals, rates, throughput, waits),
        charts=[
            _pass_share_card(filters, shares, totals),
            _validation_rate_card(rates),
            _invented_card(invented),
            _overrun_card(overruns),
            _throughput_card(throughput),
            _wait_card(waits),
            _agreement_card(agreement),
        ],
    )


def _client_totals(shares: dict) -> dict[str, tuple[int, int]]:
    """client name -> (answers, passed) over the whole range."""
    return {
        name: (sum(t for t, _ in by_day.values()), sum(p for _, p in by_day.values()))
        for name, by_day in shares.items()
    }


def _by_bucket(filters, by_day: dict) -> dict:
    """Re-key a client's (answers, passed) per day by the chart's buckets (days or weeks)."""
    if not filters.weekly:
        return dict(by_day)
    return {day - timedelta(days=day.weekday()): value for day, value in by_day.items()}


def _pass_share_lines(filters, shares, totals, ranked, days):
    """A line and a legend entry for each of the busiest clients."""
    series, legend = [], []
    for n, name in enumerate(ranked[:LINE_SERIES_MAX]):
        by_bucket = _by_bucket(filters, shares[name])
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


def _pass_share_rows(filters, shares, ranked, days) -> list[tuple]:
    rows = []
    for name in ranked:
        by_bucket = _by_bucket(filters, shares[name])
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
    series, legend = _pass_share_lines(filters, shares, totals, ranked, days)
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
        rows=_pass_share_rows(filters, shares, ranked, days),
        wide=True,
        legend=legend,
        note=(
            f"Lines for the {LINE_SERIES_MAX} busiest of {len(ranked)} clients; the table has all."
            if len(ranked) > LINE_SERIES_MAX
            else ""
        ),
    )


def _validation_rate_card(rates) -> ChartCard:
    return ChartCard(
        id="chart-validation-rate",
        heading="Validation rate per client",
        summary=(
            "Mean share of cited sentences the evidence supports. Lowest: "
            f"{rates[0][0]} at {pct(rates[0][1])}."
            if rates
            else "No answers in this range."
        ),
        svg=bar_chart(
            "chart-validation-rate",
            "Mean validation rate per client, lowest first",
            [Bar(name, rate, pct(rate)) for name, rate, _ in rates],
            maximum=1,
        ),
        columns=("Client", "Validation rate", "Answers"),
        rows=[(name, pct(rate), total) for name, rate, total in rates],
    )


def _invented_card(invented) -> ChartCard:
    return ChartCard(
        id="chart-invented",
        heading="Most invented law articles",
        summary=(
            f"{invented[0][0]}, Article {invented[0][1]} was cited "
            f"{count_text(invented[0][2], 'time')} without being in the evidence."
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


def _overrun_card(overruns) -> ChartCard:
    return ChartCard(
        id="chart-overruns",
        heading="Evidence positions cited past the end",
        summary=(
            f"[{overruns[0][0]}] was cited {count_text(overruns[0][1], 'time')} "
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


def _throughput_card(throughput) -> ChartCard:
    decisions_total = sum(total for _, total, _ in throughput)
    return ChartCard(
        id="chart-throughput",
        heading="Reviewer throughput",
        summary=(
            f"{count_text(decisions_total, 'decision')} by "
            f"{count_text(len(throughput), 'reviewer')}."
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


def _wait_card(waits) -> ChartCard:
    return ChartCard(
        id="chart-time-to-decision",
        heading="Time from submission to decision",
        summary=(
            f"Mean {duration_text(waits['mean'])} over "
            f"{count_text(waits['total'], 'decided answer')}."
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


def _agreement_card(agreement) -> ChartCard:
    shared, agreed = agreement["shared"] or 0, agreement["agreed"] or 0
    return ChartCard(
        id="chart-agreement",
        heading="Reviewer agreement",
        summary=(
            f"Of {count_text(shared, 'sentence')} decided by two or more reviewers, "
            f"{agreed:,} ({pct(agreed / shared)}) were decided alike."
            if shared
            else "No sentence was decided by more than one reviewer in this range."
        ),
        svg=bar_chart(
            "chart-agreement",
            "Sentences decided by several reviewers: alike or not",
            [
                Bar("Decided alike", agreed, f"{agreed:,} · {pct(agreed / shared)}"),
                Bar(
                    "Decided differently",
                    shared - agreed,
                    f"{shared - agreed:,} · {pct((shared - agreed) / shared)}",
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


def _tiles(totals, rates, throughput, waits) -> list[Tile]:
    all_total = sum(t for t, _ in totals.values())
    all_passed = sum(p for _, p in totals.values())
    decisions_total = sum(total for _, total, _ in throughput)
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
        Tile("Decisions", f"{decisions_total:,}", f"by {count_text(len(throughput), 'reviewer')}"),
    ]
