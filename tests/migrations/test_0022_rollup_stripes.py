"""Migration 0022 stripes AnswerDay and CitationDay: forwards the kept rows are counted again
into the stripes of their answers; backwards each key's stripes are added into one row. The
metrics page reads the same figures at each step."""

import pytest
from django.db import connection

from citations.services import decision_record
from tests.factories import ApiClientFactory, UserFactory, make_answer
from tests.migrations.test_0013_decision_undoes import latest, migrate
from tests.migrations.test_0016_metric_rollups import page
from tests.services.test_rollups import rollup_rows

BEFORE = [("citations", "0021_drop_redundant_indexes")]
TEXT = "Employees get 45 days of paid annual leave [1]. Overtime is paid at 150 percent [7]."


@pytest.mark.django_db(transaction=True)
def test_stripes_are_counted_from_the_answers_and_added_up_going_back():
    acme = ApiClientFactory(name="acme")
    answers = [make_answer(client=acme, text=TEXT) for _ in range(3)]
    decision_record(
        answer=answers[0],
        reviewer=UserFactory(groups=["reviewer"]),
        action="reject",
        sentence_index=0,
    )
    kept, striped = page(), rollup_rows()
    try:
        migrate(BEFORE)
        assert page() == kept
        assert rows_per_day("citations_answerday") == [3]
        assert rows_per_day("citations_citationday") == [3]  # [7] once in each answer
        migrate(latest())
        assert page() == kept
        assert rollup_rows() == striped
    finally:
        migrate(latest())
    assert len(striped) > 2  # more than one stripe of each table


def rows_per_day(table: str) -> list[int]:
    """Each row's answers (AnswerDay) or citations (CitationDay): one row per day and key."""
    column = "answers" if table == "citations_answerday" else "citations"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {column} FROM {table}")
        return [count for (count,) in cursor.fetchall()]
