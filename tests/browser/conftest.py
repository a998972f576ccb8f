"""Real headless Chromium (Debian's `chromium` package) driven by Playwright's sync API."""

import shutil
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium")
SKIP_REASON = (
    "browser tests need the `chromium` binary on PATH (Debian package `chromium`; "
    ".ci/run installs it): not found, so they are skipped"
)
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
PASSWORD = "correct horse battery staple"


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)
            if CHROMIUM is None:
                item.add_marker(pytest.mark.skip(reason=SKIP_REASON))
    # Last in every process (pytest-xdist's default --dist load keeps this order), after the other
    # hooks have ordered the tests: once Playwright's sync API has started, the test thread has
    # an asyncio loop marked running until the session ends, and Django refuses ORM calls there
    # unless DJANGO_ALLOW_ASYNC_UNSAFE is set, which only the browser tests set (below).
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


@pytest.fixture(scope="session")
def playwright(django_db_setup, playwright):
    """pytest-playwright's, started only once the test database exists: creating it is ORM work
    in the test thread, which Playwright's loop would otherwise refuse."""
    return playwright


@pytest.fixture(scope="package", autouse=True)
def _allow_orm_beside_playwright():
    # Package scope: it must outlast each test's database teardown (a flush, for live_server).
    # Playwright's loop only waits while the test thread makes ORM calls; nothing runs on it.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if CHROMIUM is None:
        pytest.skip(SKIP_REASON)
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


CSP_LISTENER = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""


class Watch:
    """Everything the page said that a clean page never says. `allow(text)`: a console line
    holding `text` is expected (Chromium logs every 4xx fetch, also a 409 a test provokes)."""

    def __init__(self, page):
        self.page = page
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.dialogs: list[str] = []
        self.allowed: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        page.on("dialog", self._dialog)
        page.add_init_script(CSP_LISTENER)

    def allow(self, text: str) -> None:
        self.allowed.append(text)

    def _console(self, message):
        if message.type in ("error", "warning"):
            line = f"{message.type}: {message.text} @ {message.location}"
            if not any(text in line for text in self.allowed):
                self.console_errors.append(line)

    def _dialog(self, dialog):
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def csp_violations(self) -> list[str]:
        return self.page.evaluate("window.__csp || []")

    def assert_clean(self):
        assert self.dialogs == [], self.dialogs
        assert self.page_errors == [], self.page_errors
        assert self.console_errors == [], self.console_errors
        assert self.csp_violations() == []


@pytest.fixture
def watch(page):
    page.set_default_timeout(10_000)
    watcher = Watch(page)
    yield watcher
    # No request of the page's may still be in flight when the test's database is flushed:
    # one claiming the next answer (a row lock) deadlocked the flush's TRUNCATE on PostgreSQL.
    page.wait_for_load_state("networkidle")
    watcher.assert_clean()


class ContextWatch:
    """The same for the pages of contexts a test opens itself (`browser.new_context()`, for
    instance without JavaScript): console errors, CSP violations (Chromium reports each on
    the console) and uncaught exceptions."""

    def __init__(self):
        self.errors: list[str] = []

    def attach(self, context):
        context.on("console", self._console)
        context.on("weberror", lambda error: self.errors.append(f"pageerror: {error.error}"))
        return context

    def _console(self, message):
        if message.type in ("error", "warning"):
            self.errors.append(f"{message.type}: {message.text}")


@pytest.fixture(autouse=True)
def every_page_watched(request):
    """Every page a browser test visits fails it on a console error or warning, an uncaught
    exception, a dialog or a CSP violation, whether or not the test asks for `watch`."""
    if "page" in request.fixturenames:
        request.getfixturevalue("watch")
        yield None
        return
    if "browser" not in request.fixturenames:
        yield None
        return
    from playwright.sync_api import Browser

    watcher = ContextWatch()
    new_context, new_page = Browser.new_context, Browser.new_page

    def watched_context(self, *args, **kwargs):
        return watcher.attach(new_context(self, *args, **kwargs))

    def watched_page(self, *args, **kwargs):
        page = new_page(self, *args, **kwargs)
        watcher.attach(page.context)
        return page

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Browser, "new_context", watched_context)
        patch.setattr(Browser, "new_page", watched_page)
        yield watcher
    assert watcher.errors == []


def log_in(page, live_server, username):
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")


@pytest.fixture
def screenshots(page, artifacts):
    """`screenshots(name)` saves the page, `screenshots(name, locator)` one element, as
    tests/artifacts/<name>-light.png and <name>-dark.png at 1280 px wide (prefers-color-scheme
    emulated for each, then given back to the browser's default); returns the two paths."""

    def shoot(name: str, target=None) -> list[Path]:
        if page.viewport_size["width"] != 1280:
            page.set_viewport_size({"width": 1280, "height": page.viewport_size["height"]})
        paths = []
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            path = artifacts / f"{name}-{scheme}.png"
            if target is None:
                page.screenshot(path=path, full_page=True, animations="disabled")
            else:
                target.screenshot(path=path, animations="disabled")
            paths.append(path)
        page.emulate_media(color_scheme="null")
        return paths

    return shoot
