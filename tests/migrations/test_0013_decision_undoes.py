"""Migration 0013 names what each existing undo took back, by the stack rule it was made under."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from citations.services import decision_record
from tests.factories import UserFactory, make_answer

BEFORE = [("citations", "0012_answer_search")]
AFTER = [("citations", "0013_decision_undoes")]


def latest():
    """Every app's newest migration: where the rest of the suite expects the schema."""
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_existing_undos_are_linked_to_the_newest_decision_of_their_target():
    answer = make_answer(text="Employees get 45 days of paid annual leave [1].")
    rita = UserFactory(username="rita", groups=["reviewer"])
    first = decision_record(
        answer=answer, reviewer=rita, action="approve", sentence_index=0
    ).decision
    second = decision_record(
        answer=answer,
        reviewer=rita,
        action="reject",
        sentence_index=0,
        reject_reason="wrong_number",
    ).decision
    old = migrate(BEFORE).get_model("citations", "Decision")
    target = {"answer_id": answer.pk, "verification_id": first.verification_id}
    sentence = {
        "sentence_index": 0,
        "sentence_start": first.sentence_start,
        "sentence_text": first.sentence_text,
    }
    # Two undos as the service made them before 0013: the rejection goes, then the approval.
    undos = [
        old.objects.create(action="undo", reviewer_id=rita.pk, **target, **sentence).pk
        for _ in range(2)
    ]
    try:
        new = migrate(AFTER).get_model("citations", "Decision")
        linked = dict(new.objects.filter(pk__in=undos).values_list("pk", "undoes_id"))
        assert linked == {undos[0]: second.pk, undos[1]: first.pk}
    finally:
        migrate(latest())  # not AFTER: later migrations' tables and columns are needed next
