import os

import pytest
import redis
from django.db import connection

# Throttle counts are rows in the database (citations/services/throttles.py): each test's are
# rolled back or flushed with the rest of its data, so every test starts with a full budget.
# Counted in Redis (`test_redis`), they are deleted before and after the test instead.

# A database the tests may write to on a local Redis (TEST_REDIS_URL to choose another).
TEST_REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/5")


@pytest.fixture
def test_redis():
    """The URL of a Redis for the throttle's counts, holding none of this test database's (its
    keys name the database, which the test settings name per process); skips without one."""
    store = redis.Redis.from_url(TEST_REDIS_URL, socket_connect_timeout=2)
    pattern = f"throttle:{connection.settings_dict['NAME']}:*"

    def clear() -> None:
        stale = list(store.scan_iter(match=pattern))
        if stale:
            store.delete(*stale)

    try:
        clear()
    except redis.ConnectionError:
        pytest.skip(f"no Redis at {TEST_REDIS_URL}")
    yield TEST_REDIS_URL
    clear()


@pytest.fixture
def client_api(api_client_factory):
    """(ApiClient, authenticated APIClient) for the generator "pipeline"."""
    return api_client_factory("pipeline")


@pytest.fixture
def api(client_api):
    return client_api[1]
