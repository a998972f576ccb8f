"""The OpenAPI schema documents every endpoint, field, error and limit; the docs page works
under the site's CSP; schemathesis finds no 5xx and no response outside the schema."""

import json
import re

import pytest
import schemathesis
from django.conf import settings as django_settings
from django.contrib.staticfiles import finders
from hypothesis import HealthCheck, settings
from rest_framework.test import APIClient
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from citations.engine.support.model import FEATURES
from citations.services import answer_revise, token_issue
from tests.api.payloads import GDPR_17, GDPR_TEXT
from tests.factories import make_answer

pytestmark = pytest.mark.django_db

SCHEMA = "/api/v1/schema/"


@pytest.fixture
def openapi() -> dict:
    response = APIClient().get(SCHEMA, {"format": "json"})
    assert response.status_code == 200
    return json.loads(response.content)


def test_schema_is_json_when_asked(openapi):
    by_accept = APIClient().get(SCHEMA, HTTP_ACCEPT="application/json")

    assert by_accept.status_code == 200
    assert by_accept["Content-Type"].startswith("application/json")
    assert json.loads(by_accept.content) == openapi
    assert openapi["openapi"].startswith("3.")


def test_schema_defaults_to_yaml_and_needs_no_token():
    response = APIClient().get(SCHEMA)

    assert response.status_code == 200
    assert response.content.startswith(b"openapi: 3.")


def test_schema_ignores_a_bad_token():
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION="Token nope")

    assert api.get(SCHEMA, {"format": "json"}).status_code == 200


WRITE_CODES = {"201", "400", "401", "404", "409", "413", "429"}


def test_every_endpoint_and_error_is_documented(openapi):
    paths = openapi["paths"]
    expected = {
        ("/api/v1/answers/", "get"): {"200", "400", "401", "404", "429"},
        ("/api/v1/answers/", "post"): {"200", "201", "400", "401", "409", "413", "429"},
        ("/api/v1/answers/{id}/", "get"): {"200", "401", "404", "429"},
        ("/api/v1/answers/{id}/revisions/", "get"): {"200", "401", "404", "429"},
        ("/api/v1/answers/{id}/revisions/", "post"): WRITE_CODES,
        ("/api/v1/answers/export.csv", "get"): {"200", "400", "401", "429"},
        ("/api/v1/answers/export.jsonl", "get"): {"200", "400", "401", "429"},
        ("/api/v1/verify/", "post"): {"200", "400", "401", "413", "429"},
    }
    documented = {(path, method) for path, ops in paths.items() for method in ops}
    assert documented == set(expected)
    for (path, method), codes in expected.items():
        operation = paths[path][method]
        assert set(operation["responses"]) == codes
        assert operation["security"] == [{"tokenAuth": []}]
        assert operation["summary"] and operation["description"]
        for code in codes - {"200", "201"}:
            assert operation["responses"][code]["description"]
            assert list(operation["responses"][code]["content"]) == ["application/json"]
    assert openapi["components"]["securitySchemes"]["tokenAuth"]["name"] == "Authorization"


def test_fields_and_limits_are_documented(openapi):
    schemas = openapi["components"]["schemas"]
    request = schemas["AnswerInputRequest"]
    assert set(request["properties"]) == {
        "text", "evidence", "question", "external_id", "citation_style", "metadata"
    }  # fmt: skip
    assert set(request["required"]) == {"text", "evidence"}
    assert request["properties"]["text"]["maxLength"] == django_settings.CITATIONS_MAX_TEXT_CHARS
    passage = schemas["EvidenceInputRequest"]
    assert passage["required"] == ["text"]
    assert passage["properties"]["text"]["maxLength"] == django_settings.CITATIONS_MAX_PASSAGE_CHARS
    create = openapi["paths"]["/api/v1/answers/"]["post"]["description"]
    for setting in (
        "CITATIONS_MAX_BODY_BYTES",
        "CITATIONS_MAX_TEXT_CHARS",
        "CITATIONS_MAX_PASSAGES",
        "CITATIONS_MAX_PASSAGE_CHARS",
    ):
        assert setting in create
    assert set(schemas["Answer"]["properties"]) >= {
        "id", "url", "review_url", "external_id", "question", "text", "citation_style",
        "metadata", "created_at", "evidence", "status", "review", "verification",
    }  # fmt: skip
    assert "verification" not in schemas["AnswerSummary"]["properties"]
    assert set(schemas["Report"]["properties"]) == {
        "engine", "passed", "legal", "validation_rate", "counts", "sentences"
    }  # fmt: skip
    assert schemas["Report"]["properties"]["legal"]["type"] == "boolean"
    citation = schemas["CitationReport"]["properties"]
    assert citation["unit"]["nullable"] and citation["failure"]["nullable"]
    assert set(schemas["Unit"]["required"]) == {"law", "article", "paragraph", "point"}
    assert schemas["FailureEnum"]["enum"] == ["law", "article", "paragraph", "point"]
    assert not {"legal", "unit", "failure"} & {
        *schemas["Report"]["required"],
        *schemas["CitationReport"]["required"],
    }  # stored reports of engine 2.0 lack them until reverify
    sentence = schemas["SentenceReport"]["properties"]
    assert {"support", "signals", "suggestions", "contradictions", "decided_by"} <= set(sentence)
    assert not {"decided_by", "summary", "numbers"} & set(schemas["SentenceReport"]["required"])
    assert "plain words" in sentence["summary"]["description"]
    for absent in (sentence["summary"], sentence["numbers"], sentence["decided_by"]):
        assert "reverify --all" in str(absent) + str(schemas.get("DecidedByEnum", ""))
    assert "not key terms" in sentence["numbers"]["description"]
    decided = str(sentence["decided_by"]) + str(schemas.get("DecidedByEnum", ""))
    for value in ("support", "number", "contradiction", "citation", "uncited or neutral"):
        assert value in decided
    contradiction = schemas["Contradiction"]["properties"]
    assert set(contradiction) == {
        "kind", "sentence_span", "evidence", "passage_span", "sentence_text", "passage_text",
    }  # fmt: skip
    assert sentence["support"]["nullable"] and sentence["support"]["maximum"] == 1
    assert set(schemas["Signals"]["properties"]) == set(FEATURES)
    assert "carried" in schemas["CitationReport"]["properties"]
    assert "malformed" in str(schemas["CitationReport"]["properties"]["status"])
    assert schemas["StatusEnum"]["enum"] == [
        "clean",
        "needs_review",
        "approved",
        "rejected",
        "returned",
    ]
    assert "errors" in schemas["ValidationError"]["properties"]
    filters = {p["name"] for p in openapi["paths"]["/api/v1/answers/"]["get"]["parameters"]}
    assert filters == {
        "status", "passed", "external_id", "created_after", "created_before", "current",
        "cursor", "page_size",
    }  # fmt: skip
    listed = openapi["components"]["schemas"]["PaginatedAnswerSummaryList"]
    assert set(listed["properties"]) == {"next", "previous", "results"}


def test_revisions_and_exports_are_documented(openapi):
    schemas, paths = openapi["components"]["schemas"], openapi["paths"]
    revision_fields = {
        "revision", "is_current", "original_id", "previous_id", "current_revision_id",
        "revisions_url", "revised_by", "revision_note",
    }  # fmt: skip
    for name in ("Answer", "AnswerSummary"):
        properties = schemas[name]["properties"]
        assert set(properties) >= revision_fields
        assert all(properties[field].get("description") for field in revision_fields)
    assert schemas["RevisedByEnum"]["enum"] == ["client", "reviewer"]
    assert "carried_from" in schemas["Decision"]["properties"]
    current = next(
        p for p in paths["/api/v1/answers/"]["get"]["parameters"] if p["name"] == "current"
    )
    assert current["schema"] == {"type": "boolean", "default": True}
    assert "superseded" in current["description"]

    request = schemas["RevisionInputRequest"]
    assert set(request["properties"]) == {"text", "evidence", "note"}
    assert request["required"] == ["text"]
    assert request["properties"]["text"] == schemas["AnswerInputRequest"]["properties"]["text"]
    assert request["properties"]["evidence"]["nullable"] is True
    create = paths["/api/v1/answers/{id}/revisions/"]["post"]
    assert create["requestBody"]["required"] is True
    conflict = create["responses"]["409"]["content"]["application/json"]["schema"]
    assert conflict == {"$ref": "#/components/schemas/RevisionConflictError"}
    assert "current_revision" in schemas["RevisionConflictError"]["required"]
    history = schemas["RevisionHistory"]["properties"]
    assert set(history) == {"original_id", "current_revision_id", "count", "revisions"}
    assert set(schemas["Revision"]["properties"]) == {
        "id", "url", "revision", "is_current", "created_at", "revised_by", "revision_note",
        "status", "passed", "validation_rate", "counts", "diff",
    }  # fmt: skip
    assert set(schemas["DiffRow"]["properties"]) == {
        "kind", "text", "status_before", "status_after"
    }  # fmt: skip

    filters = {p["name"] for p in paths["/api/v1/answers/"]["get"]["parameters"]}
    for path, media_type in (
        ("/api/v1/answers/export.csv", "text/csv"),
        ("/api/v1/answers/export.jsonl", "application/x-ndjson"),
    ):
        operation = paths[path]["get"]
        assert operation["responses"]["200"]["content"] == {
            media_type: {"schema": {"type": "string"}}
        }
        assert {p["name"] for p in operation["parameters"]} == (filters - {"page", "page_size"}) | {
            "cursor",
            "limit",
        }
    assert (
        "revision" in paths["/api/v1/answers/export.csv"]["get"]["responses"]["200"]["description"]
    )


def test_schema_settings_change_the_documented_limits(settings):
    settings.CITATIONS_MAX_TEXT_CHARS = 1234
    openapi = json.loads(APIClient().get(SCHEMA, {"format": "json"}).content)

    text = openapi["components"]["schemas"]["AnswerInputRequest"]["properties"]["text"]
    assert text["maxLength"] == 1234


def test_docs_page_is_served_locally_without_inline_script():
    response = APIClient().get("/api/v1/docs/")

    assert response.status_code == 200
    html = response.content.decode()
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, flags=re.S)
    assert scripts
    for attributes, content in scripts:
        assert 'src="' in attributes
        assert not content.strip()
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert all(src.startswith("/") for src in sources), sources
    assert "script-src 'self'" in response["Content-Security-Policy"]


def test_docs_init_script_and_assets_are_served():
    api = APIClient()
    html = api.get("/api/v1/docs/").content.decode()
    init = re.search(r'<script src="([^"]*script=[^"]*)"', html).group(1)

    script = api.get(init.replace("&amp;", "&"))

    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert b"/api/v1/schema/" in script.content
    bundle = re.search(r'<script src="([^"]*swagger-ui-bundle\.js)"', html).group(1)
    # served by the site's static files (whitenoise / runserver), not a CDN
    assert bundle.startswith(django_settings.STATIC_URL.rstrip("/") + "/") or bundle.startswith(
        "/" + django_settings.STATIC_URL
    )
    assert finders.find(bundle.split(django_settings.STATIC_URL, 1)[1])


# --- property-based: schemathesis against our own schema -----------------------------------


@pytest.fixture
def wsgi_app(db):
    """The site's own WSGI application, keeping the test's database connection open between
    requests (as Django's test client does) so every request sees the test transaction."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    from verifier_site.wsgi import application

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield application
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def _load_schema():
    # Loaded at collection from the site itself (the schema view needs no database).
    # schemathesis.pytest.from_fixture would load it lazily, but 4.32 fails on pytest 9
    # ('Function' object has no attribute '_nodeid').
    from verifier_site.wsgi import application

    return schemathesis.openapi.from_wsgi(f"{SCHEMA}?format=json", application)


@pytest.fixture
def token_header(db) -> dict:
    token, key = token_issue(client_name="schemathesis")
    # so detail, list, revisions and exports have something to show
    answer = make_answer(client=token.client, text="Employees get 45 days of leave [1].")
    answer_revise(answer=answer, text="Employees get 30 days of paid annual leave [1].")
    # a suggestion, a citation that carries terms without support, and a malformed one
    make_answer(
        client=token.client,
        text="Overtime is paid at 150 percent of the regular hourly wage [1]. "
        "Employees get 30 days of paid annual leave [1,].",
    )
    # legal: a unit that resolves and one that fails at paragraph level
    make_answer(client=token.client, text=GDPR_TEXT, evidence=[GDPR_17])
    return {"Authorization": f"Token {key}"}


api_schema = _load_schema()


@api_schema.parametrize()
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
    ],
)
def test_api_conforms_to_its_schema(case, wsgi_app, token_header):
    case.call_and_validate(
        headers=token_header, checks=[not_a_server_error, response_schema_conformance]
    )


def test_the_docs_page_names_the_token_command_that_works(openapi):
    """The README's Quick start: `make manage` gives manage.py make run's defaults; a bare
    `python manage.py issue_token` stops at "SECRET_KEY is not set" on a fresh clone."""
    said = openapi["components"]["securitySchemes"]["tokenAuth"]["description"]
    assert 'make manage ARGS="issue_token my-pipeline"' in said
    assert "python manage.py issue_token" not in said
