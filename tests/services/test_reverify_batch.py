"""Re-verification in batches: a fixed number of queries per batch, the same result as one by
one, and every answer redone exactly once across workers and repeated runs."""

import io
from collections import Counter

import pytest
from django.core.management import call_command

from citations.models import Answer, Verification
from citations.services import answer_reverify, answers_reverify_batch, decision_record
from tests.factories import ApiClientFactory, UserFactory, make_answer
from tests.services.test_reverify import TEXT

NEW_THRESHOLD = 0.45  # not the fitted cut (0.5): every stored answer is outdated
SUMMARY = (
    "review_status",
    "passed",
    "validation_rate",
    "unsupported_count",
    "flagged_count",
    "decided_count",
    "min_support",
    "severity",
)


def reviewed_answers(count: int) -> list[Answer]:
    client, reviewer = ApiClientFactory(), UserFactory(groups=["reviewer"])
    answers = [make_answer(client=client, text=TEXT) for _ in range(count)]
    for answer in answers:
        decision_record(answer=answer, reviewer=reviewer, action="reject", sentence_index=0)
    return answers


@pytest.mark.django_db
@pytest.mark.parametrize("size", [2, 6])
def test_a_batch_costs_the_same_queries_whatever_its_size(
    size, settings, django_assert_num_queries
):
    ids = [answer.pk for answer in reviewed_answers(size)]
    settings.CITATIONS_THRESHOLD = NEW_THRESHOLD
    # Savepoint, lock, outdated, evidence, decisions, insert, update, release.
    with django_assert_num_queries(8):
        assert answers_reverify_batch(answer_ids=ids) == size


@pytest.mark.django_db
def test_a_batch_leaves_what_one_by_one_leaves(settings):
    batched, single = reviewed_answers(2)
    settings.CITATIONS_THRESHOLD = NEW_THRESHOLD
    answers_reverify_batch(answer_ids=[batched.pk])
    answer_reverify(answer=single)
    batched.refresh_from_db()
    single.refresh_from_db()
    assert [getattr(batched, f) for f in SUMMARY] == [getattr(single, f) for f in SUMMARY]
    assert batched.verifications.latest().report == single.verifications.latest().report
    # The rejection of sentence 0 carried over; sentence 1 changed nothing at this cut.
    assert batched.decided_count == 1


@pytest.mark.django_db
def test_a_batch_counts_each_answer_redone_by_its_status_before_and_after(settings):
    rejected = [answer.pk for answer in reviewed_answers(2)]
    clean = make_answer(text="Employees get 30 days of paid annual leave [1].")
    before = {pk: Answer.objects.get(pk=pk).review_status for pk in [*rejected, clean.pk]}
    settings.CITATIONS_THRESHOLD = NEW_THRESHOLD
    moves = Counter()

    assert answers_reverify_batch(answer_ids=[*rejected, clean.pk], moves=moves) == 3

    after = {answer.pk: answer.review_status for answer in Answer.objects.filter(pk__in=before)}
    assert moves == Counter((before[pk], after[pk]) for pk in before)
    assert answers_reverify_batch(answer_ids=rejected, moves=moves) == 0
    assert sum(moves.values()) == 3  # nothing redone, nothing counted


@pytest.mark.django_db
def test_a_batch_run_again_or_overlapping_redoes_nothing(settings):
    ids = [answer.pk for answer in reviewed_answers(3)]
    settings.CITATIONS_THRESHOLD = NEW_THRESHOLD
    assert answers_reverify_batch(answer_ids=ids[:2]) == 2
    assert answers_reverify_batch(answer_ids=ids) == 1
    assert answers_reverify_batch(answer_ids=ids) == 0
    assert Verification.objects.filter(threshold=NEW_THRESHOLD).count() == 3


@pytest.mark.django_db(transaction=True)
def test_workers_redo_every_answer_exactly_once(settings):
    # Committed rows (transaction=True): the forked workers read them on their own connections.
    ids = [make_answer(text=TEXT).pk for _ in range(7)]
    settings.CITATIONS_THRESHOLD = NEW_THRESHOLD
    out = io.StringIO()
    call_command(
        "reverify", "--all", "--workers", "2", "--batch-size", "2", stdout=out, stderr=io.StringIO()
    )
    assert "Re-verified 7 answers" in out.getvalue()
    redone = Verification.objects.filter(threshold=NEW_THRESHOLD)
    assert sorted(redone.values_list("answer_id", flat=True)) == ids
    assert Verification.objects.count() == 14
