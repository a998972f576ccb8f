"""Paging the queue in real Chromium: Next, Previous and First swap the list in place (htmx),
the address bar follows (so reload and Back land on the same page), and every answer is shown
once on the way forward and back."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.browser.test_queue import UNSUPPORTED, assert_not_reloaded, mark, titles
from tests.factories import UserFactory, make_answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def sixty(db):
    UserFactory(username="rita", groups=["reviewer"])
    for n in range(60):
        make_answer(text=UNSUPPORTED, question=f"Question {n:02d}")


def test_paging_forward_and_back(page, live_server, watch, sixty):
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, "rita")
    page.get_by_role("link", name="Waiting longest").click()
    expect(page.locator(".sort.is-current")).to_have_text("Waiting longest")
    mark(page)
    seen = [titles(page)]
    for _ in range(2):
        page.get_by_role("link", name="Next →").click()
        expect(page.locator(".row-title").first).not_to_have_text(seen[-1][0])
        seen.append(titles(page))
        assert re.search(r"[?&]cursor=", page.url)
    assert [len(rows) for rows in seen] == [25, 25, 10]
    assert [t for rows in seen for t in rows] == [f"Question {n:02d}" for n in range(60)]
    expect(page.get_by_role("link", name="Next →")).to_have_count(0)
    assert_not_reloaded(page)

    page.get_by_role("link", name="← Previous").click()
    expect(page.locator(".row-title").first).to_have_text(seen[1][0])
    assert titles(page) == seen[1]
    page.reload()  # the pushed address is the page itself
    assert titles(page) == seen[1]
    page.get_by_role("link", name="« First").click()
    expect(page.locator(".row-title").first).to_have_text(seen[0][0])
    assert titles(page) == seen[0]
    expect(page.get_by_role("link", name="← Previous")).to_have_count(0)
