"""The review loop in real Chromium, by keyboard and mouse: one cursor that j/k, clicks on
sentences and chips all move, with the evidence panel on it; a/r decide the current sentence
(with a reason) and move on without the page jumping; u undoes; the last decision shows the
outcome and Enter goes on. No console error, no CSP violation (the `watch` fixture)."""

import re

import pytest
from playwright.sync_api import expect

from citations.models import Decision
from tests.browser.conftest import log_in
from tests.factories import ApiClientFactory, UserFactory, make_answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EVIDENCE = [
    {"text": "Employees are entitled to 30 days of paid annual leave per year.", "title": "Leave"},
    {"text": "Overtime is paid at 150 percent of the regular hourly wage.", "title": "Overtime"},
    {
        "text": "Expense claims: submit your receipts within 30 days of purchase. "
        "Late claims are refused.",
        "title": "Expenses",
    },
    {"text": "Submit receipts for travel within 14 days to the finance team.", "title": "Travel"},
]
# s0 verified; s1 unsupported (200 percent, passage [2] says 150); s2 uncited; s3 unsupported
# (14 days, passage [3] says 30; the engine suggests passage [4]).
TEXT = (
    "Employees get 30 days of paid annual leave [1]. Overtime pays 200 percent [2]. "
    "The manager must approve every request in writing before the leave starts. "
    "Employees must submit receipts within 14 days [3]."
)


@pytest.fixture
def answers(db):
    UserFactory(username="rita", groups=["reviewer"])
    hr = ApiClientFactory(name="HR knowledge base")
    loop = make_answer(client=hr, text=TEXT, evidence=EVIDENCE, question="Expenses and leave")
    other = make_answer(client=hr, text="Employees get 45 days of paid annual leave [1].")
    return loop, other


def open_answer(page, live_server, answer):
    page.goto(f"{live_server.url}/answers/{answer.pk}/")
    expect(page.locator(".claim-mine")).to_be_visible()  # the page's claim request is done


def wait_for_htmx(page):
    """Until htmx has no request in flight and has wired up what it swapped in. j j sends a
    catch-up panel request behind the second, and a link clicked in the 20 ms between a swap
    and its settle is not yet htmx's: it loads as a whole page, which a busy CI machine took
    over the 5 s the next expectation waits (once in three full runs)."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )


def expect_cursor(page, index):
    expect(page.locator("#review")).to_have_attribute("data-cursor", str(index))
    expect(page.locator("#evidence-body .ev")).to_have_attribute("data-selected", str(index))
    expect(page.locator(f'.answer-text .s[data-s="{index}"]').first).to_have_class(
        re.compile("is-selected")
    )


def test_the_whole_keyboard_loop(page, live_server, watch, answers, artifacts):
    loop, other = answers
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    open_answer(page, live_server, loop)
    page.evaluate("window.__noReload = 'still here'")

    # The page starts on the first flagged sentence nobody decided; j/k move cursor and panel.
    expect_cursor(page, 1)
    expect(page.locator("#card-1")).to_have_class(re.compile("is-current"))
    page.keyboard.press("j")
    expect_cursor(page, 2)
    expect(page.locator("#card-2")).to_be_focused()
    page.keyboard.press("j")
    page.keyboard.press("k")
    expect_cursor(page, 2)
    expect(page.locator("#card-3")).not_to_have_class(re.compile("is-current"))

    # A click on a verified sentence moves the same cursor; a/r then decide nothing.
    page.locator('.answer-text .s[data-s="0"]').click(position={"x": 60, "y": 8})
    expect_cursor(page, 0)
    expect(page.locator(".card.is-current")).to_have_count(0)
    page.keyboard.press("a")
    expect(page.locator("#live")).to_contain_text("Sentence 1 is not flagged: nothing to decide")
    page.keyboard.press("r")
    assert Decision.objects.count() == 0

    # A click on a citation chip moves it too, the panel on that citation.
    page.locator('.answer-text .s[data-s="3"] .chip').click()
    expect_cursor(page, 3)
    expect(page.locator("#evidence-body .ev-cit.is-selected")).to_be_visible()

    # a approves sentence 4 and moves on to the next undecided one (from the top).
    page.keyboard.press("a")
    expect(page.locator("#card-3 .decision")).to_have_text("Approved by rita")
    expect_cursor(page, 1)
    expect(page.locator("#card-1")).to_be_focused()

    # r opens the reasons, focused; 2 rejects as "wrong source" and moves on.
    page.keyboard.press("r")
    expect(page.locator("#card-1 .reasons")).to_be_visible()
    expect(page.locator("#card-1").get_by_role("radio", name="Wrong number")).to_be_focused()
    page.keyboard.press("Escape")  # changed my mind
    expect(page.locator("#card-1 .reasons")).to_be_hidden()
    page.keyboard.press("r")
    page.keyboard.press("2")
    expect(page.locator("#card-1 .decision")).to_have_text("Rejected (wrong source) by rita")
    expect_cursor(page, 2)

    # u takes it back: a new decision in the history, the cursor on that sentence again.
    page.keyboard.press("u")
    expect(page.locator("#card-1 .decision")).to_have_text("Not decided")
    expect(page.locator("#card-1 .history-item").last).to_contain_text("Undone")
    expect(page.locator("#card-1 .tag-undone")).to_have_text("taken back")
    expect_cursor(page, 1)
    expect(page.locator("#live")).to_contain_text("Undone: your “Rejected (wrong source)”")

    # r, 5 (other) asks for a note; Enter in it confirms.
    page.keyboard.press("r")
    page.keyboard.press("5")
    expect(page.locator("#note-1")).to_be_focused()
    page.keyboard.type("the rate is 150 percent")
    page.keyboard.press("Enter")
    expect(page.locator("#card-1 .decision")).to_have_text("Rejected (other) by rita")
    expect(page.locator("#card-1 .h-note")).to_have_text("the rate is 150 percent")
    expect_cursor(page, 2)

    # The last one: the outcome shows, focused, and Enter goes to the next answer.
    page.keyboard.press("a")
    expect(page.locator("#outcome")).to_contain_text("The answer is rejected.")
    expect(page.locator("#outcome button")).to_be_focused()
    assert page.evaluate("window.__noReload") == "still here"  # all of it without a reload
    page.screenshot(path=str(artifacts / "answer-loop-done.png"), full_page=True)
    assert [(d.sentence_index, d.action, d.reject_reason) for d in Decision.objects.all()] == [
        (3, "approve", ""),
        (1, "reject", "wrong_source"),
        (1, "undo", ""),
        (1, "reject", "other"),
        (2, "approve", ""),
    ]
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.wait_for_url(f"{live_server.url}/answers/{other.pk}/")
    loop.refresh_from_db()
    assert loop.review_status == "rejected" and loop.claimed_by is None


def test_deciding_keeps_the_page_still(page, live_server, watch, answers):
    loop, _ = answers
    page.set_viewport_size({"width": 1280, "height": 700})
    log_in(page, live_server, "rita")
    open_answer(page, live_server, loop)
    card = page.locator("#card-2")
    card.click(position={"x": 200, "y": 10})
    expect_cursor(page, 2)
    # Card 2 near the top, card 3 below it in view: the page is scrolled, not at its top.
    page.evaluate("document.getElementById('card-2').scrollIntoView({block: 'start'})")
    page.evaluate("window.scrollBy(0, -80)")
    assert page.evaluate("window.scrollY") > 100
    before = card.bounding_box()["y"]
    page.keyboard.press("a")
    expect(page.locator("#card-2 .decision")).to_have_text("Approved by rita")
    expect_cursor(page, 3)
    # The card just decided stays where it was on screen, though what is above it grew (the
    # text's decision badge, the undo button), and the next one takes the focus.
    assert abs(page.locator("#card-2").bounding_box()["y"] - before) <= 2
    expect(page.locator("#card-3")).to_be_focused()


def test_reasons_by_mouse_and_other_needs_a_note(page, live_server, watch, answers):
    loop, _ = answers
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    open_answer(page, live_server, loop)
    card = page.locator("#card-3")
    card.get_by_role("button", name="Reject").click()  # asks why first
    expect(card.locator(".reasons")).to_be_visible()
    card.get_by_role("radio", name="Other").check()
    card.get_by_role("button", name="Reject").click()  # no note: JavaScript asks for one
    expect(card.locator("textarea")).to_be_focused()
    assert Decision.objects.count() == 0
    card.locator("textarea").fill("the finance team says 14 days for travel")
    card.get_by_role("button", name="Reject").click()
    expect(page.locator("#card-3 .decision")).to_have_text("Rejected (other) by rita")
    expect(page.locator("#card-3 .h-reason")).to_have_text("Other")
    expect(page.locator("#live")).to_contain_text("You rejected sentence 4.")


def test_the_panel_names_the_number_and_opens_the_suggested_passage(
    page, live_server, watch, answers, artifacts
):
    loop, _ = answers
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    open_answer(page, live_server, loop)
    page.keyboard.press("j")
    page.keyboard.press("j")
    panel = page.locator("#evidence-body")
    expect(panel.locator(".ev")).to_have_attribute("data-selected", "3")
    expect(panel.locator(".ev-number")).to_contain_text(
        "passage [3] carries 'submit', 'receipts' and 'days' but says 30 days, not 14 days"
    )
    expect(panel.locator(".passage mark.best mark.num-conflict")).to_have_text("30 days")
    expect(panel).not_to_contain_text("supports the sentence")
    wait_for_htmx(page)  # a reader clicks the panel they see, not one still on its way
    panel.get_by_role("link", name=re.compile(r"Open passage \[4\]")).click()
    expect(panel.locator("#suggested-4")).to_contain_text("Submit receipts for travel")
    expect_cursor(page, 3)  # the suggestion opens beside the same sentence
    page.locator("#evidence").screenshot(path=str(artifacts / "evidence-number.png"))


SLOW_PLAIN_PANEL = """() => {
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url) {
    this.slow = /evidence\\/\\?s=3$/.test(url);
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    if (this.slow && this.onload) {
      const onload = this.onload;
      this.onload = (...args) => setTimeout(() => onload.apply(this, args), 1000);
    }
    return send.apply(this, arguments);
  };
}"""


def test_a_late_panel_answer_never_replaces_the_suggestion_opened_since(
    page, live_server, watch, answers
):
    loop, _ = answers
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    open_answer(page, live_server, loop)

    # Plain panel answers for sentence 3 are handed to htmx a second late (a slow network).
    page.evaluate(SLOW_PLAIN_PANEL)
    # j j: the panel for sentence 2 lands, then sentence 3's (slowly), and the page's catch-up
    # asks for sentence 3 once more; the suggestion is clicked while that one is on its way.
    page.keyboard.press("j")
    page.keyboard.press("j")
    panel = page.locator("#evidence-body")
    suggestion = panel.get_by_role("link", name=re.compile(r"Open passage \[4\]"))
    expect(suggestion).to_be_visible(timeout=10_000)
    suggestion.click()
    expect(panel.locator("#suggested-4")).to_contain_text("Submit receipts for travel")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1500)  # any late answer has arrived by now
    expect(panel.locator("#suggested-4")).to_contain_text("Submit receipts for travel")
    expect_cursor(page, 3)


def test_a_narrow_window_scrolls_to_the_panel_only_when_asked(page, live_server, watch, answers):
    loop, _ = answers
    page.set_viewport_size({"width": 900, "height": 700})  # the panel sits under the text
    log_in(page, live_server, "rita")
    open_answer(page, live_server, loop)
    panel = page.locator("#evidence")
    # j moves the cursor and the panel follows, but the reader stays at the cards.
    page.keyboard.press("j")
    expect_cursor(page, 2)
    page.wait_for_load_state("networkidle")
    assert panel.bounding_box()["y"] > 700  # still below the fold
    assert page.locator("#card-2").bounding_box()["y"] < 700
    # e asks for the evidence: the panel comes into view.
    page.keyboard.press("e")
    expect(panel).to_be_in_viewport()
