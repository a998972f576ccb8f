"""Size limits (413 before parsing; 400 per field) and per-client throttling (429)."""

import json

import pytest
from rest_framework.test import APIClient

from citations.models import Answer, ThrottleCount

from .payloads import ANSWERS, VERIFY, body

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", [ANSWERS, VERIFY])
def test_body_over_the_limit_is_413(api, settings, path):
    settings.CITATIONS_MAX_BODY_BYTES = 1_000
    raw = json.dumps(body(text="Leave is 30 days [1]. " * 100))
    assert len(raw) > 1_000

    response = api.generic("POST", path, raw, content_type="application/json")

    assert response.status_code == 413
    data = response.json()
    assert data["status"] == 413
    assert data["code"] == "request_too_large"
    assert "1000 bytes" in data["detail"]
    assert not Answer.objects.exists()


def test_413_is_decided_from_the_declared_length_before_parsing(api):
    # The declared length alone decides: the (tiny, invalid) body is never read.
    response = api.generic(
        "POST", ANSWERS, b"{not json", content_type="application/json", CONTENT_LENGTH="10000000"
    )

    assert response.status_code == 413


def test_413_comes_before_authentication(settings):
    settings.CITATIONS_MAX_BODY_BYTES = 100
    response = APIClient().post(ANSWERS, body(), format="json")

    assert response.status_code == 413


def test_body_at_the_limit_is_accepted(api, settings):
    raw = json.dumps(body())
    settings.CITATIONS_MAX_BODY_BYTES = len(raw.encode())

    assert api.generic("POST", ANSWERS, raw, content_type="application/json").status_code == 201


@pytest.mark.parametrize("path", [ANSWERS, VERIFY])
def test_text_over_the_limit(api, settings, path):
    settings.CITATIONS_MAX_TEXT_CHARS = 50
    response = api.post(path, body(text="x" * 51), format="json")

    assert response.status_code == 400
    assert response.json()["errors"]["text"] == [
        "Ensure this value has at most 50 characters (it has 51)."
    ]
    assert api.post(path, body(text="Leave is 30 days [1]."), format="json").status_code in (
        200,
        201,
    )


@pytest.mark.parametrize("path", [ANSWERS, VERIFY])
def test_too_many_passages(api, settings, path):
    settings.CITATIONS_MAX_PASSAGES = 3
    response = api.post(path, body(evidence=[{"text": "p"}] * 4), format="json")

    assert response.status_code == 400
    assert response.json()["errors"] == {
        "evidence": ["Ensure this field has no more than 3 elements."]
    }
    assert api.post(path, body(evidence=[{"text": "p"}] * 3), format="json").status_code in (
        200,
        201,
    )


@pytest.mark.parametrize("path", [ANSWERS, VERIFY])
def test_passage_over_the_limit(api, settings, path):
    settings.CITATIONS_MAX_PASSAGE_CHARS = 20
    response = api.post(path, body(evidence=[{"text": "ok"}, {"text": "y" * 21}]), format="json")

    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"evidence[1].text"}


def test_the_engine_ceiling_applies_even_if_settings_are_higher(api, settings):
    from citations import engine

    settings.CITATIONS_MAX_TEXT_CHARS = engine.MAX_TEXT_CHARS * 10
    settings.CITATIONS_MAX_BODY_BYTES = engine.MAX_TEXT_CHARS * 20
    response = api.post(ANSWERS, body(text="x" * (engine.MAX_TEXT_CHARS + 1)), format="json")

    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"text"}


def client_rate(settings, rate: str) -> None:
    """Give each API client a budget of `rate` for this test."""
    rates = {"DEFAULT_THROTTLE_RATES": {"client": rate}}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, **rates}


def test_throttling_per_client_with_retry_after(api_client_factory, settings):
    client_rate(settings, "3/min")
    _, busy = api_client_factory("busy")
    _, quiet = api_client_factory("quiet")

    statuses = [busy.get(ANSWERS).status_code for _ in range(4)]

    assert statuses == [200, 200, 200, 429]
    response = busy.post(ANSWERS, body(), format="json")
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 60
    data = response.json()
    assert data["status"] == 429
    assert data["code"] == "throttled"
    assert data["retry_after"] == int(response["Retry-After"])
    assert not Answer.objects.exists()
    # another client has its own budget
    assert quiet.get(ANSWERS).status_code == 200


def test_with_redis_the_client_budget_is_counted_there(api_client_factory, settings, test_redis):
    settings.REDIS_URL = test_redis
    client_rate(settings, "3/min")
    _, busy = api_client_factory("busy")
    _, quiet = api_client_factory("quiet")

    statuses = [busy.get(ANSWERS).status_code for _ in range(4)]

    assert statuses == [200, 200, 200, 429]
    assert 0 < int(busy.get(ANSWERS)["Retry-After"]) <= 60
    assert not ThrottleCount.objects.exists()  # no write of the database's counter
    assert quiet.get(ANSWERS).status_code == 200


def test_a_redis_that_does_not_answer_gives_way_to_the_database_counter(
    api_client_factory, settings
):
    settings.REDIS_URL = "redis://127.0.0.1:9/0"  # the discard port: nothing listens
    client_rate(settings, "2/min")
    _, busy = api_client_factory("busy")

    statuses = [busy.get(ANSWERS).status_code for _ in range(3)]

    assert statuses == [200, 200, 429]
    assert ThrottleCount.objects.get().hits == 3
