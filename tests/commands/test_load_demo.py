"""`load_demo` creates the demo once; the demo users' passwords stay the same across runs."""

import io
import re

import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import RequestFactory

from citations.models import Answer, ApiClient, Decision, Evidence

pytestmark = pytest.mark.django_db

PRINTED = re.compile(r"^\s+(\w+)\s+password: (.+)$", re.MULTILINE)


def run(**options) -> dict[str, str]:
    """Run the command; what it printed about each user's password."""
    out = io.StringIO()
    call_command("load_demo", stdout=out, **options)
    return dict(PRINTED.findall(out.getvalue()))


def generated(said: str) -> str:
    password, note = said.split(maxsplit=1)
    assert note == "(generated, shown only now)"
    return password


def logs_in(username: str, password: str) -> bool:
    request = RequestFactory().post("/accounts/login/")  # login throttling needs the request
    return authenticate(request, username=username, password=password) is not None


def test_load_demo_is_idempotent_and_keeps_the_generated_passwords(monkeypatch):
    monkeypatch.delenv("DEMO_PASSWORD", raising=False)
    first = run()
    assert set(first) == {"reviewer", "editor"}
    passwords = {name: generated(said) for name, said in first.items()}
    assert len(passwords["reviewer"]) >= 16 and passwords["reviewer"] != passwords["editor"]
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

    # A restart: nothing added, and the passwords printed the first time still work.
    second = run()
    assert Answer.objects.count() == answers
    assert Decision.objects.count() == decisions
    assert all(said.startswith("unchanged") for said in second.values())
    assert all(logs_in(name, password) for name, password in passwords.items())
    reviewer, editor = User.objects.get(username="reviewer"), User.objects.get(username="editor")
    assert list(reviewer.groups.values_list("name", flat=True)) == ["reviewer"]
    assert list(editor.groups.values_list("name", flat=True)) == ["editor"]


def test_demo_password_is_both_users_password_on_every_run(monkeypatch):
    monkeypatch.setenv("DEMO_PASSWORD", "tulip-ferry-quartz-81")
    said = run()
    assert "tulip-ferry-quartz-81" not in "".join(said.values())  # not echoed into logs
    assert logs_in("reviewer", "tulip-ferry-quartz-81")
    assert logs_in("editor", "tulip-ferry-quartz-81")
    hashed = User.objects.get(username="reviewer").password

    run()
    # Not re-hashed when unchanged: a new salt would log out the demo users' open sessions.
    assert User.objects.get(username="reviewer").password == hashed

    # --password wins over the environment; the old password stops working.
    run(password="maple-orbit-canyon-27")
    assert logs_in("editor", "maple-orbit-canyon-27")
    assert not logs_in("editor", "tulip-ferry-quartz-81")


def test_without_a_password_a_user_that_cannot_log_in_gets_one(monkeypatch):
    monkeypatch.delenv("DEMO_PASSWORD", raising=False)
    editor = User.objects.create(username="editor")
    editor.set_unusable_password()
    editor.save()
    said = run()
    assert logs_in("editor", generated(said["editor"]))


@pytest.mark.parametrize("debug", [False, True])
def test_a_weak_demo_password_is_refused_with_debug_off(settings, monkeypatch, debug):
    settings.DEBUG = debug
    monkeypatch.setenv("DEMO_PASSWORD", "demo")
    if debug:  # a local demo may use any password it likes
        run()
        assert logs_in("reviewer", "demo")
        return
    with pytest.raises(CommandError, match=r"DEMO_PASSWORD is too weak.*too short"):
        run()
    assert not User.objects.filter(username="reviewer").exists()
