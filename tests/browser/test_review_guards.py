"""Issue 22 in real Chromium: the skip loop (a skipped answer comes back once only skipped ones
are left), the 409 overrule flow (asked, replaced in one click, the overruled editor told on the
queue), with every page free of console errors and CSP violations (the autouse watch), and
screenshots of the queue and an answer page in both colour schemes."""

import re

import pytest
from playwright.sync_api import expect

from citations.services import decision_record
from tests.browser.conftest import log_in
from tests.factories import ApiClientFactory, UserFactory, make_answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

UNSUPPORTED = "Employees get 45 days of paid annual leave [1]."
TWO_FLAGGED = (
    "Employees get 30 days of paid annual leave [1]. Overtime pays 200 percent [2]. "
    "The manager must approve every request in writing before the leave starts."
)


@pytest.fixture
def people(db):
    return {
        "rita": UserFactory(username="rita", groups=["reviewer"]),
        "edna": UserFactory(username="edna", groups=["editor"]),
    }


def answer_id(page) -> int:
    return int(re.search(r"/answers/(\d+)/", page.url).group(1))


def test_a_skipped_answer_comes_back_when_only_skipped_ones_are_left(
    page, live_server, people, screenshots
):
    hr = ApiClientFactory(name="HR knowledge base")
    first = make_answer(client=hr, text=UNSUPPORTED, question="Skipped first")
    second = make_answer(client=hr, text=UNSUPPORTED, question="Decided second")
    log_in(page, live_server, "rita")
    expect(page.locator("#queue-order")).to_contain_text("weakest support score first")
    page.keyboard.press("n")
    page.wait_for_url(f"**/answers/{first.pk}/")
    expect(page.locator(".claim-mine")).to_be_visible()
    page.keyboard.press("n")  # skip it
    page.wait_for_url(f"**/answers/{second.pk}/")
    expect(page.locator(".claim-mine")).to_be_visible()
    page.keyboard.press("a")
    expect(page.locator("#outcome")).to_be_visible()
    page.keyboard.press("n")
    page.wait_for_url(f"{live_server.url}/")
    skipped = page.locator("#skipped")
    expect(skipped).to_contain_text("1 skipped")
    expect(page.locator("#progress")).to_contain_text("1 of 2 decided today")
    expect(page.locator(".msg")).to_have_count(0)  # no "Nothing left to review"
    screenshots("issue22-queue-skipped")
    page.keyboard.press("n")
    page.wait_for_url(f"**/answers/{first.pk}/")
    expect(page.locator("h1.question")).to_have_text("Skipped first")


def test_overruling_an_editor_is_asked_confirmed_and_told(
    page, live_server, people, watch, screenshots
):
    answer = make_answer(
        client=ApiClientFactory(name="Payroll assistant"),
        text=TWO_FLAGGED,
        question="What are the leave and overtime rules?",
    )
    watch.allow("status of 409")  # Chromium logs the expected conflict's status
    log_in(page, live_server, "rita")
    page.goto(f"{live_server.url}/answers/{answer.pk}/")
    expect(page.locator(".claim-mine")).to_be_visible()
    # Meanwhile edna approves sentence 2, which rita's page shows undecided.
    decision_record(answer=answer, reviewer=people["edna"], action="approve", sentence_index=1)

    card = page.locator("#card-1")
    card.locator('button[value="reject"]').click()
    note = card.locator("textarea[name=note]")
    card.get_by_role("radio", name="Other").check()  # needs a note: its box says so at once
    expect(note).to_have_attribute("placeholder", "Note (required)")
    card.get_by_label("Wrong number").check()
    expect(note).to_have_attribute("placeholder", "Note (optional)")
    card.locator('button[value="reject"]').click()
    box = page.locator("#conflict-1")
    expect(box).to_contain_text("edna approved this just now: replace?")
    expect(box.get_by_role("button", name="Replace with my decision")).to_be_focused()
    screenshots("issue22-conflict")

    box.get_by_role("button", name="Replace with my decision").click()
    expect(page.locator("#card-1 .decision")).to_have_text("Rejected (wrong number) by rita")
    expect(page.locator("#card-1 .history-item")).to_have_count(2)
    expect(page.locator("#live")).to_contain_text("You replaced “Approved” by edna")

    page.get_by_role("button", name="Log out").click()
    log_in(page, live_server, "edna")
    told = page.locator("#overruled")
    expect(told).to_contain_text("rita replaced your “Approved” on sentence 2")
    told.get_by_role("link", name=f"answer {answer.pk}").click()
    expect(page.locator("#card-1 .decision")).to_have_text("Rejected (wrong number) by rita")
    screenshots("issue22-answer")
