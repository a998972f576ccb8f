"""The API throttle holds under concurrency: 60 requests sent at once against a budget of 20 a
day get exactly 20 answers and 40 refusals (429), however the workers interleave. (The
count was read, then written back, so parallel requests overwrote each other's.) Sent over
HTTP to the site as `make serve` runs it, with three worker processes, once with the counter in
the database (the embedded default) and once in Redis (REDIS_URL)."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from citations.services import token_issue
from tests.served import served_site

from .payloads import ANSWERS
from .site_process import clear_of_window_end, database_url

PARALLEL = 60
RATE = 20

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("counter", ["database", "redis"])
def test_sixty_parallel_requests_on_a_budget_of_twenty_get_twenty_answers(
    processes, request, counter
):
    _, key = token_issue(client_name="pipeline")
    headers = {"Authorization": f"Token {key}"}
    env = {
        "DATABASE_URL": database_url(connection.settings_dict),
        "API_THROTTLE_RATE": f"{RATE}/day",
        **({"REDIS_URL": request.getfixturevalue("test_redis")} if counter == "redis" else {}),
    }
    # A day's window, not a minute's: on a loaded machine the 60 requests could straddle a
    # minute's close and get two budgets (seen once in a fresh clone's PostgreSQL run).
    clear_of_window_end(86400)

    def status(_) -> int:
        return site.request("GET", ANSWERS, headers=headers, timeout=60)[0]

    with (
        served_site(processes, workers=3, **env) as site,
        ThreadPoolExecutor(max_workers=PARALLEL) as pool,
    ):
        answers = list(pool.map(status, range(PARALLEL)))
        log = site.log_tail(100_000)
    # The server's log says why when the count is off (a Redis error it fell back from, say).
    why = "\n".join(line for line in log.splitlines() if "Too Many Requests" not in line)
    assert sorted(answers) == [200] * RATE + [429] * (PARALLEL - RATE), why[-3000:]
