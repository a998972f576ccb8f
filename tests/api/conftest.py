import pytest

# Throttle counts are rows in the database (citations/services/throttles.py): each test's are
# rolled back or flushed with the rest of its data, so every test starts with a full budget.


@pytest.fixture
def client_api(api_client_factory):
    """(ApiClient, authenticated APIClient) for the generator "pipeline"."""
    return api_client_factory("pipeline")


@pytest.fixture
def api(client_api):
    return client_api[1]
