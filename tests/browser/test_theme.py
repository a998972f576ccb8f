"""Light and dark schemes in real Chromium, on the demo data a new user sees: every piece of text
on the login page, the queue, an answer with its evidence panel and the metrics page meets WCAG
AA against the background it is painted on, in both schemes; screenshots of each, light and
dark, at 1280 px go to tests/artifacts/."""

import io
import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from citations.models import Answer
from citations.services import answer_revise
from tests.browser.conftest import PASSWORD, log_in
from tests.factories import UserFactory
from tests.web.test_theme_contrast import contrast, luminance

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# For every visible element with text of its own: its colour (SVG text: its fill) and the
# background it is painted on, the element's and its ancestors' backgrounds composited, as
# opaque "#rrggbb", with its size, so the test can ask for 4.5:1 or, for large text, 3:1.
PAINTED_TEXT = """() => {
  const channels = (value) => {
    let m = value.match(/^rgba?\\(([^)]*)\\)$/);
    if (m) {
      const [r, g, b, a = 1] = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
      return [r, g, b, a];
    }
    m = value.match(/^color\\(srgb ([^)]*)\\)$/);  // what color-mix() computes to
    if (m) {
      const [r, g, b, a = 1] = m[1].split(/[\\s\\/]+/).filter(Boolean).map(Number);
      return [r * 255, g * 255, b * 255, a];
    }
    throw new Error("unread colour " + value);
  };
  const over = (top, under) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1);
  };
  const byte = (v) => Math.round(v).toString(16).padStart(2, "0");
  const hex = (c) => "#" + c.slice(0, 3).map(byte).join("");
  // Under everything, the canvas: the page sets its own background, so this is rarely seen.
  const dark = matchMedia("(prefers-color-scheme: dark)").matches;
  const canvas = dark ? [0, 0, 0, 1] : [255, 255, 255, 1];
  const background = (el) => {
    const layers = [];
    for (let node = el; node; node = node.parentElement) {
      if (node instanceof SVGElement && !(node instanceof SVGSVGElement)) continue;
      layers.push(channels(getComputedStyle(node).backgroundColor));
    }
    return layers.reverse().reduce((under, top) => over(top, under), canvas);
  };
  const found = [];
  for (const el of document.body.querySelectorAll("*")) {
    if (["SCRIPT", "STYLE", "TITLE", "DESC", "OPTION", "TEMPLATE"].includes(el.tagName)) continue;
    const texts = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE);
    const own = texts.map((n) => n.data).join("").trim();
    if (!own || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const box = el.getBoundingClientRect();
    // Not painted where anyone sees it: .sr-only text, the skip link parked off screen.
    if (box.width <= 1 || box.height <= 1 || box.right < 0 || box.bottom < 0) continue;
    const style = getComputedStyle(el);
    const bg = background(el);
    const fg = over(channels(el instanceof SVGElement ? style.fill : style.color), bg);
    const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
    found.push({
      text: own.slice(0, 40), tag: el.tagName.toLowerCase(), cls: el.getAttribute("class") || "",
      fg: hex(fg), bg: hex(bg), large: size >= 24 || (bold && size >= 18.66),
    });
  }
  return found;
}"""


def low_contrast(page) -> list[str]:
    failing, painted = [], page.evaluate(PAINTED_TEXT)
    assert len(painted) >= 5  # it did read the page
    for item in painted:
        ratio, need = contrast(item["fg"], item["bg"]), 3.0 if item["large"] else 4.5
        if ratio < need:
            failing.append(
                f"{item['tag']}.{item['cls']} {item['text']!r}: {item['fg']} on {item['bg']}"
                f" {ratio:.2f} < {need}"
            )
    return failing


def body_colours(page) -> tuple[str, str]:
    return page.evaluate("""() => {
      const s = getComputedStyle(document.body);
      return [s.color, s.backgroundColor];
    }""")


def rgb_hex(value: str) -> str:
    r, g, b = (int(part) for part in value[value.index("(") + 1 : -1].split(",")[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


def check_both_schemes(page) -> None:
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        text, background = (rgb_hex(value) for value in body_colours(page))
        assert contrast(text, background) >= 4.5, scheme
        assert (luminance(background) < 0.05) == (scheme == "dark")
        assert low_contrast(page) == [], scheme
    page.emulate_media(color_scheme="null")


@pytest.fixture
def demo(db):
    # The roles as the migration makes them: an earlier transactional test may have flushed them.
    for name in ("reviewer", "editor"):
        UserFactory(username=name, groups=[name])
    call_command("load_demo", password=PASSWORD, stdout=io.StringIO())
    return {answer.external_id: answer for answer in Answer.objects.all()}


def test_every_page_is_legible_in_both_schemes(
    page, live_server, watch, demo, screenshots, settings
):
    page.set_viewport_size({"width": 1280, "height": 900})
    settings.DEBUG = True  # as under make run: the login page names the demo accounts
    page.goto(f"{live_server.url}/accounts/login/")
    hint = page.locator("[data-demo-hint]")
    expect(hint).to_contain_text("Demo accounts: reviewer and editor.")
    check_both_schemes(page)
    screenshots("login")

    # What the hint says works: its second account, with the password load_demo was given.
    page.get_by_label("Username").fill(hint.locator("code").nth(1).inner_text())
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")
    expect(page.locator(".who")).to_contain_text("editor")
    settings.DEBUG = False
    expect(page.locator(".row").first).to_be_visible()
    check_both_schemes(page)
    screenshots("queue")

    # An answer that fails on a number: the panel shows the conflict and the passage's span.
    page.goto(f"{live_server.url}/answers/{demo['demo-hr-expenses-wrong'].pk}/")
    expect(page.locator("#answer-text")).to_be_visible()
    expect(page.locator(".claim-mine")).to_be_visible()
    check_both_schemes(page)
    screenshots("answer")
    screenshots("evidence", page.locator("#evidence"))

    # Decided: approved and rejected sentences, the history, the outcome.
    page.goto(f"{live_server.url}/answers/{demo['demo-legal-rejected-leave'].pk}/")
    expect(page.locator("#answer-text")).to_be_visible()
    check_both_schemes(page)
    screenshots("answer-decided")

    page.goto(f"{live_server.url}/metrics/")
    expect(page.locator(".chart").first).to_be_visible()
    check_both_schemes(page)
    screenshots("metrics")


def test_the_checker_finds_faint_text_on_composited_backgrounds(page):
    page.set_content(
        '<body style="margin:0;background:#ffffff;color:#1b1f24">'
        '<p>plain, legible</p><p style="color:#aaaaaa">faint grey</p>'
        '<div style="background:rgb(0 0 0 / 50%)"><span style="color:#777777">dim on grey</span>'
        '<b style="color:#ffffff;font-size:30px">large white</b></div>'
        '<svg><text x="0" y="20" style="fill:#dddddd">pale chart label</text></svg></body>'
    )
    assert [line.split(":")[0] for line in low_contrast(page)] == [
        "p. 'faint grey'",
        "span. 'dim on grey'",
        "text. 'pale chart label'",
    ]


def test_revisions_corrections_and_dialogs_are_legible_in_both_schemes(
    page, live_server, watch, demo, screenshots
):
    answer = demo["demo-hr-expenses-wrong"]
    revised = answer_revise(
        answer=answer,
        # The uncited sentence stays: an answer with nothing flagged is not corrected, and
        # the correction form is screenshotted below.
        text="Accommodation is reimbursed up to 1,500 EUR per trip [1]. "
        "Receipts are due within 30 days [1]. "
        "Hotel upgrades need written approval from your manager before booking.",
        note="Limit from the handbook.",
    )
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "editor")

    # The new revision: the revision bar and the sentence diff against the original.
    page.goto(f"{live_server.url}/answers/{revised.pk}/")
    expect(page.locator(".diff-row").first).to_be_visible()
    check_both_schemes(page)
    screenshots("revision")

    # The superseded original says so; the correction form with an error on it.
    page.goto(f"{live_server.url}/answers/{answer.pk}/")
    expect(page.locator(".banner-superseded")).to_be_visible()
    check_both_schemes(page)
    page.goto(f"{live_server.url}/answers/{revised.pk}/revise/")
    page.locator("textarea.revise-text").fill("")
    page.get_by_role("button", name=re.compile(r"^Save and verify revision")).click()
    expect(page.locator(".field-error").first).to_be_visible()
    # The refused form answers 422, which Chromium logs; nothing else may be logged.
    assert [error for error in watch.console_errors if "422" not in error] == []
    watch.console_errors.clear()
    check_both_schemes(page)
    screenshots("revise-form")

    page.goto(f"{live_server.url}/answers/{revised.pk}/")
    expect(page.locator("#answer-text")).to_be_visible()
    page.keyboard.press("?")
    expect(page.locator("#shortcuts")).to_be_visible()
    check_both_schemes(page)
    screenshots("shortcuts", page.locator("#shortcuts"))


def test_the_api_docs_follow_the_dark_scheme(page, live_server, watch):
    for scheme, dark in (("light", False), ("dark", True)):
        page.emulate_media(color_scheme=scheme)
        page.goto(f"{live_server.url}/api/v1/docs/")
        expect(page.locator(".swagger-ui .info .title")).to_be_visible()
        background = rgb_hex(page.evaluate("getComputedStyle(document.body).backgroundColor"))
        if background == "#000000":  # a transparent body: the page's own canvas
            background = rgb_hex(
                page.evaluate(
                    "getComputedStyle(document.querySelector('.swagger-ui')).backgroundColor"
                )
            )
        title = rgb_hex(
            page.evaluate("getComputedStyle(document.querySelector('.info .title')).color")
        )
        assert (luminance(background) < 0.05) == dark, (scheme, background)
        assert contrast(title, background) >= 4.5, (scheme, title, background)
    page.emulate_media(color_scheme="null")
