"""Re-verification after a threshold or engine change: a new verification, decisions carried."""

import importlib
import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from citations import engine
from citations.models import Answer, Verification
from citations.services import decision_record
from tests.factories import ApiClientFactory, UserFactory, make_answer

# Sentence 0 is unsupported whatever the threshold (45 is not in the passage); sentence 1 is
# supported at the default threshold and not at a strict one.
TEXT = (
    "Employees get 45 days of paid annual leave [1]. "
    "Overtime work is paid at 150 percent of the hourly wage for every employee [2]."
)


def reverify(*args) -> str:
    out = io.StringIO()
    call_command("reverify", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.mark.django_db
def test_nothing_to_do_when_every_answer_is_current():
    make_answer(text=TEXT)
    assert "Nothing to re-verify" in reverify("--all")
    assert Verification.objects.count() == 1


@pytest.mark.django_db
def test_a_threshold_change_adds_a_verification_and_keeps_unchanged_decisions(settings):
    answer = make_answer(text=TEXT)
    reviewer = UserFactory(groups=["reviewer"])
    decision_record(answer=answer, reviewer=reviewer, action="reject", sentence_index=0)
    answer.refresh_from_db()
    assert answer.review_status == "rejected"

    settings.CITATIONS_THRESHOLD = 0.99
    output = reverify("--all")

    assert answer.verifications.count() == 2
    assert answer.verifications.latest().threshold == 0.99
    answer.refresh_from_db()
    # Sentence 1 is newly flagged and undecided; the rejection of sentence 0 carried over.
    assert answer.unsupported_count == 2
    assert (answer.flagged_count, answer.decided_count) == (2, 1)
    assert answer.review_status == "needs_review"
    assert "Re-verified 1 answers" in output
    assert "rejected -> needs_review: 1" in output

    # A second run finds nothing outdated: committed work is never redone.
    assert "Nothing to re-verify" in reverify("--all")
    assert answer.verifications.count() == 2


@pytest.mark.django_db
def test_scopes_limit_which_answers_are_redone(settings):
    mine = make_answer(client=ApiClientFactory(name="mine"), text=TEXT)
    other = make_answer(client=ApiClientFactory(name="other"), text=TEXT)
    settings.CITATIONS_THRESHOLD = engine.DEFAULT_THRESHOLD + 0.01  # not the fitted cut: redo
    reverify("--client", "mine")
    assert mine.verifications.count() == 2
    assert other.verifications.count() == 1
    reverify("--since", "2999-01-01")
    assert other.verifications.count() == 1
    reverify("--since", "2000-01-01")
    assert other.verifications.count() == 2


@pytest.mark.django_db
def test_async_enqueues_the_work(settings):
    answer = make_answer(text=TEXT)
    settings.CITATIONS_THRESHOLD = engine.DEFAULT_THRESHOLD + 0.01  # not the fitted cut: redo
    # The immediate backend runs the task as it is enqueued.
    assert "Enqueued 1 answers in 1 tasks" in reverify("--all", "--async")
    assert answer.verifications.count() == 2


@pytest.mark.django_db
def test_a_bad_date_is_a_clear_error():
    with pytest.raises(CommandError, match="not a date"):
        reverify("--since", "yesterday")


@pytest.mark.django_db
def test_answers_of_an_older_engine_are_brought_to_this_one_with_their_support():
    answer = make_answer(text=TEXT)
    # What engine 1.x stored: no support score, and no weakest support on the answer.
    old = answer.verifications.get()
    for sentence in old.report["sentences"]:
        del sentence["support"], sentence["signals"], sentence["suggestions"]
    old.report["engine"] = old.engine_version = "1.4"
    old.save()
    Answer.objects.filter(pk=answer.pk).update(min_support=None)

    assert f"Re-verified 1 answers with engine {engine.ENGINE_VERSION}" in reverify("--all")

    newest = answer.verifications.latest()
    assert newest.engine_version == newest.report["engine"] == engine.ENGINE_VERSION
    supports = [s["support"] for s in newest.report["sentences"]]
    assert all(0 <= value <= 1 for value in supports)
    answer.refresh_from_db()
    assert min(supports) > 0
    assert answer.min_support == 0.0  # its wrong number refuses a sentence whatever its score


@pytest.mark.django_db
def test_migration_0008_fills_the_weakest_support_of_scored_reports_only():
    from django.apps import apps

    backfill = importlib.import_module("citations.migrations.0008_answer_min_support").backfill
    scored, old = make_answer(text=TEXT), make_answer(text=TEXT)
    stale = old.verifications.get()
    for sentence in stale.report["sentences"]:
        del sentence["support"]
    stale.save()
    Answer.objects.update(min_support=None)

    backfill(apps, None)

    # The wrong number refuses its sentence whatever its score (migration 0018's rule too).
    assert Answer.objects.get(pk=scored.pk).min_support == 0.0
    assert Answer.objects.get(pk=old.pk).min_support is None
