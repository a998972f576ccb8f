"""Drop the indexes a submission writes that no read needs (issue 23: submissions per second).

Every stored answer inserts into each index of the answer, of its five or so passages and of
its unresolved citations; these served nothing (9 index inserts of the typical submission, 5
passages and one unresolved citation: WAL 70.9 -> 61.8 records a submission):

- `citations_answer.client_id` and `citations_evidence.answer_id`, the foreign keys' own
  indexes: each is the first column of another index on every backend
  (`answer_client_created`, `evidence_unique_position`), which serves the same lookups and
  the deletes' checks;
- `citations_unresolvedcitation`: the client's own index (first column of
  `unresolved_client_created`), and `created_at` and `unresolved_legal`, which served the
  metrics page's scans before the rollups (migration 0016); the rows are now read only whole,
  by `rollups_rebuild`.

The foreign key constraints stay as they are, so only the indexes are dropped (the field
changes are state only: altering the fields would drop and re-validate each constraint, a scan
of the table under lock). On PostgreSQL CONCURRENTLY, so writes go on while it runs, hence a
non-atomic migration, as 0017.
"""

import django.db.models.deletion
from django.db import migrations, models

# Each dropped index: (name, table, columns), for the way back.
INDEXES = (
    ("citations_answer_client_id_96b01e24", "citations_answer", "client_id"),
    ("citations_evidence_answer_id_15f6c5d1", "citations_evidence", "answer_id"),
    (
        "citations_unresolvedcitation_client_id_5029030a",
        "citations_unresolvedcitation",
        "client_id",
    ),
    (
        "citations_unresolvedcitation_created_at_e84959c8",
        "citations_unresolvedcitation",
        "created_at",
    ),
    ("unresolved_legal", "citations_unresolvedcitation", "style, law, article"),
)


def _concurrently(schema_editor) -> str:
    return "CONCURRENTLY " if schema_editor.connection.vendor == "postgresql" else ""


def drop(apps, schema_editor):
    for name, _, _ in INDEXES:
        schema_editor.execute(f"DROP INDEX {_concurrently(schema_editor)}IF EXISTS {name}")


def create(apps, schema_editor):
    for name, table, columns in INDEXES:
        schema_editor.execute(
            f"CREATE INDEX {_concurrently(schema_editor)}IF NOT EXISTS {name} "
            f"ON {table} ({columns})"
        )


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("citations", "0020_decided_today_index"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunPython(drop, create, elidable=False)],
            state_operations=[
                migrations.RemoveIndex(model_name="unresolvedcitation", name="unresolved_legal"),
                migrations.AlterField(
                    model_name="answer",
                    name="client",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="answers",
                        to="citations.apiclient",
                    ),
                ),
                migrations.AlterField(
                    model_name="evidence",
                    name="answer",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="evidence",
                        to="citations.answer",
                    ),
                ),
                migrations.AlterField(
                    model_name="unresolvedcitation",
                    name="client",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="citations.apiclient",
                    ),
                ),
                migrations.AlterField(
                    model_name="unresolvedcitation",
                    name="created_at",
                    field=models.DateTimeField(auto_now_add=True),
                ),
            ],
        ),
    ]
