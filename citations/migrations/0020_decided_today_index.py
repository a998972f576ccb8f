"""An index for the queue head's "decided today", on PostgreSQL only.

`selectors.queue.progress_today` counts the current answers whose review completed since the
day began. Without an index on `review_completed_at` that count reads every finished review of
the scope, which at a million answers, most of them decided, is most of the table on every
queue page; with this partial one it reads the day's rows only.

Built CONCURRENTLY (writes to answers go on while it builds), hence a non-atomic migration, as
0017's keyset indexes; SQLite gets none. Nothing in the model state changes.
"""

from django.db import migrations

CREATE = (
    "CREATE INDEX CONCURRENTLY IF NOT EXISTS answer_decided_at ON citations_answer "
    "(review_completed_at) WHERE is_current AND review_completed_at IS NOT NULL"
)
DROP = "DROP INDEX CONCURRENTLY IF EXISTS answer_decided_at"


def _on_postgresql(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("citations", "0019_answer_search_document"),
    ]

    operations = [
        migrations.RunPython(_on_postgresql(CREATE), _on_postgresql(DROP), elidable=False),
    ]
