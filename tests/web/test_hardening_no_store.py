"""Dashboard pages and exports hold private, untrusted content: never stored by a cache."""

import pytest
from django.urls import reverse

from tests.web.conftest import HX, login

pytestmark = pytest.mark.django_db


def pages(answer):
    return [
        reverse("citations:answer_list"),
        reverse("citations:answer_detail", args=[answer.pk]),
        reverse("citations:answer_evidence", args=[answer.pk]) + "?s=1",
        reverse("citations:metrics"),
        reverse("citations:export_text", args=[answer.pk]),
        reverse("citations:export_report", args=[answer.pk]),
        reverse("citations:queue_export", args=["csv"]),
    ]


def test_every_dashboard_page_and_export_is_no_store(client, reviewer, numeric_answer):
    login(client, reviewer)
    for path in pages(numeric_answer):
        for headers in ({}, HX):
            response = client.get(path, **headers)
            assert response.status_code in (200, 302), path  # plain evidence: a redirect
            assert "no-store" in response["Cache-Control"], path


def test_api_responses_are_no_store(api_client_factory):
    _, api = api_client_factory("pipeline")
    response = api.get("/api/v1/answers/")
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
