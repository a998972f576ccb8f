"""The metrics page and an editor's correction of an answer, in real headless Chromium."""

import re
from datetime import datetime, timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from citations.models import Answer, Decision
from citations.services import decision_record, rollups_rebuild
from tests.browser.conftest import log_in
from tests.factories import ApiClientFactory, UserFactory, make_answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VERIFIED = "Employees get 30 days of paid annual leave [1]."
UNSUPPORTED = "Employees get 45 days of paid annual leave [1]."
UNCITED = "The manager must approve every request in writing before the leave starts."
INVENTED = "Leave is 30 days [Labour Law, Article 99]."
OVERRUN = "Overtime is paid at 150 percent [7]."
LEGAL_EVIDENCE = [{"text": "Employees get 30 days of leave.", "law": "Labour Law", "article": "30"}]
NUMERIC_TEXT = (
    "## Leave and overtime\n\n"
    "Employees get 30 days of paid annual leave [1]. Overtime pays 200 percent [2].\n\n"
    "- The manager must approve every request in writing before the leave starts.\n"
    "- Overtime is paid at 150 percent of the regular hourly wage [2]."
)


def days_ago(n: int, hour: int = 10) -> datetime:
    day = timezone.localdate() - timedelta(days=n)
    return timezone.make_aware(datetime(day.year, day.month, day.day, hour))


@pytest.fixture
def metrics_data(db):
    UserFactory(username="rita", groups=["reviewer"])
    edna = UserFactory(username="edna", groups=["editor"])
    otto = UserFactory(username="otto", groups=["reviewer"])
    clients = [
        ApiClientFactory(name="HR knowledge base"),
        ApiClientFactory(name="Legal assistant"),
        ApiClientFactory(name="Payroll <bot>"),
    ]
    texts = [VERIFIED, UNSUPPORTED, VERIFIED, INVENTED, OVERRUN, VERIFIED + " " + UNCITED]
    for n in range(72):
        client = clients[n % 3]
        text = texts[(n * 5 + n // 4 + n // 9) % len(texts)]
        evidence = LEGAL_EVIDENCE if text == INVENTED else None
        answer = make_answer(client=client, text=text, evidence=evidence)
        created = days_ago(n % 13, hour=8 + n % 9)
        Answer.objects.filter(pk=answer.pk).update(created_at=created)
        answer.unresolved.update(created_at=created)
        if answer.review_status == "needs_review" and n % 4:
            flagged = next(
                s["index"]
                for s in answer.verifications.latest().report["sentences"]
                if s["status"] in ("unsupported", "uncited")
            )
            decision_record(answer=answer, reviewer=edna, action="reject", sentence_index=flagged)
            if n % 3 == 0:
                action = "approve" if n % 2 else "reject"
                decision_record(answer=answer, reviewer=otto, action=action, sentence_index=flagged)
            Decision.objects.filter(answer=answer).update(created_at=created)
            Answer.objects.filter(pk=answer.pk).update(
                review_completed_at=created + timedelta(hours=(n % 5) * 13 + 0.5)
            )
    rollups_rebuild()  # the times were rewritten behind the services


def test_metrics_page_renders_its_charts(page, live_server, watch, metrics_data, artifacts):
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    page.get_by_role("link", name="Metrics").click()
    page.wait_for_url(f"{live_server.url}/metrics/")
    expect(page.get_by_role("heading", name="Metrics", exact=True)).to_be_visible()
    for heading in (
        "Share of answers passed, per day and client",
        "Validation rate per client",
        "Most invented law articles",
        "Evidence positions cited past the end",
        "Reviewer workload",
        "Time from submission to decision",
        "Reviewer agreement",
        "Backlog: waiting for review now",
        "Rejections by reason",
    ):
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
    # Each chart is an image with an accessible name from its <title>.
    expect(page.get_by_role("img", name=re.compile("Share of answers that passed"))).to_be_visible()
    expect(page.locator("svg.chart")).to_have_count(9)
    expect(page.locator("#chart-pass-share-card .chart-paths polyline")).to_have_count(3)
    expect(page.locator("#chart-invented-card")).to_contain_text("Labour Law, Art. 99")
    expect(page.locator("#chart-pass-share-card .chart-legend")).to_contain_text("Payroll <bot>")
    # Styled by the stylesheet (CSP: no inline style): bars are filled, lines are not.
    fill = page.locator("#chart-workload-card rect.bar").first.evaluate(
        "el => getComputedStyle(el).fill"
    )
    assert fill not in ("", "none", "rgb(0, 0, 0)")
    line_fill = page.locator("#chart-pass-share-card polyline").first.evaluate(
        "el => getComputedStyle(el).fill"
    )
    assert line_fill == "none"
    page.screenshot(path=str(artifacts / "metrics.png"), full_page=True)

    # The client filter swaps the charts in place (htmx) and keeps the URL shareable.
    page.evaluate("window.__noReload = 'still here'")
    page.get_by_label("Client", exact=True).select_option(label="Legal assistant")
    expect(page.locator("#metrics-range")).to_contain_text("Legal assistant")
    expect(page.locator("#chart-pass-share-card .chart-paths polyline")).to_have_count(1)
    assert "client=" in page.url
    assert page.evaluate("window.__noReload") == "still here"
    page.screenshot(path=str(artifacts / "metrics-client.png"), full_page=True)


def test_metrics_filters_work_without_javascript(browser, live_server, metrics_data):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    log_in(page, live_server, "rita")
    page.goto(f"{live_server.url}/metrics/")
    start = (timezone.localdate() - timedelta(days=3)).isoformat()
    page.locator("#id_start").fill(start)
    page.get_by_role("button", name="Apply").click()
    page.wait_for_url(re.compile(r"start="))
    expect(page.locator("#metrics-range")).to_contain_text("all clients")
    expect(page.locator("#id_start")).to_have_value(start)
    context.close()


@pytest.fixture
def revision_data(db):
    UserFactory(username="edna", groups=["editor"])
    rita = UserFactory(username="rita", groups=["reviewer"])
    answer = make_answer(
        client=ApiClientFactory(name="HR knowledge base"),
        text=NUMERIC_TEXT,
        question="What are the leave and overtime rules?",
    )
    # The reviewer approved the uncited list item; the correction leaves it as it is.
    uncited = next(
        s["index"]
        for s in answer.verifications.latest().report["sentences"]
        if s["status"] == "uncited"
    )
    decision_record(answer=answer, reviewer=rita, action="approve", sentence_index=uncited)
    return answer


def test_an_editor_corrects_an_answer_and_sees_the_diff(
    page, live_server, watch, revision_data, artifacts
):
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "edna")
    page.goto(f"{live_server.url}/answers/{revision_data.pk}/")
    page.get_by_role("link", name="Correct this answer").click()
    page.wait_for_url(re.compile(r"/revise/$"))
    text = page.get_by_label("Corrected answer")
    expect(text).to_have_value(NUMERIC_TEXT)
    text.fill(NUMERIC_TEXT.replace("pays 200 percent [2].", "is paid at 150 percent [2]."))
    page.get_by_label("Note (optional)").fill("The rate is 150 percent <per> passage [2].")
    page.get_by_role("button", name="Save and verify revision 2").click()

    revision = Answer.objects.get(previous=revision_data)
    page.wait_for_url(f"{live_server.url}/answers/{revision.pk}/")
    expect(page.locator(".msg-success")).to_contain_text("Saved as revision 2 and verified")
    expect(page.locator(".revbar")).to_contain_text("Revision 2 of 2")
    expect(page.locator(".revbar")).to_contain_text("The rate is 150 percent <per> passage [2].")
    removed = page.locator(".diff-row.diff-removed")
    added = page.locator(".diff-row.diff-added")
    expect(removed).to_have_count(1)
    expect(removed).to_contain_text("Removed")
    expect(removed).to_contain_text("Overtime pays 200 percent [2].")
    expect(removed).to_contain_text("Unsupported")
    expect(added).to_have_count(1)
    expect(added).to_contain_text("Overtime is paid at 150 percent [2].")
    expect(added).to_contain_text("Verified")
    # The approved list item was unchanged: its decision carried over.
    expect(page.locator(".cards")).to_contain_text("carried over from revision 1")
    expect(page.locator(".statusbar .status")).to_have_text("Approved")
    page.screenshot(path=str(artifacts / "revision.png"), full_page=True)

    # The original stays reachable, unchanged and read-only.
    page.locator(".revbar").get_by_role("link", name=re.compile("original")).click()
    page.wait_for_url(f"{live_server.url}/answers/{revision_data.pk}/")
    expect(page.locator(".banner-superseded")).to_contain_text("This revision is superseded")
    expect(page.locator("#answer-text")).to_contain_text("Overtime pays 200 percent")
    expect(page.locator('button[name="action"]')).to_have_count(0)
    expect(page.get_by_role("link", name="Correct this answer")).to_have_count(0)
    page.screenshot(path=str(artifacts / "revision-original.png"), full_page=True)
