import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _fresh_throttle_budget():
    # Throttle history lives in the cache, and client ids repeat between tests.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def client_api(api_client_factory):
    """(ApiClient, authenticated APIClient) for the generator "pipeline"."""
    return api_client_factory("pipeline")


@pytest.fixture
def api(client_api):
    return client_api[1]
