import os

import pytest
from rest_framework.test import APIClient

from tests.processes import ProcessGroups


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
