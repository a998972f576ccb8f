"""Migration 0016 counts the metrics of the answers and decisions stored before it."""

from datetime import date

import pytest

from citations.selectors import metrics
from citations.services import decision_record, decision_undo
from tests.factories import ApiClientFactory, UserFactory, make_answer
from tests.migrations.test_0013_decision_undoes import latest, migrate

BEFORE = [("citations", "0015_decision_overrules")]
AFTER = [("citations", "0016_metric_rollups")]
EVERYTHING = metrics.Filters(date(2000, 1, 1), date.max)


def page() -> tuple:
    return (
        metrics.answer_rollups(EVERYTHING).shares,
        metrics.answer_rollups(EVERYTHING).rates,
        metrics.reviewer_workload(EVERYTHING),
        metrics.rejections_by_reason(EVERYTHING),
        metrics.reviewer_agreement(EVERYTHING),
        metrics.citation_rollups(EVERYTHING).overruns,
        metrics.citation_rollups(EVERYTHING).disguised,
        metrics.answer_rollups(EVERYTHING).waits["total"],
        metrics.review_backlog(EVERYTHING).waiting,
    )


@pytest.mark.django_db(transaction=True)
def test_existing_answers_and_decisions_are_counted():
    acme = ApiClientFactory(name="acme")
    flagged = make_answer(client=acme, text="Employees get 45 days of paid annual leave [1\u200b].")
    make_answer(client=acme, text="Overtime is paid at 150 percent [7].")
    rita, otto = UserFactory(groups=["reviewer"]), UserFactory(groups=["reviewer"])
    decision_record(answer=flagged, reviewer=rita, action="approve", sentence_index=0)
    decision_record(answer=flagged, reviewer=otto, action="reject", sentence_index=0)
    decision_record(answer=flagged, reviewer=rita, action="reject", sentence_index=0)
    decision_undo(answer=flagged, reviewer=rita)
    kept = page()
    try:
        migrate(BEFORE)  # the rollup tables go
        migrate(AFTER)
        assert page() == kept
    finally:
        migrate(latest())
    assert kept[4] == {"shared": 1, "agreed": 0}
    assert kept[6] == 1
