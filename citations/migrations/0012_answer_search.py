"""The queue's full-text search index, and its counts index for reviewers, on PostgreSQL only.

A GIN index over exactly the expression `citations.selectors.queue.queue_search` filters on
(`SearchVector("question", "text", config="simple")`), so the planner can use it; change one,
change the other (a PostgreSQL-only test EXPLAINs the search to hold them together).

`answer_status_legal_counts` keeps the tab counts of a reviewer's default scope (decidable by
me: `is_legal = false`) an index-only GROUP BY, as `answer_status_counts` does for everyone
else's; without it that count scans the table (119 ms against 48 ms at 100,000 answers on the
loaded benchmark machine).

Both are built CONCURRENTLY, so writes to answers go on while they build on a large table,
hence a non-atomic migration. SQLite (development, tests) gets neither: its search is a plain
substring scan. Nothing in the model state changes, so makemigrations stays quiet.
"""

from django.db import migrations

CREATE = [
    "CREATE INDEX CONCURRENTLY IF NOT EXISTS answer_search ON citations_answer USING gin "
    "(to_tsvector('simple'::regconfig, "
    "COALESCE(question, '') || ' ' || COALESCE(text, '')))",
    "CREATE INDEX CONCURRENTLY IF NOT EXISTS answer_status_legal_counts "
    "ON citations_answer (is_current, is_legal, review_status)",
]
DROP = [
    "DROP INDEX CONCURRENTLY IF EXISTS answer_search",
    "DROP INDEX CONCURRENTLY IF EXISTS answer_status_legal_counts",
]


def _on_postgresql(statements):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            for sql in statements:
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
