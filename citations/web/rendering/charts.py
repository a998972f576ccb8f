"""Server-rendered SVG charts for the metrics page.

Every label is escaped (client names and law labels are untrusted), colours come from classes
in the site's stylesheet (the CSP allows no inline style), and nothing relies on colour alone:
bars carry their value as text, and each line series has its own dash pattern, marker shape
and a label at its end.

A chart fills the width of its card at any size: it has no viewBox (which would scale its text
with the card), its horizontal positions are percentages of the plot, and the stylesheet pads
the SVG to leave room for the labels drawn left and right of the plot (`chart-bars`,
`chart-lines`). Vertical positions are pixels, so text keeps the page's size.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

BAR_HEIGHT = 26
# The line chart's polylines are drawn in a stretched inner SVG this many units wide (their
# stroke does not stretch: `vector-effect` in the stylesheet).
LINE_UNITS = 1000
DASHES = ("", "6 4", "2 3", "10 3 2 3", "1 5")
MARKERS = ("circle", "square", "diamond", "triangle", "cross")


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    text: str  # the value as the reader should see it: "82%", "14"


@dataclass(frozen=True)
class Series:
    label: str
    points: Sequence[float | None]  # one value (0..1) per x label; None where there is no data


def _frame(chart_id: str, title: str, description: str, height: int, body: SafeString, kind: str):
    return format_html(
        '<svg class="chart chart-{kind}" width="100%" height="{h}" role="img" '
        'aria-labelledby="{id}-title" aria-describedby="{id}-desc">'
        '<title id="{id}-title">{title}</title><desc id="{id}-desc">{desc}</desc>{body}</svg>',
        kind=kind,
        h=height,
        id=chart_id,
        title=title,
        desc=description,
        body=body,
    )


def bar_chart(chart_id: str, title: str, bars: Sequence[Bar], *, maximum: float | None = None):
    """Horizontal bars, one row each, the value printed beside every bar."""
    if not bars:
        return _empty(chart_id, title)
    top = maximum or max(bar.value for bar in bars) or 1
    # Labels end left of the plot (in the SVG's left padding), values follow their bar.
    rows = format_html_join(
        "",
        '<g class="bar-row" transform="translate(0 {y})">'
        '<text class="chart-label" x="-8" y="17" text-anchor="end">{label}</text>'
        '<rect class="bar bar-{n}" x="0" y="4" width="{w}%" height="{bh}" rx="3"></rect>'
        '<text class="chart-value" x="{w}%" dx="6" y="17">{text}</text></g>',
        (
            {
                "y": i * BAR_HEIGHT + 8,
                "label": _shorten(bar.label, 28),
                "n": i % 5,
                "w": _num(max(0.2, 100 * bar.value / top), 2),
                "bh": BAR_HEIGHT - 8,
                "text": bar.text,
            }
            for i, bar in enumerate(bars)
        ),
    )
    description = "; ".join(f"{bar.label}: {bar.text}" for bar in bars)
    return _frame(chart_id, title, description, len(bars) * BAR_HEIGHT + 16, rows, "bars")


@dataclass(frozen=True)
class _Plot:
    """The line chart's drawing area: x by point index as a share of the width (0..1), y by
    share (0..1) in pixels from the top."""

    points: int
    top: int = 12
    bottom: int = 190

    def x(self, i: int) -> float:
        return i / max(1, self.points - 1)

    def pct(self, i: int) -> str:
        """x as an SVG percentage of the plot's width."""
        return _num(100 * self.x(i), 2) + "%"

    def y(self, value: float) -> float:
        return self.bottom - (self.bottom - self.top) * value


def line_chart(chart_id: str, title: str, x_labels: Sequence[str], series: Sequence[Series]):
    """Shares (0..1) over time, one line per series, y axis 0 to 100%."""
    if not x_labels or not series:
        return _empty(chart_id, title)
    plot = _Plot(points=len(x_labels))
    body = format_html(
        "{defs}{grid}{ticks}{lines}",
        defs=_MARKER_DEFS,
        grid=_line_grid(plot),
        ticks=_line_ticks(plot, x_labels),
        lines=_line_series(plot, series),
    )
    description = "; ".join(
        f"{s.label}: "
        + ", ".join(
            f"{label} {v * 100:.0f}%"
            for label, v in zip(x_labels, s.points, strict=False)
            if v is not None
        )
        for s in series
    )
    return _frame(chart_id, title, description, plot.bottom + 28, body, "lines")


def _line_grid(plot: _Plot) -> SafeString:
    return format_html_join(
        "",
        '<line class="grid" x1="0" x2="100%" y1="{y}" y2="{y}"></line>'
        '<text class="chart-axis" x="-6" y="{ty}" text-anchor="end">{pct}%</text>',
        (
            {
                "y": _num(plot.y(v / 100)),
                "ty": _num(plot.y(v / 100) + 4),
                "pct": v,
            }
            for v in (0, 25, 50, 75, 100)
        ),
    )


def _line_ticks(plot: _Plot, x_labels: Sequence[str]) -> SafeString:
    every = max(1, len(x_labels) // 6)
    return format_html_join(
        "",
        '<text class="chart-axis" x="{x}" y="{y}" text-anchor="middle">{label}</text>',
        (
            {"x": plot.pct(i), "y": plot.bottom + 18, "label": label}
            for i, label in enumerate(x_labels)
            if i % every == 0 or i == len(x_labels) - 1
        ),
    )


def _line_series(plot: _Plot, series: Sequence[Series]) -> SafeString:
    """Each series' line, its markers and its end label (spread so labels never overlap).

    The lines share one inner SVG stretched to the plot's width; markers and labels are placed
    by percentage outside it, so their shapes and text are not stretched."""
    label_y = _spread_labels(
        {
            n: plot.y(known[-1]) + 4
            for n, item in enumerate(series)
            if (known := [v for v in item.points if v is not None])
        },
        top=plot.top + 4,
        bottom=plot.bottom + 4,
    )
    paths, marks = [], []
    for n, item in enumerate(series):
        known = [(i, v) for i, v in enumerate(item.points) if v is not None]
        if not known:
            continue
        path = " ".join(f"{plot.x(i) * LINE_UNITS:.1f},{plot.y(v):.1f}" for i, v in known)
        paths.append(
            format_html(
                '<polyline class="series-{n}" points="{path}" fill="none" '
                'stroke-dasharray="{dash}"></polyline>',
                n=n % 5,
                path=path,
                dash=DASHES[n % 5],
            )
        )
        last_i, last_v = known[-1]
        markers = format_html_join(
            "",
            '<use href="#marker-{shape}" x="{x}" y="{y}" class="series-{n}"></use>',
            (
                {"shape": MARKERS[n % 5], "x": plot.pct(i), "y": _num(plot.y(v)), "n": n % 5}
                for i, v in known
            ),
        )
        marks.append(
            format_html(
                '<g class="series series-{n}">{markers}'
                '<text class="chart-label" x="{lx}" dx="8" y="{ly}">{label} {pct}%</text></g>',
                n=n % 5,
                markers=markers,
                lx=plot.pct(last_i),
                ly=_num(label_y[n]),
                label=_shorten(item.label, 14),
                pct=_num(last_v * 100, 0),
            )
        )
    stretched = format_html(
        '<svg class="chart-paths" width="100%" height="{h}" viewBox="0 0 {w} {h}" '
        'preserveAspectRatio="none">{paths}</svg>',
        w=LINE_UNITS,
        h=plot.bottom + 28,
        paths=SafeString("".join(paths)),
    )
    return SafeString(stretched + "".join(marks))


_MARKER_DEFS = SafeString(
    "<defs>"
    '<circle id="marker-circle" cx="0" cy="0" r="3.5"></circle>'
    '<rect id="marker-square" x="-3.5" y="-3.5" width="7" height="7"></rect>'
    '<path id="marker-diamond" d="M0,-4.5 L4.5,0 L0,4.5 L-4.5,0 Z"></path>'
    '<path id="marker-triangle" d="M0,-4.5 L4.5,4 L-4.5,4 Z"></path>'
    '<path id="marker-cross" d="M-4,-4 L4,4 M4,-4 L-4,4" stroke-width="2"></path>'
    "</defs>"
)


def _empty(chart_id: str, title: str):
    body = format_html(
        '<text class="chart-empty" x="50%" y="34" text-anchor="middle">{text}</text>',
        text="No data in this range",
    )
    return _frame(chart_id, title, "No data in this range.", 56, body, "empty")


LABEL_GAP = 14


def _spread_labels(wanted: dict[int, float], *, top: float, bottom: float) -> dict[int, float]:
    """End-of-line labels moved apart vertically so that none overlaps another."""
    order = sorted(wanted, key=lambda n: (wanted[n], n))
    placed: dict[int, float] = {}
    previous = None
    for n in order:
        at = wanted[n] if previous is None else max(wanted[n], previous + LABEL_GAP)
        placed[n] = previous = at
    overflow = (previous or 0) - bottom
    if overflow > 0:  # pushed below the chart: shift the stack up, keeping the gaps
        for n in order:
            placed[n] = max(top, placed[n] - overflow)
    return placed


def _num(value: float, digits: int = 1) -> str:
    # format_html escapes its arguments to strings first, so numbers are formatted here.
    return f"{value:.{digits}f}"


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
