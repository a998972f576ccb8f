"""Concurrent writers against a real database: no lost update, a complete history."""

import threading
from datetime import date
from functools import partial

import pytest
from django.db import connection

from benchmarks import metrics_scan
from citations.models import Answer, AnswerDay, Decision, DecisionDay
from citations.selectors import metrics
from citations.services import decision_record
from tests.factories import ApiClientFactory, UserFactory, make_answer

PARALLEL_WRITERS = 8


def run_together(*calls):
    """Start every call at the same instant in its own thread; re-raise the first error."""
    barrier = threading.Barrier(len(calls))
    errors, results = [], [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait()
            results[i] = call()
        except Exception as exc:  # pragma: no cover - surfaced below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    if errors:
        raise errors[0]
    return results


@pytest.mark.django_db(transaction=True)
def test_two_reviewers_deciding_one_sentence_at_once_keep_both_decisions():
    answer = make_answer(text="Employees get 45 days of paid annual leave [1].")
    alice = UserFactory(username="alice", groups=["reviewer"])
    bob = UserFactory(username="bob", groups=["reviewer"])

    outcomes = run_together(
        lambda: decision_record(answer=answer, reviewer=alice, action="approve", sentence_index=0),
        lambda: decision_record(answer=answer, reviewer=bob, action="reject", sentence_index=0),
    )

    history = list(Decision.objects.filter(answer=answer).order_by("created_at", "id"))
    assert sorted(d.reviewer.username for d in history) == ["alice", "bob"]
    latest = history[-1]
    answer.refresh_from_db()
    assert answer.review_status == ("approved" if latest.action == "approve" else "rejected")
    assert answer.decided_count == 1
    # The reviewer who came second was shown nothing of the first decision: they are told.
    second = next(o for o in outcomes if o.decision.pk == latest.pk)
    first = next(o for o in outcomes if o.decision.pk != latest.pk)
    assert second.superseded is not None
    assert second.superseded.pk == first.decision.pk
    assert first.superseded is None


@pytest.mark.django_db(transaction=True)
def test_many_reviewers_at_once_leave_a_summary_matching_the_history():
    answer = make_answer(
        text="Employees get 45 days of paid annual leave [1]. Overtime pays 300 percent [2]."
    )
    reviewers = [UserFactory(username=f"r{i}", groups=["reviewer"]) for i in range(6)]
    run_together(
        *(
            lambda r=r, i=i: decision_record(
                answer=answer,
                reviewer=r,
                action="approve" if i % 2 else "reject",
                sentence_index=i % 2,
            )
            for i, r in enumerate(reviewers)
        )
    )
    assert Decision.objects.filter(answer=answer).count() == 6
    answer = Answer.objects.get(pk=answer.pk)
    assert (answer.flagged_count, answer.decided_count) == (2, 2)
    latest_per_sentence = {
        d.sentence_index: d.action for d in Decision.objects.filter(answer=answer).order_by("id")
    }
    expected = "rejected" if "reject" in latest_per_sentence.values() else "approved"
    assert answer.review_status == expected


@pytest.mark.django_db(transaction=True)
def test_parallel_writers_add_to_the_same_metrics_rows_without_losing_one():
    """Eight submissions of one client on one day, then eight decisions: each adds to the same
    rollup row at once (an insert-or-add, never a read then a write)."""
    acme = ApiClientFactory(name="acme")
    text = "Employees get 45 days of paid annual leave [1]."
    answers = run_together(*[lambda: make_answer(client=acme, text=text)] * PARALLEL_WRITERS)
    reviewers = [UserFactory(groups=["reviewer"]) for _ in range(2)]
    run_together(
        *[
            partial(
                decision_record,
                answer=answer,
                reviewer=reviewers[n % 2],
                action="reject",
                sentence_index=0,
            )
            for n, answer in enumerate(answers)
        ]
    )

    assert sum(AnswerDay.objects.filter(client=acme).values_list("answers", flat=True)) == (
        PARALLEL_WRITERS
    )
    assert sum(DecisionDay.objects.values_list("decisions", flat=True)) == PARALLEL_WRITERS
    everything = metrics.Filters(date(2000, 1, 1), date.max)
    workload = metrics.reviewer_workload(everything)
    assert workload == metrics_scan.reviewer_workload(everything)
    assert sum(w.answers for w in workload) == PARALLEL_WRITERS
