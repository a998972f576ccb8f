"""Metrics aggregates checked against hand-computed fixtures."""

import itertools
from datetime import date, timedelta

import pytest

from citations.models import Answer, Decision
from citations.selectors import metrics
from citations.services import answer_reverify, answer_revise, decision_record, rollups_rebuild
from tests.factories import UserFactory
from tests.metrics_world import DAY1, DAY2, UNSUPPORTED, at


def test_pass_share_per_client_per_day(metrics_world):
    beta = metrics_world["beta"]
    shares = metrics.answer_rollups(metrics.Filters(DAY1, DAY2)).shares
    assert shares["acme"] == {DAY1: (2, 1), DAY2: (1, 1)}
    assert shares["beta"] == {DAY1: (1, 0), DAY2: (2, 0)}
    only_beta = metrics.answer_rollups(metrics.Filters(DAY1, DAY2, client=beta)).shares
    assert set(only_beta) == {"beta"}


def test_validation_rate_per_client(metrics_world):
    rates = metrics.answer_rollups(metrics.Filters(DAY1, DAY2)).rates
    assert rates == [("beta", 0.0, 3), ("acme", pytest.approx(2 / 3), 3)]


def test_most_frequent_unresolved_citations(metrics_world):
    citations = metrics.citation_rollups(metrics.Filters(DAY1, DAY2))
    assert citations.invented == [("Labour Law", "99", 2)]
    assert citations.overruns == [(7, 1)]
    assert citations.disguised == 0
    day2 = metrics.citation_rollups(metrics.Filters(DAY2, DAY2))
    assert day2.invented == [("Labour Law", "99", 1)]


def test_the_citations_limit_applies_to_each_kind(metrics_world):
    # One read serves every kind: the invented articles' count must not use up the overruns'.
    citations = metrics.citation_rollups(metrics.Filters(DAY1, DAY2), limit=1)
    assert citations.invented == [("Labour Law", "99", 2)]
    assert citations.overruns == [(7, 1)]


def workload(filters) -> list[tuple[str, int, int]]:
    """(reviewer, decisions, answers) of the reviewer workload."""
    return [(w.reviewer, w.decisions, w.answers) for w in metrics.reviewer_workload(filters)]


def test_reviewer_workload_time_to_decision_and_agreement(metrics_world):
    filters = metrics.Filters(DAY1, DAY2)
    assert workload(filters) == [("alice", 3, 3), ("bob", 2, 2)]
    waits = metrics.answer_rollups(filters).waits
    assert waits["total"] == 3
    assert dict(waits["buckets"]) == {
        "under 1 hour": 1,
        "1 to 24 hours": 0,
        "1 to 7 days": 1,
        "over 7 days": 1,
    }
    expected_mean = (timedelta(hours=27) + timedelta(minutes=30) + timedelta(days=8)) / 3
    assert abs(waits["mean"] - expected_mean) < timedelta(seconds=1)
    assert metrics.reviewer_agreement(filters) == {"shared": 2, "agreed": 1}


def test_weekly_buckets_for_long_ranges():
    filters = metrics.Filters(date(2026, 1, 1), date(2026, 6, 30))
    days = metrics.buckets(filters)
    assert filters.weekly
    assert days[0] == date(2025, 12, 29)  # the Monday of the first week
    assert all((b - a).days == 7 for a, b in itertools.pairwise(days))
    assert metrics.buckets(metrics.Filters(DAY1, DAY2)) == [DAY1, DAY2]


def test_a_corrected_answer_counts_once_and_carried_decisions_are_not_reviews(
    metrics_world, settings
):
    answers = metrics_world
    editor = UserFactory(username="eddie", groups=["editor"])
    decision_record(answer=answers["a2"], reviewer=editor, action="approve", sentence_index=0)
    revision = answer_revise(answer=answers["a2"], text=UNSUPPORTED + " Overtime is 99 percent.")
    Answer.objects.filter(pk=revision.pk).update(created_at=at(DAY1))
    assert revision.decisions.get().carried_from is not None
    Decision.objects.update(created_at=at(DAY2))
    rollups_rebuild()  # the times above were rewritten behind the services

    filters = metrics.Filters(DAY1, DAY2)
    assert metrics.answer_rollups(filters).shares["acme"][DAY1] == (2, 1)
    # eddie's approval counts once: its copy on the revision is not another review.
    assert workload(filters) == [("alice", 3, 3), ("bob", 2, 2), ("eddie", 1, 1)]

    # Re-verification records no unresolved citation again.
    settings.CITATIONS_THRESHOLD = 0.51  # not the fitted cut (0.5): a change to redo
    answer_reverify(answer=answers["b1"])
    assert metrics.citation_rollups(filters).invented == [("Labour Law", "99", 2)]
