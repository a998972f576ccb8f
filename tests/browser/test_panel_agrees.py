"""Issue 22 in real headless Chromium: a missing term another passage holds says where it is,
a disguised citation shows on its chip, a legal unit reads in the citation's own word; the
panel is saved in light and dark under tests/artifacts/panel-agrees-*."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.factories import UserFactory, make_answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EVIDENCE = [
    {
        "title": "Lost devices",
        "text": "A lost or stolen laptop must be reported to the security team within 24 hours "
        "so it can be wiped remotely.",
    },
    {
        "title": "Social Security Law, Article 12",
        "law": "Social Security Law",
        "article": "12",
        "text": "The employer contributes 12.5 percent of the insured wage each month.",
    },
    {"title": "Parental leave", "text": "The company offers 16 weeks of paid parental leave."},
]
TEXT = (
    "The laptop is then wiped remotely [5]. "
    "A lost laptop must be reported within 24 hours [1\u200b]. "
    "The employer contributes 12.5 percent of the insured wage [Social Security Law, Article 12]. "
    "The leave can be split into four blocks of four weeks [3]."
)


@pytest.fixture
def answer(db):
    UserFactory(username="rita", groups=["reviewer"])
    return make_answer(text=TEXT, evidence=EVIDENCE, question="Devices, pay and leave")


def test_the_panel_agrees_with_itself(page, live_server, watch, answer, screenshots):
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    page.goto(f"{live_server.url}/answers/{answer.pk}/?s=0#evidence")
    panel = page.locator("#evidence-body")
    expect(panel).to_contain_text("laptop no passage cited; in [1]")
    expect(panel).not_to_contain_text("Not in the evidence")
    screenshots("panel-agrees-missing")

    chip = page.locator("#answer-text a.chip-disguised")
    expect(chip).to_have_count(1)
    expect(chip.locator(".sr-only")).to_contain_text("hidden characters removed")
    chip.click()
    expect(panel).to_contain_text("hidden characters removed from this citation")
    screenshots("panel-agrees-disguised", page.locator("main"))

    page.goto(f"{live_server.url}/answers/{answer.pk}/?s=2&c=0#evidence")
    expect(panel.locator(".unit")).to_have_text("Social Security Law · Article 12")
    page.goto(f"{live_server.url}/answers/{answer.pk}/?s=3#evidence")
    # One count, the reason's: "four" is a number the passage lacks, not a key term.
    expect(panel).to_contain_text("only 2 of 4 key terms")
    expect(panel.locator(".terms").first).to_have_text(
        re.compile(r"^\s*Matched terms 2 of 4 key terms\s+leave\s+weeks\s*$")
    )
    screenshots("panel-agrees-count", page.locator("main"))
