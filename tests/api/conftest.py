import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _fresh_throttle_budget(settings):
    # Throttle history lives in the cache, and client ids repeat between tests. In-process tests
    # keep it in local memory, so their query counts are the API's own; the shared database
    # cache the site uses by default is tested across processes (test_hardening_throttle.py).
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
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
