"""Metrics aggregates checked against hand-computed fixtures."""

import itertools
from collections import Counter
from contextlib import contextmanager
from datetime import date, timedelta

import pytest
from django.db import connection

from citations.models import Answer, CitationDay, CitationKind, Decision
from citations.selectors import metrics
from citations.services import answer_reverify, answer_revise, decision_record, rollups_rebuild
from tests.factories import ApiClientFactory, UserFactory
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


@contextmanager
def statements_run():
    """The (sql, params) of every statement run inside the block."""
    run: list[tuple[str, object]] = []

    def keep(execute, sql, params, many, context):
        run.append((sql, params))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(keep):
        yield run


def rows_sent(sql: str, params) -> int:
    """How many rows the database sends back for one statement, run again."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return len(cursor.fetchall())


def seed_invented_flood(days: list[date]) -> None:
    """Rollup rows of a generator inventing many distinct articles (with many tied totals),
    overrunning many positions and disguising citations, on `days` for two clients."""
    rows = []
    for day, client in itertools.product(days, [ApiClientFactory(), ApiClientFactory()]):
        for n in range(60):
            law = ("Labour Law", "Tax Code")[n % 2]
            article = f"{n // 2:03d}"
            rows.append(
                CitationDay(
                    day=day,
                    client=client,
                    kind=CitationKind.INVENTED,
                    law=law,
                    article=article,
                    citations=1 + n % 3,
                )
            )
        for position in range(2, 26):
            rows.append(
                CitationDay(
                    day=day,
                    client=client,
                    kind=CitationKind.OVERRUN,
                    position=position,
                    citations=1 + position % 2,
                )
            )
        rows.append(CitationDay(day=day, client=client, kind=CitationKind.DISGUISED, citations=3))
    CitationDay.objects.bulk_create(rows)


def every_group_ranked(filters: metrics.Filters, limit: int) -> metrics.CitationRollups:
    """The rollups as read before the database ranked them: every group, then the top
    `limit` of each kind in Python, in the same order."""
    totals: Counter = Counter()
    for row in filters.days(CitationDay):
        totals[row.kind, row.law, row.article, row.position] += row.citations
    ranked = sorted(totals.items(), key=lambda item: (-item[1], *item[0][1:]))
    of_kind = [[(key, total) for key, total in ranked if key[0] == kind] for kind in CitationKind]
    invented, overruns, disguised = (groups[:limit] for groups in of_kind)
    return metrics.CitationRollups(
        invented=[(law, article, total) for (_, law, article, _), total in invented],
        overruns=[(position, total) for (*_, position), total in overruns],
        disguised=sum(total for _, total in disguised),
    )


def test_many_invented_articles_send_only_the_top_rows_of_each_kind(db):
    seed_invented_flood([DAY1 - timedelta(days=1), DAY1, DAY2])
    filters, limit = metrics.Filters(DAY1, DAY2), 10
    with statements_run() as run:
        citations = metrics.citation_rollups(filters, limit=limit)
    assert citations == every_group_ranked(filters, limit)
    assert len(citations.invented) == len(citations.overruns) == limit
    assert citations.disguised == 3 * 2 * 2
    # 60 invented articles and 24 positions in the range: at most `limit` of each are sent.
    assert [rows_sent(*statement) for statement in run] == [limit, limit, 1]


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
