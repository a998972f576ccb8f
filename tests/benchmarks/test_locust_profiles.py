"""Every locust profile bench-scale runs does what it says against the site as `make serve`
runs it: the generator's posts are stored (201), the reviewers' pages are the pages (a 200, not
a redirect to the login page), the API reader reads its own answers; none fails. And load.locust
reads locust's own CPU a request from the run, for the report."""

import math
import os
import tempfile
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from benchmarks import load
from citations.models import Answer
from citations.services import token_issue
from tests.api.site_process import database_url
from tests.factories import UserFactory, make_answer
from tests.served import served_site

pytestmark = pytest.mark.django_db(transaction=True)

# (user class, a request it must have made): ReadingReviewer is Dashboard with pauses.
PROFILES = [
    ("Probe", "GET /healthz"),
    ("Generator", "POST /api/v1/answers/"),
    ("Reviewer", "GET /answers/<id>/"),
    ("Searcher", "GET /?q= (every answer)"),
    ("Dashboard", "GET /metrics/"),
    ("ApiReader", "GET /api/v1/answers/<id>/"),
]


@pytest.fixture
def bench_env(processes):
    """The environment load.credentials and scale.prepare give locust, on a served site."""
    _, token = token_issue(client_name="bench-generator")
    seed_token, seed_key = token_issue(client_name="bench-seed")
    answers = [make_answer(client=seed_token.client) for _ in range(3)]
    browser = Client()
    browser.force_login(UserFactory(groups=["reviewer"]))
    env = {
        "DATABASE_URL": database_url(connection.settings_dict),
        "SECRET_KEY": settings.SECRET_KEY,  # the session's auth hash is signed with it
        "API_THROTTLE_RATE": "1000000/min",
    }
    with served_site(processes, **env) as site:
        yield {
            **os.environ,
            "BENCH_TOKEN": token,
            "BENCH_SEED_TOKEN": seed_key,
            "BENCH_SESSION": browser.cookies["sessionid"].value,
            "BENCH_FIRST_ID": str(answers[0].pk),
            "BENCH_LAST_ID": str(answers[-1].pk),
            "BENCH_SEED_FIRST_ID": str(answers[0].pk),
            "BENCH_SEED_LAST_ID": str(answers[-1].pk),
            "HOST_URL": site.url,
        }


@pytest.mark.parametrize(("user_class", "request_name"), PROFILES)
def test_each_profile_makes_its_requests_and_none_fails(
    bench_env, monkeypatch, user_class, request_name
):
    monkeypatch.setattr(load, "HOST", bench_env["HOST_URL"])
    before = Answer.objects.count()
    with tempfile.TemporaryDirectory() as out:
        rows = load.locust(bench_env, user_class, 1, 5, Path(out))
    made = {name: int(row["Request Count"]) for name, row in rows.items()}
    failed = {
        name: row["Failure Count"] for name, row in rows.items() if row["Failure Count"] != "0"
    }
    assert made.get(request_name, 0) > 0, made
    assert failed == {}
    cpu_ms = rows[f"{user_class}: all"][load.LOCUST_CPU]
    assert not math.isnan(cpu_ms) and cpu_ms > 0
    if user_class == "Generator":  # stored, each (posts still in flight at the stop uncounted)
        assert Answer.objects.count() - before >= made[request_name]
