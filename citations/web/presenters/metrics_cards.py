"""A chart's card on the metrics page, and the one way a bar chart's card is built."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from django.utils.safestring import SafeString

from citations.web.rendering.charts import Bar, bar_chart


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

    @property
    def table(self) -> list[tuple]:
        """The rows as (first cell, the others): the table's markup writes the first as the
        row's header without a test on every cell (issue 23)."""
        return [(row[0], row[1:]) for row in self.rows]


def bar_card(
    chart_id: str,
    *,
    heading: str,
    title: str,
    bars: Sequence[Bar],
    columns: tuple[str, ...],
    rows: list[tuple],
    summary: Callable[[], str],
    empty: str,
    tone: str = "accent",
    maximum: float | None = None,
) -> ChartCard:
    """A bar chart's card. `summary` is called only when there are bars (it may read the first
    one); without bars the card says `empty` and has no table."""
    return ChartCard(
        id=chart_id,
        heading=heading,
        summary=summary() if bars else empty,
        svg=bar_chart(chart_id, title, bars, maximum=maximum),
        columns=columns,
        rows=list(rows) if bars else [],
        tone=tone,
    )
