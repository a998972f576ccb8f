"""Migration 0018 brings the stored weakest support of current answers over to the rule that a
sentence refused whatever its score counts 0: `reverify --all` skips them (same engine)."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from citations.models import Answer
from tests.factories import make_answer

BEFORE = [("citations", "0017_keyset_indexes")]
AFTER = [("citations", "0018_refused_weakest_support")]
# Support 0.600 reaches the cut, but the passage says 30 days; "Managers ..." scores 0.282.
VETOED = "Employees are entitled to 31 days of paid annual leave per year [1]."
LOW = "Managers approve every overtime request in writing [2]."


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


@pytest.mark.django_db(transaction=True)
def test_a_stored_weakest_support_of_a_refused_sentence_becomes_zero():
    vetoed, low = make_answer(text=VETOED), make_answer(text=LOW)
    # What the site stored before: the refused sentence's own score.
    Answer.objects.filter(pk=vetoed.pk).update(min_support=0.6)
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    migrate(BEFORE)
    try:
        migrate(AFTER)
        stored = dict(Answer.objects.values_list("pk", "min_support"))
        assert stored == {vetoed.pk: 0.0, low.pk: 0.282}
    finally:
        migrate(latest)
