"""The SVG charts: values as text, untrusted labels escaped, accessible names, and a width
that follows the card's (percentages, no viewBox to scale the text)."""

import re

import pytest

from citations.web.rendering.charts import Bar, Series, bar_chart, line_chart


def test_a_bar_chart_prints_every_value_and_escapes_labels():
    svg = bar_chart(
        "rates",
        "Validation rate <per client>",
        [Bar("<script>alert(1)</script>", 0.4, "40%"), Bar("Legal & Co", 0.8, "80%")],
    )
    assert svg.startswith("<svg")
    assert 'role="img"' in svg
    assert 'aria-labelledby="rates-title" aria-describedby="rates-desc"' in svg
    assert '<title id="rates-title">Validation rate &lt;per client&gt;</title>' in svg
    assert "<script>" not in svg
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in svg
    assert "Legal &amp; Co" in svg
    assert ">40%<" in svg and ">80%<" in svg
    assert svg.count('class="bar bar-') == 2


def test_a_longer_bar_for_a_larger_value():
    svg = bar_chart("b", "t", [Bar("a", 1, "1"), Bar("b", 3, "3")])
    widths = [float(w) for w in re.findall(r'<rect[^>]* width="([\d.]+)%"', svg)]
    assert widths == [pytest.approx(100 / 3, rel=0.01), 100.0]
    # Each value follows its bar, whatever width the card gives the chart.
    assert '<text class="chart-value" x="100.00%" dx="6" y="17">3</text>' in svg


def test_charts_fill_their_width_and_keep_their_text_size():
    bars = bar_chart("b", "t", [Bar("a", 1, "1")])
    lines = line_chart("l", "t", ["1 Nov", "2 Nov"], [Series("acme", [0.5, 1.0])])
    for svg, kind in ((bars, "bars"), (lines, "lines")):
        outer = svg[: svg.index(">") + 1]
        assert f'class="chart chart-{kind}" width="100%"' in outer
        assert "viewBox" not in outer  # a viewBox would scale the text with the card
    # The lines are stretched across the plot; their markers and labels are placed by share.
    assert (
        'preserveAspectRatio="none"><polyline class="series-0" points="0.0,101.0 1000.0,12.0"'
        in (lines)
    )
    assert '<use href="#marker-circle" x="100.00%" y="12.0"' in lines
    assert 'x="100.00%" dx="8" y="16.0">acme 100%</text>' in lines


def test_a_line_chart_gives_each_series_its_own_dash_and_marker():
    svg = line_chart(
        "share",
        "Share passed",
        ["1 Nov", "2 Nov", "3 Nov"],
        [Series("acme", [0.5, None, 1.0]), Series("beta <b>", [0.0, 0.25, 0.5])],
    )
    assert 'stroke-dasharray=""' in svg and 'stroke-dasharray="6 4"' in svg
    assert "#marker-circle" in svg and "#marker-square" in svg
    assert "beta &lt;b&gt;" in svg and "<b>" not in svg
    # No point is drawn where a day has no data.
    assert svg.count('href="#marker-circle"') == 2
    assert "acme: 1 Nov 50%, 3 Nov 100%" in svg


def test_charts_without_data_say_so():
    assert "No data in this range" in bar_chart("e", "Empty", [])
    assert "No data in this range" in line_chart("e", "Empty", [], [])
