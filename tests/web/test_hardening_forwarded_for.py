"""The login lockout counts by the address the connection comes from: X-Forwarded-For is
ignored unless FORWARDED_ALLOW_IPS names the proxy that sets it. (It used to be believed from
127.0.0.1 by default, so on a site with no proxy in front, a client on that address could
name a new one with every guess and never be locked out.) Over HTTP to the site as
`make serve` runs it, with nothing in front."""

import re

import httpx
import pytest
from django.db import connection

from tests.api.site_process import database_url
from tests.factories import UserFactory
from tests.served import served_site

pytestmark = pytest.mark.django_db(transaction=True)
LOGIN = "/accounts/login/"


def failed_login(client: httpx.Client, forwarded_for: str) -> int:
    page = client.get(LOGIN)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
    response = client.post(
        LOGIN,
        data={"username": "rev", "password": "wrong", "csrfmiddlewaretoken": token},
        headers={"X-Forwarded-For": forwarded_for, "Referer": f"{client.base_url}{LOGIN}"},
    )
    return response.status_code


def test_a_new_forwarded_address_for_every_guess_does_not_dodge_the_lockout(processes, monkeypatch):
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)  # the default: no proxy named
    UserFactory(username="rev", groups=["reviewer"])
    env = {
        "DATABASE_URL": database_url(connection.settings_dict),
        "DEBUG": "true",  # static files without collectstatic; the lockout is the same
        "LOGIN_FAILURE_LIMIT": "3",
    }

    with served_site(processes, **env) as site, httpx.Client(base_url=site.url) as client:
        codes = [failed_login(client, f"203.0.113.{n}") for n in range(1, 6)]

    assert codes == [200, 200, 429, 429, 429]
