"""The demo's GDPR/BGB answer in real headless Chromium: every legal chip wraps its whole
reference on one line inside the answer, names its unit, and the evidence panel shows the level
an unresolved one fails at."""

import pytest
from playwright.sync_api import expect

from citations.management.commands.load_demo import demo_answers
from tests.browser.conftest import log_in
from tests.factories import ApiClientFactory, UserFactory, make_answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The demo answer, and one more sentence citing a paragraph the evidence does not give.
EXTRA = (
    " The controller must be able to demonstrate compliance with these principles (Art. 5(2) GDPR)."
)
# What a sighted reader sees in a chip: its text without the screen reader's words and glyph.
SHOWN = """e => {
  const copy = e.cloneNode(true);
  copy.querySelectorAll(".sr-only, .chip-warn").forEach((x) => x.remove());
  return copy.textContent;
}"""
CHIPS = [
    ("(Art. 5(1)(a) GDPR)", "GDPR · Art. 5(1)(a) — supports the sentence"),
    ("Art. 6 para. 1 lit. f GDPR", "GDPR · Art. 6(1)(f) — supports the sentence"),
    ("Article 17(1) GDPR", "GDPR · Article 17(1) — supports the sentence"),
    ("Article 33(1) GDPR", "GDPR · Article 33(1) — unresolved, article not in evidence"),
    ("(§ 823 Abs. 1 BGB)", "BGB · § 823(1) — supports the sentence"),
    ("(Art. 5(2) GDPR)", "GDPR · Art. 5(2) — unresolved, paragraph not in evidence"),
]


@pytest.fixture
def answer(db):
    UserFactory(username="edna", groups=["editor"])
    (demo,) = [a for a in demo_answers() if a["external_id"] == "legal-gdpr-bgb"]
    return make_answer(
        client=ApiClientFactory(name=demo["client"]),
        text=demo["text"] + EXTRA,
        evidence=demo["evidence"],
        question=demo["question"],
    )


def test_legal_chips_show_their_unit_and_level_of_failure(
    page, live_server, watch, answer, artifacts
):
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "edna")
    page.goto(f"{live_server.url}/answers/{answer.pk}/")
    text = page.locator("#answer-text")
    expect(text).to_be_visible()

    chips = text.locator("a.chip-legal")
    expect(chips).to_have_count(len(CHIPS))
    box = text.bounding_box()
    for n, (raw, title) in enumerate(CHIPS):
        chip = chips.nth(n)
        expect(chip).to_have_attribute("title", title)
        expect(chip).to_have_accessible_name(f"{raw} ({title})")
        # The whole reference, on one line, inside the answer's column.
        assert chip.evaluate(SHOWN) == raw
        chip_box = chip.bounding_box()
        assert chip_box["height"] < 30, (raw, chip_box)  # one line
        assert box["x"] <= chip_box["x"]
        assert chip_box["x"] + chip_box["width"] <= box["x"] + box["width"]

    chips.nth(5).click()
    panel = page.locator("#evidence-body .ev")
    expect(panel).to_have_attribute("data-selected", "5")
    selected = panel.locator(".ev-cit.is-selected")
    expect(selected.locator(".unit")).to_have_text("GDPR · Art. 5(2)")
    expect(selected.locator(".tag-failure")).to_have_text("paragraph not in evidence")
    expect(selected.locator(".reason")).to_contain_text("is given only as paragraph 1")
    page.screenshot(path=str(artifacts / "legal-answer.png"), full_page=True)
    text.screenshot(path=str(artifacts / "legal-answer-text.png"))
    panel.screenshot(path=str(artifacts / "legal-answer-panel.png"))

    # A narrow window: chips still whole, never past the answer's edge.
    page.set_viewport_size({"width": 420, "height": 900})
    box = text.bounding_box()
    for n in range(len(CHIPS)):
        chip_box = chips.nth(n).bounding_box()
        assert chip_box["x"] + chip_box["width"] <= box["x"] + box["width"] + 1, CHIPS[n][0]
    page.screenshot(path=str(artifacts / "legal-answer-narrow.png"), full_page=True)
