"""The address's failed guesses are read with the token (one query); past the limit every kind
of request from the address is refused before its key is judged, however it sends the key."""

import pytest
from rest_framework.test import APIClient

from citations.services import token_issue

from .payloads import ANSWERS

pytestmark = pytest.mark.django_db


def _get(header: str | bytes | None) -> int:
    api = APIClient()
    if header is not None:
        api.credentials(HTTP_AUTHORIZATION=header)
    return api.get(ANSWERS).status_code


def test_past_the_limit_every_way_of_sending_a_key_is_refused(settings):
    settings.API_AUTH_FAILURE_RATE = "3/hour"
    _, key = token_issue(client_name="pipeline")
    assert _get(f"Token {key}") == 200
    assert [_get(f"Token wrong-{i}") for i in range(3)] == [401, 401, 401]

    assert _get(f"Token {key}") == 429
    assert _get(None) == 429
    assert _get("Token") == 429
    assert _get("Token a b") == 429
    assert _get("Token k\u00e9y".encode("latin-1")) == 429


def test_a_right_key_passes_under_the_limit_and_a_key_never_looked_up_still_counts(settings):
    settings.API_AUTH_FAILURE_RATE = "3/hour"
    _, key = token_issue(client_name="pipeline")
    assert [_get(f"Token wrong-{i}") for i in range(2)] == [401, 401]
    assert _get(f"Token {key}") == 200

    assert _get("Token k\u00e9y".encode("latin-1")) == 401  # the third failure
    assert _get(f"Token {key}") == 429
