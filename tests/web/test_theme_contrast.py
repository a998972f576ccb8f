"""The stylesheet's colours, light and dark, meet WCAG AA for every pair the rules use.

The custom properties are read from static/css/app.css: the light scheme from its top-level
`:root` blocks, the dark scheme from those plus `@media (prefers-color-scheme: dark)`. Text needs
4.5:1 against its background; graphics and UI components (chart marks, meter bars, focus rings,
input borders) need 3:1 (WCAG 1.4.3 and 1.4.11).
"""

import re
from pathlib import Path

import pytest

from citations.domain.statuses import COMPLETED_STATUSES, ReviewStatus

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "app.css"
TEXT, GRAPHIC = 4.5, 3.0

# (foreground, background, minimum): each pair some rule in app.css puts together.
PAIRS = [
    *[("text", bg, TEXT) for bg in ("bg", "surface", "surface-2", "surface-dim", "accent-soft")],
    # Sentence highlights and the matched span: the reading text on its tint.
    *[("text", bg, TEXT) for bg in ("ok-bg", "bad-bg", "warn-bg", "ok-bg-soft", "bad-bg-strong")],
    ("text", "mark-bg", TEXT),
    *[("muted", bg, TEXT) for bg in ("bg", "surface", "surface-2", "surface-dim")],
    *[("accent", bg, TEXT) for bg in ("bg", "surface", "surface-2", "accent-soft")],
    ("accent-ink", "accent", TEXT),
    ("accent-ink", "accent-hover", TEXT),
    ("accent-strong", "accent-soft", TEXT),
    # Status words: on their tint (badges, pills, messages) and on the plain surface.
    *[(tone, f"{tone}-bg", TEXT) for tone in ("ok", "bad", "warn")],
    *[(tone, "surface", TEXT) for tone in ("ok", "bad", "warn")],
    *[(f"{tone}-strong", f"{tone}-bg", TEXT) for tone in ("ok", "bad", "warn")],
    # Icons and decision labels: text on a solid status colour.
    *[("on-solid", tone, TEXT) for tone in ("ok", "bad", "warn")],
    ("legal", "legal-bg", TEXT),
    ("toast-text", "toast-bg", TEXT),
    # Graphics and components.
    *[(f"c{n}", "surface", GRAPHIC) for n in range(5)],
    ("c-bad", "surface", GRAPHIC),
    ("c-warn", "surface", GRAPHIC),
    *[(bar, "surface-2", GRAPHIC) for bar in ("ok-line", "bad-line", "muted")],
    ("focus", "surface", GRAPHIC),
    ("focus", "bg", GRAPHIC),
    ("field-border", "surface", GRAPHIC),
]

HEX = r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b"
DARK = re.compile(r"@media\s*\(prefers-color-scheme:\s*dark\)\s*\{\s*:root\s*\{(.*?)\}\s*\}", re.S)


def properties(block: str) -> dict[str, str]:
    return dict(re.findall(rf"--([\w-]+):\s*({HEX})\s*;", block))


def stylesheet() -> str:
    return re.sub(r"/\*.*?\*/", "", CSS.read_text(encoding="utf-8"), flags=re.S)


def schemes() -> dict[str, dict[str, str]]:
    css = stylesheet()
    (dark_block,) = DARK.findall(css)
    rest = DARK.sub("", css)
    light = {}
    for block in re.findall(r"(?<![\w-]):root\s*\{(.*?)\}", rest, re.S):
        light.update(properties(block))
    return {"light": light, "dark": {**light, **properties(dark_block)}}


def luminance(colour: str) -> float:
    """WCAG 2.x relative luminance of an sRGB hex colour."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(2 * digit for digit in digits)
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_luminance_and_contrast_match_wcag_reference_values():
    assert luminance("#000") == 0 and luminance("#ffffff") == 1
    assert contrast("#000000", "#fff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # WebAIM's example
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_pair_meets_wcag_aa(scheme):
    colours = schemes()[scheme]
    failing = [
        f"{fg} on {bg}: {contrast(colours[fg], colours[bg]):.2f} < {minimum}"
        for fg, bg, minimum in PAIRS
        if contrast(colours[fg], colours[bg]) < minimum
    ]
    assert failing == []


def test_the_dark_scheme_redefines_every_colour_and_is_dark():
    light = schemes()["light"]
    (dark_block,) = DARK.findall(stylesheet())
    dark = properties(dark_block)
    assert set(light) - set(dark) == set()
    assert set(dark) - set(light) == set()
    assert len(dark) > 40
    assert luminance(dark["bg"]) < 0.02 and luminance(dark["text"]) > 0.7


def test_rules_take_their_colours_from_the_custom_properties():
    # A colour written into a rule would stay the same in the dark scheme: outside the
    # definitions, hex colours are not used (shadows and backdrops use rgb() with alpha).
    css = DARK.sub("", stylesheet())
    rules = re.sub(r"(?<![\w-]):root\s*\{.*?\}", "", css, flags=re.S)
    assert re.findall(rf"[^{{}}]*(?:{HEX})[^{{}}]*", rules) == []


def test_every_review_status_has_a_coloured_pill_and_tag():
    # The answer page's status pill and the queue row's tag: "Returned" came later than the
    # others and showed as plain, uncoloured text beside the coloured counts.
    css = stylesheet()
    for status in ReviewStatus.values:
        pill = re.search(rf"\.status-{status}\s*\{{([^}}]*)\}}", css)
        assert pill and "color: var(--" in pill.group(1), status
    for status in COMPLETED_STATUSES:
        tag = re.search(rf"\.tag-{status}\s*\{{([^}}]*)\}}", css)
        assert tag and "border-color: var(--" in tag.group(1), status
        assert re.search(rf"\.status-{status}::before\s*\{{\s*content:", css), status
