"""Every page the browser tests visit is watched for console errors and CSP violations, also
in tests that do not ask for it and in contexts a test opens itself (issue 22)."""

import pytest

pytestmark = [pytest.mark.browser]


def test_a_test_driving_page_is_watched_without_asking(page, request):
    assert "watch" in request.fixturenames


def test_a_context_a_test_opens_itself_is_watched(browser, every_page_watched):
    context = browser.new_context(java_script_enabled=True)
    page = context.new_page()
    page.set_content("<p>hello</p>")
    with page.expect_console_message():
        page.evaluate("console.error('boom')")
    assert any("boom" in line for line in every_page_watched.errors)
    every_page_watched.errors.clear()  # it was this test's own
    context.close()
