"""The queue's full-text search index, on PostgreSQL only.

A GIN index over exactly the expression `citations.selectors.queue.queue_search` filters on
(`SearchVector("question", "text", config="simple")`), so the planner can use it; change one,
change the other (a PostgreSQL-only test EXPLAINs the search to hold them together).

Built CONCURRENTLY so writes to answers go on while it builds on a large table, hence a
non-atomic migration. SQLite (development, tests) has no such index: the search there is a
plain substring scan. Nothing in the model state changes, so makemigrations stays quiet.
"""

from django.db import migrations

INDEX = "answer_search"
CREATE = (
    f"CREATE INDEX CONCURRENTLY IF NOT EXISTS {INDEX} ON citations_answer USING gin "
    "(to_tsvector('simple'::regconfig, "
    "COALESCE(question, '') || ' ' || COALESCE(text, '')))"
)
DROP = f"DROP INDEX CONCURRENTLY IF EXISTS {INDEX}"


def _on_postgresql(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("citations", "0011_review_loop"),
    ]

    operations = [
        migrations.RunPython(_on_postgresql(CREATE), _on_postgresql(DROP), elidable=False),
    ]
