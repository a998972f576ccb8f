"""Metrics aggregates checked against hand-computed fixtures."""

import itertools
from datetime import date, datetime, timedelta

import pytest
from django.utils import timezone

from citations import metrics
from citations.models import Answer, Decision
from citations.services import answer_reverify, answer_revise, decision_record
from tests.factories import ApiClientFactory, UserFactory, make_answer

DAY1 = date(2026, 11, 2)
DAY2 = date(2026, 11, 3)
VERIFIED = "Employees get 30 days of paid annual leave [1]."
UNSUPPORTED = "Employees get 45 days of paid annual leave [1]."
INVENTED_ARTICLE = "Leave is 30 days [Labour Law, Article 99]."
OVERRUN = "Overtime is paid at 150 percent [7]."


def at(day: date, hour: int = 9) -> datetime:
    return timezone.make_aware(datetime(day.year, day.month, day.day, hour))


def answer_on(day: date, client, text: str, **kwargs) -> Answer:
    answer = make_answer(client=client, text=text, **kwargs)
    Answer.objects.filter(pk=answer.pk).update(created_at=at(day))
    answer.unresolved.update(created_at=at(day))
    answer.refresh_from_db()
    return answer


@pytest.fixture
def world(db):
    acme, beta = ApiClientFactory(name="acme"), ApiClientFactory(name="beta")
    legal_evidence = [
        {"text": "Employees get 30 days of leave.", "law": "Labour Law", "article": "30"}
    ]
    answers = {
        "a1": answer_on(DAY1, acme, VERIFIED),
        "a2": answer_on(DAY1, acme, UNSUPPORTED),
        "a3": answer_on(DAY2, acme, VERIFIED),
        "b1": answer_on(DAY1, beta, INVENTED_ARTICLE, evidence=legal_evidence),
        "b2": answer_on(DAY2, beta, INVENTED_ARTICLE, evidence=legal_evidence),
        "b3": answer_on(DAY2, beta, OVERRUN),
    }
    return acme, beta, answers


def test_pass_share_per_client_per_day(world):
    _acme, beta, _ = world
    shares = metrics.pass_share_over_time(metrics.Filters(DAY1, DAY2))
    assert shares["acme"] == {DAY1: (2, 1), DAY2: (1, 1)}
    assert shares["beta"] == {DAY1: (1, 0), DAY2: (2, 0)}
    only_beta = metrics.pass_share_over_time(metrics.Filters(DAY1, DAY2, client=beta))
    assert set(only_beta) == {"beta"}


def test_validation_rate_per_client(world):
    rates = metrics.validation_rate_by_client(metrics.Filters(DAY1, DAY2))
    assert rates == [("beta", 0.0, 3), ("acme", pytest.approx(2 / 3), 3)]


def test_most_frequent_unresolved_citations(world):
    filters = metrics.Filters(DAY1, DAY2)
    assert metrics.top_invented_articles(filters) == [("Labour Law", "99", 2)]
    assert metrics.top_overrun_positions(filters) == [(7, 1)]
    assert metrics.top_invented_articles(metrics.Filters(DAY2, DAY2)) == [("Labour Law", "99", 1)]


def test_reviewer_throughput_time_to_decision_and_agreement(world):
    _, _, answers = world
    alice = UserFactory(username="alice", groups=["reviewer"])
    bob = UserFactory(username="bob", groups=["reviewer"])
    decision_record(answer=answers["a2"], reviewer=alice, action="reject", sentence_index=0)
    decision_record(answer=answers["a2"], reviewer=bob, action="reject", sentence_index=0)
    decision_record(answer=answers["b1"], reviewer=alice, action="approve", sentence_index=0)
    decision_record(answer=answers["b1"], reviewer=bob, action="reject", sentence_index=0)
    decision_record(answer=answers["b3"], reviewer=alice, action="approve", sentence_index=0)
    Decision.objects.update(created_at=at(DAY2, 12))
    # a2 done 3 hours after submission on DAY1 09:00 + 27h; b1 after 30 minutes.
    Answer.objects.filter(pk=answers["a2"].pk).update(review_completed_at=at(DAY2, 12))
    Answer.objects.filter(pk=answers["b1"].pk).update(
        review_completed_at=at(DAY1) + timedelta(minutes=30)
    )
    Answer.objects.filter(pk=answers["b3"].pk).update(
        review_completed_at=at(DAY2, 9) + timedelta(days=8)
    )

    filters = metrics.Filters(DAY1, DAY2)
    assert metrics.reviewer_throughput(filters) == [("alice", 3, 3), ("bob", 2, 2)]
    waits = metrics.time_to_decision(filters)
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


def test_a_corrected_answer_counts_once_and_carried_decisions_are_not_reviews(world, settings):
    _, _, answers = world
    editor = UserFactory(username="eddie", groups=["editor"])
    decision_record(answer=answers["a2"], reviewer=editor, action="approve", sentence_index=0)
    revision = answer_revise(answer=answers["a2"], text=UNSUPPORTED + " Overtime is 99 percent.")
    Answer.objects.filter(pk=revision.pk).update(created_at=at(DAY1))
    assert revision.decisions.get().carried_from is not None
    Decision.objects.update(created_at=at(DAY2))

    filters = metrics.Filters(DAY1, DAY2)
    assert metrics.pass_share_over_time(filters)["acme"][DAY1] == (2, 1)
    assert metrics.reviewer_throughput(filters) == [("eddie", 1, 1)]

    # Re-verification records no unresolved citation again.
    settings.CITATIONS_THRESHOLD = 0.5
    answer_reverify(answer=answers["b1"])
    assert metrics.top_invented_articles(filters) == [("Labour Law", "99", 2)]
