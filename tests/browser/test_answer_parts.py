"""A long answer in parts, in Chromium: j past the last loaded card loads the next part and
goes on; a and r decide there, and the decision keeps every part the reader had loaded."""

import re

import pytest
from playwright.sync_api import expect

from citations.models import Decision
from citations.web.presenters import parts
from tests.browser.conftest import log_in
from tests.browser.test_answer_loop import expect_cursor, open_answer
from tests.factories import UserFactory, make_answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EVIDENCE = [
    {"text": "Employees are entitled to 30 days of paid annual leave per year.", "title": "A"},
    {"text": "Overtime is paid at 150 percent of the regular hourly wage.", "title": "B"},
]
# Per block: s verified, s+1 unsupported (200 percent), s+2 uncited, long enough that a part
# of four sentences runs below the fold (a part on screen loads itself, as scrolling does).
BLOCK = (
    "Employees get 30 days of paid annual leave [1]. Overtime pays 200 percent [2]. "
    + "The manager must approve every request in writing before the leave starts, "
    + "and the request names the dates, the deputy, the handover notes and the budget " * 14
    + "for the team.\n"
)


@pytest.fixture
def long_answer(db, monkeypatch):
    monkeypatch.setattr(parts, "PART", 4)  # the live server runs in this process
    UserFactory(username="rita", groups=["reviewer"])
    return make_answer(text=BLOCK * 4, evidence=EVIDENCE, question="Leave, in parts")


def test_the_keyboard_loop_goes_on_across_parts(page, live_server, watch, long_answer):
    page.set_viewport_size({"width": 1280, "height": 700})
    log_in(page, live_server, "rita")
    open_answer(page, live_server, long_answer)
    page.evaluate("window.__noReload = 'still here'")
    expect_cursor(page, 1)
    expect(page.locator(".cards .card")).to_have_count(2)  # sentences 1-4: cards 1, 2

    page.keyboard.press("j")
    expect_cursor(page, 2)
    page.keyboard.press("j")  # past the last card: the next part loads, the cursor goes on
    expect_cursor(page, 4)
    expect(page.locator("#card-4")).to_be_focused()
    expect(page.locator('.answer-text .s[data-s="7"]')).to_have_count(1)

    page.keyboard.press("a")
    expect(page.locator("#card-4 .decision")).to_have_text("Approved by rita")
    expect_cursor(page, 5)
    expect(page.locator(".cards .card")).to_have_count(5)  # both parts still there
    page.keyboard.press("r")
    page.keyboard.press("1")
    expect(page.locator("#card-5 .decision")).to_have_text("Rejected (wrong number) by rita")
    expect_cursor(page, 7)

    page.keyboard.press("j")
    page.keyboard.press("j")
    expect_cursor(page, 10)
    page.keyboard.press("k")
    expect_cursor(page, 8)
    expect(page.locator("#card-8")).to_have_class(re.compile("is-current"))
    expect(page.locator(".card.is-current")).to_have_count(1)
    assert page.evaluate("window.__noReload") == "still here"
    assert [(d.sentence_index, d.action) for d in Decision.objects.all()] == [
        (4, "approve"),
        (5, "reject"),
    ]
