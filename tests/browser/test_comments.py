"""Comments and the review metrics in real headless Chromium: a thread on the answer and one
on a sentence (htmx, then without JavaScript), hostile text shown as text, and the metrics
page's new charts filling their cards, with no console error or CSP violation."""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from citations.models import Answer, Comment, Decision
from citations.services import decision_record
from tests.browser.conftest import log_in
from tests.factories import ApiClientFactory, UserFactory, make_answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEXT = (
    "Employees get 30 days of paid annual leave [1]. Overtime pays 200 percent [2]. "
    "The manager must approve every request in writing before the leave starts."
)
HOSTILE = "<script>alert(1)</script> \u202eevil\u202c <b>bold?</b>"


@pytest.fixture
def data(db):
    UserFactory(username="rita", groups=["reviewer"])
    edna = UserFactory(username="edna", groups=["editor"])
    client = ApiClientFactory(name="HR knowledge base")
    answer = make_answer(client=client, text=TEXT, question="Leave and overtime?")
    # A backlog and a rejection with a reason for the metrics page.
    waiting = make_answer(client=client, text="Employees get 45 days of paid annual leave [1].")
    Answer.objects.filter(pk=waiting.pk).update(assigned_to=edna, assigned_at=timezone.now())
    rejected = make_answer(client=client, text="Employees get 45 days of paid annual leave [1].")
    decision = decision_record(
        answer=rejected, reviewer=edna, action="reject", sentence_index=0
    ).decision
    Decision.objects.filter(pk=decision.pk).update(reject_reason="wrong_number")
    return answer


def test_comment_on_the_answer_and_on_a_sentence(page, live_server, watch, data, artifacts):
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    page.goto(f"{live_server.url}/answers/{data.pk}/")
    page.evaluate("window.__noReload = 'still here'")

    # The answer's thread, under the whole answer's history.
    thread = page.locator("#comments-answer")
    thread.get_by_label("Comment on the answer").fill(HOSTILE)
    thread.get_by_role("button", name="Post comment").click()
    expect(thread.locator(".comment")).to_have_count(1)
    expect(thread.locator(".comment-body")).to_have_text(HOSTILE)
    expect(thread.locator(".comment-author")).to_have_text("rita")
    expect(page.locator("#live")).to_have_text("Comment posted.")
    expect(thread.get_by_label("Comment on the answer")).to_have_value("")
    # The thread was swapped with its box and button: focus stays in it, not the page's top,
    # and the review keys work from there.
    expect(thread).to_be_focused()

    # A sentence's thread, in the evidence panel: select the sentence, comment on it.
    # (The panel opens on sentence 2 already, the first flagged: wait for the swap itself, or
    # the swap could replace the box after it was filled.)
    # The cursor may already be on it, and then the click loads nothing: do not wait for a
    # response, wait for the network to be quiet.
    page.locator('.answer-text .s[data-s="1"]').first.click(position={"x": 30, "y": 8})
    page.wait_for_load_state("networkidle")
    panel = page.locator("#evidence-body .ev")
    expect(panel).to_have_attribute("data-selected", "1")
    sentence = page.locator("#comments-s1")
    sentence.get_by_label("Comment on sentence 2").fill("Passage [2] says 150 percent.")
    sentence.get_by_role("button", name="Post comment").click()
    expect(sentence.locator(".comment-body")).to_have_text("Passage [2] says 150 percent.")
    expect(sentence.locator(".thread-title")).to_contain_text("Discussion of sentence 2")
    expect(sentence).to_be_focused()
    # Typing in a comment box is not a keyboard shortcut.
    sentence.get_by_label("Comment on sentence 2").fill("a r j k")
    expect(page.locator(".statusbar .status")).to_have_text("Needs review")
    assert page.evaluate("window.__noReload") == "still here"
    assert page.evaluate("typeof window.__alerted") == "undefined"

    # Both are kept and shown again on a fresh load.
    page.goto(f"{live_server.url}/answers/{data.pk}/?s=1")
    expect(page.locator("#comments-answer .comment-body")).to_have_text(HOSTILE)
    expect(page.locator("#comments-s1 .comment")).to_have_count(1)
    page.locator("#comments-answer").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "comments.png"), full_page=True)
    assert [(c.sentence_index, c.body) for c in Comment.objects.order_by("id")] == [
        (None, HOSTILE),
        (1, "Passage [2] says 150 percent."),
    ]


def test_a_comment_draft_survives_deciding_and_moving_the_cursor(page, live_server, watch, data):
    # A decision swapped the review and the panel: half-written comments were simply gone.
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    page.goto(f"{live_server.url}/answers/{data.pk}/")
    expect(page.locator(".claim-mine")).to_be_visible()
    expect(page.locator("#evidence-body .ev")).to_have_attribute("data-selected", "1")
    page.locator("#comments-s1-body").fill("Draft: passage [2] says 150.")
    page.locator("#comments-answer-body").fill("Draft on the answer.")
    page.locator("#card-1").get_by_role("button", name="Approve").click()
    expect(page.locator("#evidence-body .ev")).to_have_attribute("data-selected", "2")
    expect(page.locator("#comments-answer-body")).to_have_value("Draft on the answer.")
    page.keyboard.press("k")  # back to sentence 2: its draft is there again
    expect(page.locator("#evidence-body .ev")).to_have_attribute("data-selected", "1")
    expect(page.locator("#comments-s1-body")).to_have_value("Draft: passage [2] says 150.")
    # Posted, it is no draft any more: back on the sentence, the box is empty.
    page.locator("#comments-s1").get_by_role("button", name="Post comment").click()
    expect(page.locator("#comments-s1 .comment")).to_have_count(1)
    page.keyboard.press("j")
    expect(page.locator("#evidence-body .ev")).to_have_attribute("data-selected", "2")
    page.keyboard.press("k")
    expect(page.locator("#evidence-body .ev")).to_have_attribute("data-selected", "1")
    expect(page.locator("#comments-s1-body")).to_have_value("")


def test_a_swap_elsewhere_while_a_comment_settles_leaves_focus_in_its_thread(
    page, live_server, watch, data
):
    # The page's own requests (the claim, the panel, "more" links) can land while a posted
    # comment's thread settles: one did in CI, and focus fell to the page's top. Start a
    # swap of the claim right after the thread's, inside htmx's settle delay.
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    page.goto(f"{live_server.url}/answers/{data.pk}/")
    expect(page.locator(".claim-mine")).to_be_visible()
    page.evaluate(
        """() => document.addEventListener("htmx:afterSwap", (event) => {
            if (!event.detail.target.classList.contains("thread")) return;
            const claim = document.getElementById("claim");
            htmx.trigger(claim, "htmx:beforeSwap", {target: claim});
            htmx.trigger(claim, "htmx:afterSettle", {target: claim});
        })"""
    )
    thread = page.locator("#comments-answer")
    thread.get_by_label("Comment on the answer").fill("Who approves the leave?")
    thread.get_by_role("button", name="Post comment").click()
    expect(thread.locator(".comment-body")).to_have_text("Who approves the leave?")
    expect(thread).to_be_focused()


def test_comments_work_without_javascript(browser, live_server, data):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    log_in(page, live_server, "rita")
    page.goto(f"{live_server.url}/answers/{data.pk}/?s=2")
    page.locator("#comments-s2").get_by_label("Comment on sentence 3").fill("Who approves?")
    page.locator("#comments-s2").get_by_role("button", name="Post comment").click()
    page.wait_for_url(re.compile(r"\?s=2#comments-s2$"))
    expect(page.locator(".msg-success")).to_have_text("Comment posted.")
    expect(page.locator("#comments-s2 .comment-body")).to_have_text("Who approves?")
    context.close()


def test_metrics_show_the_review_charts_across_their_cards(
    page, live_server, watch, data, artifacts
):
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    page.goto(f"{live_server.url}/metrics/")
    for heading in ("Backlog: waiting for review now", "Rejections by reason", "Reviewer workload"):
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
    expect(page.locator("#chart-backlog-card")).to_contain_text("edna")
    expect(page.locator("#chart-reject-reasons-card")).to_contain_text("Wrong number")
    expect(page.locator("#chart-workload-card rect.bar")).to_have_count(1)
    # Every chart spans its card (less the card's padding), and the longest bar most of it.
    for card_id in ("chart-backlog", "chart-reject-reasons", "chart-workload"):
        card = page.locator(f"#{card_id}-card").bounding_box()
        chart = page.locator(f"#{card_id}-card svg.chart").bounding_box()
        assert chart["width"] >= card["width"] - 60, card_id
    # The line chart shares its card with its legend only.
    card = page.locator("#chart-pass-share-card").bounding_box()
    chart = page.locator("#chart-pass-share-card svg.chart").bounding_box()
    legend = page.locator("#chart-pass-share-card .chart-legend").bounding_box()
    assert chart["width"] + legend["width"] >= card["width"] - 90
    bar = page.locator("#chart-workload-card rect.bar").bounding_box()
    card = page.locator("#chart-workload-card").bounding_box()
    assert bar["width"] >= 0.6 * card["width"]
    page.screenshot(path=str(artifacts / "metrics-review.png"), full_page=True)
    page.locator("#chart-pass-share-card").screenshot(path=str(artifacts / "metrics-lines.png"))
