"""Claims in real Chromium: opening an answer claims it by a POST (htmx on load), finishing it
releases the claim, `n` never returns to an answer left in this session, and without
JavaScript a "Start reviewing" button claims."""

import pytest
from playwright.sync_api import expect

from citations.domain.statuses import FLAGGED_STATUSES
from citations.models import Answer
from tests.browser.conftest import log_in
from tests.factories import ApiClientFactory, UserFactory, make_answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

UNSUPPORTED = "Employees get 45 days of paid annual leave [1]."
TWO_FLAGGED = (
    "Employees get 30 days of paid annual leave [1]. Overtime pays 200 percent [2]. "
    "The manager must approve every request in writing before the leave starts."
)


@pytest.fixture
def answers(db):
    UserFactory(username="rita", groups=["reviewer"])
    hr = ApiClientFactory(name="HR knowledge base")
    return [
        make_answer(client=hr, text=TWO_FLAGGED, question="Two flagged sentences"),
        make_answer(client=hr, text=UNSUPPORTED, question="Second"),
        make_answer(client=hr, text=UNSUPPORTED, question="Third"),
    ]


def claimed_by(answer):
    answer.refresh_from_db()
    return answer.claimed_by and answer.claimed_by.username


def test_opening_claims_by_post_and_finishing_releases(page, live_server, watch, answers):
    log_in(page, live_server, "rita")
    answer = answers[0]
    claims = []
    page.on("request", lambda r: "/claim/" in r.url and claims.append(r.method))
    page.goto(f"{live_server.url}/answers/{answer.pk}/")
    expect(page.locator(".claim-mine")).to_be_visible()
    assert claims == ["POST"]
    assert claimed_by(answer) == "rita"

    report = answer.verifications.latest().report
    flagged = [s["index"] for s in report["sentences"] if s["status"] in FLAGGED_STATUSES]
    for index in flagged:
        page.locator(f'#card-{index} button[value="reject"]').click()  # asks why
        page.locator(f"#card-{index}").get_by_label("Wrong source").check()
        page.locator(f'#card-{index} button[value="reject"]').click()
        expect(page.locator(f"#card-{index} .decision")).to_have_text(
            "Rejected (wrong source) by rita"
        )
    answer.refresh_from_db()
    assert answer.review_status == "rejected" and answer.claimed_by is None
    expect(page.locator(".claim-mine")).to_have_count(0)


def test_next_answer_never_repeats(page, live_server, watch, answers):
    log_in(page, live_server, "rita")
    visited = []
    page.keyboard.press("n")
    for _ in answers:
        left = page.url
        page.wait_for_url(lambda url, left=left: url != left and "/answers/" in url)
        visited.append(int(page.url.rstrip("/").rsplit("/", 1)[1]))
        # At once: `n` waits for the page's claim request, so the claim cannot outlive the page.
        page.keyboard.press("n")
    page.wait_for_url(f"{live_server.url}/")
    # Each was left undecided, so skipped: the queue offers them again (test_review_guards).
    expect(page.locator("#skipped")).to_contain_text(f"{len(answers)} skipped")
    assert sorted(visited) == sorted(a.pk for a in answers)
    assert Answer.objects.filter(claimed_by__isnull=False).count() == 0


def test_without_javascript_start_reviewing_claims(browser, live_server, answers, artifacts):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    answer = answers[1]
    page.goto(f"{live_server.url}/answers/{answer.pk}/")
    start = page.get_by_role("button", name="Start reviewing")
    expect(start).to_be_visible()
    assert claimed_by(answer) is None  # opening (a GET) claimed nothing
    page.screenshot(path=str(artifacts / "answer-start-reviewing.png"))
    start.click()
    expect(page.locator(".claim-mine")).to_be_visible()
    assert claimed_by(answer) == "rita"
    context.close()
