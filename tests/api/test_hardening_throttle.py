"""The API throttle holds across processes: web workers share its request history."""

import pytest
from django.db import connection

from citations.services import token_issue

from .site_process import clear_of_window_end, database_url, run_site

REQUESTS = """
from django.test import Client
import os
client = Client(HTTP_AUTHORIZATION="Token " + os.environ["TOKEN_KEY"])
codes = [client.get("/api/v1/answers/").status_code for _ in range(5)]
print(json.dumps({"codes": codes}))
"""


@pytest.mark.django_db(transaction=True)
def test_two_processes_share_one_budget_of_five_requests_a_day():
    _, key = token_issue(client_name="pipeline")
    env = {
        "DATABASE_URL": database_url(connection.settings_dict),
        "API_THROTTLE_RATE": "5/day",
        "TOKEN_KEY": key,
    }
    clear_of_window_end(86400)  # a budget a day: two processes either side of midnight

    first = run_site(REQUESTS, **env)["codes"]
    second = run_site(REQUESTS, **env)["codes"]

    assert first == [200] * 5
    assert second == [429] * 5  # one process per worker: the second sees the first's requests
