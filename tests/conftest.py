import os

import pytest
from rest_framework.test import APIClient

# Playwright's sync API runs an event loop in the test thread; live_server's ORM calls from
# that thread are safe here because each test uses its own database connection.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


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
