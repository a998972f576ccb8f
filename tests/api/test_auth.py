"""Tokens: `Authorization: Token <key>`, hashed at rest, revocable; 401 JSON otherwise."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from citations.models import ApiClient, ApiToken, ThrottleCount
from citations.selectors import token_get_active
from citations.services import token_digest, token_issue, token_revoke

from .payloads import ANSWERS, VERIFY, body, detail_path

pytestmark = pytest.mark.django_db

ENDPOINTS = [("get", ANSWERS), ("post", ANSWERS), ("get", detail_path(1)), ("post", VERIFY)]


def call(api, method, path):
    return getattr(api, method)(path, body(), format="json") if method == "post" else api.get(path)


@pytest.mark.parametrize(("method", "path"), ENDPOINTS)
@pytest.mark.parametrize(
    "header",
    [
        None,
        "Token",
        "Token ",
        "Token not-a-real-key",
        "Token cv_a cv_b",
        "token cv_wrong",
        "Bearer cv_whatever",
        "Basic dXNlcjpwYXNz",
        "Token caf\u00e9",
    ],
)
def test_missing_or_invalid_tokens_are_401_json(method, path, header):
    api = APIClient()
    if header is not None:
        api.credentials(HTTP_AUTHORIZATION=header)

    response = call(api, method, path)

    assert response.status_code == 401
    data = response.json()
    assert data["status"] == 401
    assert data["code"] in {"not_authenticated", "authentication_failed"}
    assert data["detail"]
    assert response["WWW-Authenticate"] == "Token"


def test_revoked_token_is_401():
    token, key = token_issue(client_name="gen")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get(ANSWERS).status_code == 200

    token_revoke(token=token)

    response = api.get(ANSWERS)
    assert response.status_code == 401
    assert response.json()["detail"] == "Invalid or revoked token."


def test_inactive_client_is_401():
    token, key = token_issue(client_name="gen")
    ApiClient.objects.filter(pk=token.client_id).update(is_active=False)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")

    assert api.get(ANSWERS).status_code == 401


def test_key_is_stored_only_as_a_digest():
    token, key = token_issue(client_name="gen")
    token.refresh_from_db()

    assert token.digest == token_digest(key)
    assert key not in {token.digest, token.prefix, token.name}
    assert token.prefix == key[:10]


def test_each_token_of_a_client_works_and_sees_the_same_answers():
    _, first_key = token_issue(client_name="gen", token_name="ci")
    _, second_key = token_issue(client_name="gen", token_name="prod")
    first, second = APIClient(), APIClient()
    first.credentials(HTTP_AUTHORIZATION=f"Token {first_key}")
    second.credentials(HTTP_AUTHORIZATION=f"Token {second_key}")

    created = first.post(ANSWERS, body(), format="json").json()

    assert second.get(detail_path(created["id"])).status_code == 200


def test_last_used_at_is_written_at_most_once_a_minute(django_assert_num_queries):
    token, key = token_issue(client_name="gen")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")

    api.get(ANSWERS)
    token.refresh_from_db()
    first = token.last_used_at
    assert first is not None

    # auth (with the address's failed guesses) + throttle count + count (no answers, so no
    # page query): no write this time
    with django_assert_num_queries(3):
        api.get(ANSWERS)
    token.refresh_from_db()
    assert token.last_used_at == first

    ApiToken.objects.filter(pk=token.pk).update(last_used_at=first - timedelta(minutes=2))
    api.get(ANSWERS)
    token.refresh_from_db()
    assert token.last_used_at > first - timedelta(seconds=1)
    assert timezone.now() - token.last_used_at < timedelta(minutes=1)


def test_staff_session_does_not_open_the_api(admin_client):
    response = admin_client.get(ANSWERS)

    assert response.status_code == 401


def test_issue_token_command_prints_the_key_last(capsys):
    call_command("issue_token", "legal-rag", "--token-name", "production")

    lines = capsys.readouterr().out.strip().splitlines()
    key = lines[-1]
    token = ApiToken.objects.get(digest=token_digest(key))
    assert token.client.name == "legal-rag"
    assert token.name == "production"
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get(ANSWERS).status_code == 200


def test_issue_token_reuses_the_client(capsys):
    call_command("issue_token", "gen")
    call_command("issue_token", "gen")

    assert ApiClient.objects.filter(name="gen").count() == 1
    assert ApiToken.objects.filter(client__name="gen").count() == 2


def test_revoke_token_command(capsys):
    call_command("issue_token", "gen")
    key = capsys.readouterr().out.strip().splitlines()[-1]

    call_command("revoke_token", key[:10])

    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get(ANSWERS).status_code == 401


def _fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def test_the_token_lookup_reads_what_the_orm_reads():
    # The lookup is hand-written SQL (selectors.clients): its instances must hold the same
    # values, of the same types, as the ORM's (SQLite gives naive datetimes and integer
    # booleans unless converted), and the counter's hits ride along.
    token, key = token_issue(client_name="gen")
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
    ThrottleCount.objects.create(key="auth-failures:1.2.3.4/60", window_end=120, hits=3)

    found = token_get_active(digest=token_digest(key), counted=("auth-failures:1.2.3.4/60", 120))
    orm = ApiToken.objects.select_related("client").get(pk=token.pk)

    assert _fields(found) == _fields(orm)
    assert _fields(found.client) == _fields(orm.client)
    assert found.last_used_at.tzinfo is not None and found.client.is_active is True
    assert found.counted_hits == 3
    assert (
        token_get_active(digest=token_digest(key), counted=("other/60", 120)).counted_hits is None
    )
    assert not hasattr(token_get_active(digest=token_digest(key)), "counted_hits")
    assert token_get_active(digest=token_digest("cv_no-such-key")) is None
