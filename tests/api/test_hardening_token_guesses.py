"""Failed token guesses are limited per client address (API_AUTH_FAILURE_RATE): past the limit
every request from that address is refused (429 with Retry-After), a right key included, so
guessing cannot go on at full speed. Over HTTP to the site as `make serve` runs it."""

import pytest
from django.db import connection

from citations.services import token_issue
from tests.served import served_site

from .payloads import ANSWERS
from .site_process import database_url

pytestmark = pytest.mark.django_db(transaction=True)


def test_guesses_past_the_limit_are_refused_even_with_the_right_key(processes):
    _, key = token_issue(client_name="pipeline")
    env = {"DATABASE_URL": database_url(connection.settings_dict), "API_AUTH_FAILURE_RATE": "5/min"}

    with served_site(processes, **env) as site:

        def ask(token: str) -> tuple[int, dict, bytes]:
            return site.request("GET", ANSWERS, headers={"Authorization": f"Token {token}"})

        first_guesses = [ask(f"guess-{n}")[0] for n in range(4)]
        within_the_limit = ask(key)[0]
        last_guesses = [ask(f"guess-{n}")[0] for n in range(4, 7)]
        status, headers, content = ask(key)

    assert first_guesses == [401] * 4
    assert within_the_limit == 200
    assert last_guesses == [401, 429, 429]  # the fifth failure is the last one answered
    assert status == 429
    assert 0 < int(headers["Retry-After"]) <= 60
    assert b"failed authentications" in content
