import gc
import os

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from tests import leftovers
from tests.processes import ProcessGroups


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):
    """pytest-django's own, plus a collection before its teardown drops the test databases. A
    request served by the async test client leaves its connection in a reference cycle of the
    thread that ran it (tests/web/test_hardening_webhook_timing.py): unreachable, but open
    until collected, and on PostgreSQL an open session keeps DROP DATABASE from working."""
    yield
    gc.collect()


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """pytest-django's own, plus a check: django_db_setup depends on this fixture, so the code
    after `yield` runs once the test databases were removed. Anything left of them fails the
    run (and is removed, so the next run starts clean)."""
    yield
    left = []
    for settings_dict in settings.DATABASES.values():
        found = leftovers.find(settings_dict)
        if found:
            leftovers.remove(settings_dict)
            left += found
    assert not left, f"the test databases' teardown left {left}"


@pytest.fixture
def api_client_factory(db):
    """Make an authenticated DRF test client for a new generator; returns (client, api)."""
    from citations.services import token_issue

    def make(name: str = "pipeline"):
        token, key = token_issue(client_name=name)
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        return token.client, api

    return make


@pytest.fixture
def metrics_world(db):
    """The hand-computed world of tests/metrics_world.py."""
    from tests.metrics_world import build_world

    return build_world()


@pytest.fixture
def processes():
    """Start processes with `processes.run(...)`; whatever is left of them, children included,
    is killed when the test ends, pass or fail."""
    with ProcessGroups() as groups:
        yield groups


def pytest_collection_modifyitems(config, items):
    # `make test` runs the suite twice (SQLite, then PostgreSQL): what needs no database and
    # takes long runs in the first pass only.
    if os.environ.get("DATABASE_URL"):
        skip = pytest.mark.skip(reason="marked once: ran in the SQLite pass")
        for item in items:
            if "once" in item.keywords:
                item.add_marker(skip)
