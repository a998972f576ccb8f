"""A first run: the login page's demo hint tells the truth; the navigation links the API docs."""

import io
import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.factories import UserFactory
from tests.html import element, text
from tests.web.conftest import login

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
PASSWORD = "lantern-harbor-violet-62"


def hint(client) -> str | None:
    """The text of the login page's demo hint, or None when there is none."""
    html = client.get(LOGIN).content.decode()
    if "data-demo-hint" not in html:
        return None
    return text(element(html, class_="demo-hint"))


def test_the_hint_names_the_demo_users_and_what_it_says_logs_in(
    client, settings, monkeypatch, django_assert_num_queries
):
    settings.DEBUG = True
    monkeypatch.setenv("DEMO_PASSWORD", PASSWORD)
    call_command("load_demo", stdout=io.StringIO())
    with django_assert_num_queries(1):
        said = hint(client)
    assert said == (
        "Demo accounts: reviewer and editor. Password: the DEMO_PASSWORD you gave make run, "
        "else the one it printed when it created them."
    )
    usernames = re.match(r"Demo accounts: (\w+) and (\w+)\.", said).groups()
    for username in usernames:
        client.logout()
        response = client.post(LOGIN, {"username": username, "password": PASSWORD})
        assert response.status_code == 302, username
        assert response.url == reverse("citations:answer_list")
        assert client.get(response.url).status_code == 200  # a role: the queue opens


def test_the_hint_names_only_demo_users_that_can_log_in(client, settings):
    settings.DEBUG = True
    UserFactory(username="reviewer", groups=["reviewer"])
    UserFactory(username="editor", is_active=False)
    assert hint(client) == (
        "Demo accounts: reviewer. Password: the DEMO_PASSWORD you gave make run, "
        "else the one it printed when it created the account."
    )
    reviewer = UserFactory(username="reviewer")
    reviewer.set_unusable_password()
    reviewer.save()
    assert hint(client) is None


def test_no_hint_without_demo_users(client, settings):
    settings.DEBUG = True
    UserFactory(username="rita", groups=["reviewer"])
    assert hint(client) is None


def test_no_hint_with_debug_off_even_with_demo_users(client, django_assert_num_queries):
    UserFactory(username="reviewer", groups=["reviewer"])
    with django_assert_num_queries(0):
        assert hint(client) is None


def test_the_navigation_links_the_api_docs(client, reviewer):
    login(client, reviewer)
    nav = element(client.get(reverse("citations:answer_list")).content.decode(), class_="topnav")
    docs = reverse("api:docs")
    assert f'<a href="{docs}">API docs</a>' in nav
    assert client.get(docs).status_code == 200
