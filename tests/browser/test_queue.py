"""The queue in real Chromium: scopes, assignment and bulk actions (with select-all and
shift-click), the "Assigned to me" tab, the sort switch and search, all as htmx swaps; and the
row layout at 1280 and 760 px (screenshots under tests/artifacts/)."""

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from citations.models import Answer
from citations.services import answer_claim
from tests.browser.conftest import log_in
from tests.factories import ApiClientFactory, UserFactory, make_answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

UNSUPPORTED = "Employees get 45 days of paid annual leave [1]."
UNCITED = (
    "Employees get 30 days of paid annual leave [1]. "
    "Managers approve every request in writing before the leave starts."
)
LEGAL_TEXT = "Unused leave can be carried over without limit [Labour Law, Article 33]."
LABOUR_LAW = [
    {
        "text": "Every employee is entitled to paid annual leave of 30 calendar days.",
        "law": "Labour Law",
        "article": "30",
    }
]


@pytest.fixture
def queue(db):
    rita = UserFactory(username="rita", groups=["reviewer"])
    UserFactory(username="edna", groups=["editor"])
    now = timezone.now()
    made = []
    for n, (client, text, question, hours) in enumerate(
        [
            (
                "Payroll assistant",
                UNSUPPORTED,
                "How many days of annual leave do new staff get?",
                3,
            ),
            ("HR knowledge base", UNCITED, "Who approves leave requests, and how early?", 50),
            ("Benefits bot", UNSUPPORTED, "Is overtime paid at a higher rate on Sundays?", 1),
            ("HR knowledge base", UNSUPPORTED, "Can parental leave be split into blocks?", 8),
        ]
    ):
        answer = make_answer(client=ApiClientFactory(name=client), text=text, question=question)
        Answer.objects.filter(pk=answer.pk).update(
            created_at=now - timedelta(hours=hours, minutes=n)
        )
        made.append(answer)
    legal = make_answer(
        client=ApiClientFactory(name="Legal desk"),
        text=LEGAL_TEXT,
        evidence=LABOUR_LAW,
        question="Can unused leave be carried over to next year?",
    )
    # It has waited longest, so it heads the list whatever ties the triage order leaves
    # (every answer here is refused by a citation or a number: weakest support 0).
    Answer.objects.filter(pk=legal.pk).update(created_at=now - timedelta(hours=100))
    answer_claim(answer=made[3], user=rita)
    return {"answers": made, "legal": legal, "rita": rita}


def titles(page) -> list[str]:
    return page.locator(".row-title").all_inner_texts()


def mark(page):
    page.evaluate("window.__noReload = 'still here'")


def assert_not_reloaded(page):
    assert page.evaluate("window.__noReload") == "still here"


def test_an_editor_assigns_with_shift_click_and_the_reviewer_finds_them(
    page, live_server, watch, queue, artifacts
):
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "edna")
    rows = page.locator(".row")
    expect(rows).to_have_count(5)  # an editor's default list holds the legal answer too
    mark(page)
    picks = page.locator("input[data-pick]")
    picks.nth(1).click()
    picks.nth(3).click(modifiers=["Shift"])  # ticks 1, 2 and 3
    expect(page.locator("[data-selected-count]")).to_have_text("3 selected")
    picks.nth(2).click()  # untick the middle one again
    expect(page.locator("[data-selected-count]")).to_have_text("2 selected")
    chosen = [int(rows.nth(i).get_attribute("data-answer")) for i in (1, 3)]
    page.select_option("#bulk-assignee", label="rita")
    page.get_by_role("button", name="Assign", exact=True).click()
    expect(page.locator(".bulk-notice")).to_have_text("Assigned 2 answers to rita.")
    assert_not_reloaded(page)
    expect(page.locator(".assignee")).to_have_count(2)
    assert set(
        Answer.objects.filter(assigned_to__username="rita").values_list("pk", flat=True)
    ) == set(chosen)

    # The legal answer cannot go to a reviewer: the reason shows and nothing changes.
    legal_row = page.locator(f'.row[data-answer="{queue["legal"].pk}"]')
    legal_row.locator("input[data-pick]").check()
    page.select_option("#bulk-assignee", label="rita")
    page.get_by_role("button", name="Assign", exact=True).click()
    expect(page.locator(".bulk-notice")).to_contain_text("rita may not decide legal answers")
    assert not Answer.objects.filter(pk=queue["legal"].pk, assigned_to__isnull=False).exists()
    watch.console_errors = [e for e in watch.console_errors if "422" not in e]
    page.screenshot(path=str(artifacts / "queue-assign-1280.png"), full_page=True)

    page.context.clear_cookies()
    log_in(page, live_server, "rita")
    expect(rows).to_have_count(4)  # not the legal answer: rita may not decide it
    page.get_by_role("link", name="Assigned to me").click()
    expect(rows).to_have_count(2)
    expect(page.locator(".assignee-mine")).to_have_count(2)
    assert "scope=mine" in page.url
    expect(page.get_by_role("link", name="Assigned to me")).to_have_attribute(
        "aria-current", "page"
    )


def test_select_all_release_and_export_selected(page, live_server, watch, queue):
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    expect(page.locator(".claim-mine")).to_have_count(1)
    mark(page)
    page.get_by_label("All on this page").check()
    expect(page.locator("[data-selected-count]")).to_have_text("4 selected")
    expect(page.locator("input[data-pick]:checked")).to_have_count(4)
    page.get_by_role("button", name="Release claims").click()
    expect(page.locator(".bulk-notice")).to_have_text("Released 1 claim.")
    # The list was swapped, the button with it: focus is on the new button, not the page top.
    expect(page.get_by_role("button", name="Release claims")).to_be_focused()
    expect(page.locator(".claim-mine")).to_have_count(0)
    assert_not_reloaded(page)
    assert not Answer.objects.filter(claimed_by__isnull=False).exists()

    page.locator("input[data-pick]").nth(0).check()
    page.locator("input[data-pick]").nth(2).check()
    with page.expect_download() as download:
        page.get_by_role("button", name="Export selected (JSON Lines)").click()
    lines = Path(download.value.path()).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2


def test_n_still_works_after_ticking_a_row(page, live_server, watch, queue):
    # The tick box keeps focus after a click, and n did nothing there: it is no text field.
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    page.locator("input[data-pick]").first.click()
    expect(page.locator("input[data-pick]").first).to_be_focused()
    page.keyboard.press("n")
    page.wait_for_url(re.compile(r"/answers/\d+/$"))


def test_sort_switch_and_search(page, live_server, watch, queue):
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    severity = titles(page)
    assert severity[-1] == "Who approves leave requests, and how early?"  # uncited: milder
    mark(page)
    page.get_by_role("link", name="Waiting longest").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".sort.is-current")).to_have_text("Waiting longest")
    # By keyboard: after the swap focus stays on the sort just chosen (Tab goes on from there).
    expect(page.locator(".sort.is-current")).to_be_focused()
    assert titles(page) == [
        "Who approves leave requests, and how early?",  # 50 h
        "Can parental leave be split into blocks?",  # 8 h
        "How many days of annual leave do new staff get?",  # 3 h
        "Is overtime paid at a higher rate on Sundays?",  # 1 h
    ]
    expect(page.locator(".waited").first).to_have_text("waiting 2 d")
    assert "sort=age" in page.url
    page.get_by_role("link", name="Client").click()
    expect(page.locator(".sort.is-current")).to_have_text("Client")
    assert page.locator(".client").all_inner_texts()[0] == "Benefits bot"

    # Search as you type: the sort stays, the list narrows.
    page.get_by_label("Search").fill("parent")
    expect(page.locator(".row")).to_have_count(1)
    expect(page.locator(".row-title")).to_have_text("Can parental leave be split into blocks?")
    expect(page).to_have_url(re.compile(r"q=parent"))
    assert "sort=client" in page.url
    assert_not_reloaded(page)


@pytest.mark.parametrize("width", [1280, 760])
def test_row_layout_at_both_widths(page, live_server, watch, queue, artifacts, width):
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, live_server, "edna")
    rows = page.locator(".row")
    expect(rows).to_have_count(5)
    for i in range(5):
        row = rows.nth(i).bounding_box()
        main = rows.nth(i).locator(".row-main").bounding_box()
        badges = rows.nth(i).locator(".row-badges").bounding_box()
        waited = rows.nth(i).locator(".waited").bounding_box()
        # Nothing spills out of its row, and the question gets most of the width.
        for box in (main, badges, waited):
            assert row["x"] <= box["x"] and box["x"] + box["width"] <= row["x"] + row["width"] + 0.5
        assert main["width"] >= (0.75 if width == 760 else 0.5) * row["width"]
        if width == 760:  # stacked: the counts go under the question, not beside it
            assert badges["y"] >= main["y"] + main["height"] - 1
        else:  # one line of columns: the counts beside the question
            assert badges["x"] >= main["x"] + main["width"]
    # Every status tab is on screen, "All" too: none hides past a scrolled edge of the row.
    tabs = page.locator(".tabs")
    assert tabs.evaluate("t => t.scrollWidth <= t.clientWidth")
    row = tabs.bounding_box()
    for tab in tabs.locator(".tab").all():
        box = tab.bounding_box()
        assert row["x"] <= box["x"] and box["x"] + box["width"] <= row["x"] + row["width"] + 0.5
    page.screenshot(path=str(artifacts / f"queue-{width}.png"), full_page=True)


def test_back_to_the_queue_as_it_was_left(page, live_server, watch, queue):
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    page.get_by_role("link", name="Waiting longest").click()
    expect(page.locator(".sort.is-current")).to_have_text("Waiting longest")
    page.get_by_role("link", name="Assigned to me").click()
    expect(page.locator(".scope.is-current")).to_have_text("Assigned to me")
    page.get_by_role("link", name="All", exact=True).first.click()
    expect(page.locator(".scope.is-current")).to_have_text("All")
    page.locator(".row-title a, a.row-title").first.click()
    expect(page.locator("#review")).to_be_visible()
    page.get_by_role("link", name="← Queue").click()
    expect(page.locator(".sort.is-current")).to_have_text("Waiting longest")
    expect(page.locator(".scope.is-current")).to_have_text("All")
    assert "sort=age" in page.url and "scope=all" in page.url


# Each item of a row's meta line that a dot separates from the one before it: where it starts,
# its line and the line of the item before it, the dot, and the left end of the item's text
# (of all its lines: a wrapped text must not run into the clipped strip); and where the clip
# starts.
META_ITEMS = """meta => {
  const clip = meta.getBoundingClientRect().left - parseFloat(getComputedStyle(meta).marginLeft);
  return Array.from(meta.querySelectorAll(':scope > .meta-sep')).map(item => {
    const text = document.createRange();
    text.selectNodeContents(item);
    return {
      left: item.getBoundingClientRect().left,
      top: item.getBoundingClientRect().top,
      prevTop: item.previousElementSibling.getBoundingClientRect().top,
      dot: getComputedStyle(item, '::before').content,
      textLeft: Math.min(...Array.from(text.getClientRects(), rect => rect.left)),
      clip,
    };
  });
}"""


def test_no_separator_dangles_where_a_narrow_row_wraps(page, live_server, watch, queue, artifacts):
    """The dot before "weakest support ..." goes with it: on a narrow row whose support text
    wraps, the dot is neither left at the end of the line above nor shown opening the next."""
    page.set_viewport_size({"width": 420, "height": 900})
    log_in(page, live_server, "edna")
    page.screenshot(path=str(artifacts / "queue-420.png"), full_page=True)
    wrapped = 0
    for meta in page.locator(".row-meta").all():
        for item in meta.evaluate(META_ITEMS):
            assert item["dot"].startswith('"·"')
            assert item["textLeft"] >= item["clip"] - 0.5
            if item["top"] > item["prevTop"] + 1:  # it opens a line: its dot is clipped away
                wrapped += 1
                assert item["left"] < item["clip"]
            else:
                assert item["left"] >= item["clip"] - 0.5
    assert wrapped  # the width makes some support text wrap, or this proves nothing
