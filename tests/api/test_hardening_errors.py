"""Every API error is the JSON envelope {"status", "code", "detail"}: unknown paths, a
missing trailing slash, an unavailable database, bad characters in any field, chunked bodies."""

import json

import pytest

from citations.api.serializers import (
    AnswerInputSerializer,
    EvidenceInputSerializer,
    RevisionInputSerializer,
)
from citations.models import Answer

from .payloads import ANSWERS, VERIFY, body, revisions_path
from .site_process import closed_port, run_site

pytestmark = pytest.mark.django_db


def assert_envelope(response, status: int, code: str) -> dict:
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    data = response.json()
    assert (data["status"], data["code"]) == (status, code)
    assert data["detail"]
    return data


@pytest.mark.parametrize("path", ["/api/v1/nothing/", "/api/v1/answers/1/nope/", "/api/v9/x"])
def test_unknown_api_paths_are_a_json_404(api, path):
    assert_envelope(api.get(path), 404, "not_found")


def test_post_without_the_trailing_slash_creates_the_answer(api):
    response = api.post(ANSWERS.rstrip("/"), body(), format="json")

    assert response.status_code == 201, response.content
    assert Answer.objects.filter(pk=response.json()["id"]).exists()


def test_an_authenticated_call_with_the_database_down_is_a_json_503():
    outcome = run_site(
        """
from django.test import Client
response = Client().get("/api/v1/answers/", HTTP_AUTHORIZATION="Token cv_anything")
print(json.dumps({"status": response.status_code, "type": response["Content-Type"],
                  "retry": response.get("Retry-After"), "body": response.json()}))
""",
        DATABASE_URL=f"postgres://postgres@127.0.0.1:{closed_port()}/verifier",
    )
    assert outcome["status"] == 503
    assert outcome["type"] == "application/json"
    assert outcome["body"]["code"] == "database_unavailable"
    assert outcome["retry"]


def post_raw(api, path, data):
    # json.dumps writes a lone surrogate as its \\ud800 escape, as a client's JSON would.
    return api.generic("POST", path, json.dumps(data), content_type="application/json")


BAD_STRINGS = {"lone surrogate": "x\ud800", "NUL": "x\x00"}
ANSWER_FIELDS = list(AnswerInputSerializer().fields)
EVIDENCE_FIELDS = list(EvidenceInputSerializer().fields)
REVISION_FIELDS = list(RevisionInputSerializer().fields)


def test_the_sweep_covers_the_fields_of_every_input():
    assert {"citation_style", "external_id", "metadata"} <= set(ANSWER_FIELDS)
    assert {"text", "id", "url"} <= set(EVIDENCE_FIELDS)
    assert "note" in REVISION_FIELDS


@pytest.mark.parametrize("bad", BAD_STRINGS.values(), ids=BAD_STRINGS)
@pytest.mark.parametrize("path", [ANSWERS, VERIFY])
@pytest.mark.parametrize(
    "field", ANSWER_FIELDS + [f"evidence[0].{name}" for name in EVIDENCE_FIELDS]
)
def test_a_bad_string_in_any_answer_field_is_a_400_naming_it(api, path, field, bad):
    data = body()
    if field.startswith("evidence[0]."):
        data["evidence"][0][field.removeprefix("evidence[0].")] = bad
    else:
        data[field] = bad

    error = assert_envelope(post_raw(api, path, data), 400, "invalid")

    assert list(error["errors"]) == [field]
    assert not Answer.objects.exists()


@pytest.mark.parametrize("bad", BAD_STRINGS.values(), ids=BAD_STRINGS)
@pytest.mark.parametrize("field", REVISION_FIELDS)
def test_a_bad_string_in_any_revision_field_is_a_400_naming_it(api, field, bad):
    original = api.post(ANSWERS, body(), format="json").json()

    error = assert_envelope(
        post_raw(api, revisions_path(original["id"]), {"text": "Fixed.", field: bad}),
        400,
        "invalid",
    )

    assert list(error["errors"]) == [field]
    assert Answer.objects.count() == 1


def test_a_lone_surrogate_in_citation_style_is_named_with_its_escape(api):
    error = post_raw(api, ANSWERS, body(citation_style="\ud800")).json()
    assert error["errors"] == {"citation_style": ['"\\ud800" is not a valid choice.']}


def test_a_chunked_body_the_server_cannot_read_is_refused_clearly(api):
    # Under WSGI a chunked body arrives without Content-Length, and Django reads none of it.
    response = api.generic(
        "POST",
        ANSWERS,
        json.dumps(body()),
        content_type="application/json",
        HTTP_TRANSFER_ENCODING="chunked",
        CONTENT_LENGTH="",
    )
    data = assert_envelope(response, 411, "length_required")
    assert "Content-Length" in data["detail"]
    assert not Answer.objects.exists()
