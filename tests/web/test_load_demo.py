"""`load_demo` creates the demo once and resets the demo users' passwords on every run."""

import io
import re

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import RequestFactory

from citations.models import Answer, ApiClient, Decision, Evidence

pytestmark = pytest.mark.django_db


def run() -> dict[str, str]:
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    return dict(re.findall(r"^\s+(\w+)\s+password: (\S+)$", out.getvalue(), re.MULTILINE))


def test_load_demo_is_idempotent_and_prints_working_passwords():
    first = run()
    assert set(first) == {"reviewer", "editor"}
    answers, decisions = Answer.objects.count(), Decision.objects.count()
    assert 28 <= answers <= 35
    assert ApiClient.objects.count() == 2
    assert Answer.objects.filter(is_legal=True).exists()
    statuses = set(Answer.objects.values_list("review_status", flat=True))
    assert statuses == {"clean", "needs_review", "approved", "rejected", "returned"}
    assert Answer.objects.filter(unsupported_count__gt=0).count() >= 10
    assert Answer.objects.filter(uncited_count__gt=0).count() >= 5
    # Realistic answers only: the hostile strings live in the tests, not in what a new user sees.
    shown = [
        *Answer.objects.values_list("question", "text"),
        *Evidence.objects.values_list("title", "text", "url"),
        *Decision.objects.values_list("note"),
    ]
    markup = re.compile(r"<[a-z/!]|javascript:|\bon[a-z]+\s*=", re.IGNORECASE)
    assert [fields for fields in shown if markup.search(" ".join(fields))] == []

    second = run()
    assert Answer.objects.count() == answers
    assert Decision.objects.count() == decisions
    assert second["reviewer"] != first["reviewer"]
    request = RequestFactory().post("/accounts/login/")  # login throttling needs the request
    reviewer = authenticate(request, username="reviewer", password=second["reviewer"])
    editor = authenticate(request, username="editor", password=second["editor"])
    assert reviewer is not None and editor is not None
    assert authenticate(request, username="reviewer", password=first["reviewer"]) is None
    assert list(reviewer.groups.values_list("name", flat=True)) == ["reviewer"]
    assert list(editor.groups.values_list("name", flat=True)) == ["editor"]
