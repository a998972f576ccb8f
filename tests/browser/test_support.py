"""The support score and the engine's suggested citation in real headless Chromium: select the
unsupported sentence, read its score, open the suggested passage with one click."""

import pytest
from playwright.sync_api import expect

from tests.api.payloads import SUPPORT_TEXT, engine_scores, suggested_support
from tests.browser.conftest import log_in
from tests.factories import ApiClientFactory, UserFactory, make_answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def answer(db):
    UserFactory(username="rita", groups=["reviewer"])
    return make_answer(
        client=ApiClientFactory(name="HR knowledge base"),
        text=SUPPORT_TEXT,
        question="How much leave and overtime pay?",
    )


def test_support_score_and_suggested_passage(page, live_server, watch, answer, artifacts):
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    page.goto(f"{live_server.url}/answers/{answer.pk}/")
    expect(page.locator("#answer-text")).to_be_visible()

    # The wrong-passage sentence: cited [1], supported by [2].
    page.locator('.answer-text .s[data-s="2"] .s-mark').click()
    panel = page.locator("#evidence-body .ev")
    expect(panel).to_have_attribute("data-selected", "2")
    expect(panel.locator(".support")).to_contain_text(f"{engine_scores(SUPPORT_TEXT)[2]:.3f}")
    expect(panel.locator(".support")).to_contain_text("little support")
    expect(panel.locator(".ev-cit-label")).to_have_text(
        "carries some of the sentence's terms, does not support it"
    )
    suggestion = panel.locator(".suggest")
    expect(suggestion).to_contain_text(f"support {suggested_support(SUPPORT_TEXT, 2):.3f}")

    suggestion.get_by_role("link", name="Open passage [2]").click()
    opened = page.locator("#suggested-2")
    expect(opened).to_be_visible()
    expect(opened.locator("b.term").first).to_be_visible()
    assert "/evidence" not in page.url  # swapped in place, not a page load
    page.screenshot(path=str(artifacts / "support-suggestion.png"), full_page=True)

    # The wrong number names what the passage says; the malformed citation is marked.
    page.locator('.answer-text .s[data-s="1"] .s-mark').click()
    expect(panel).to_have_attribute("data-selected", "1")
    expect(panel.locator(".conflict")).to_contain_text(
        "the sentence says 99 days; passage [1] says 30 days"
    )
    expect(page.locator(".answer-text .chip-malformed")).to_have_attribute(
        "title", "malformed: not a citation that can be read"
    )
    page.screenshot(path=str(artifacts / "support-number.png"))
