"""Indexes for keyset pages of the queue and the API's list, on PostgreSQL only.

Each index holds one order's key exactly as `citations.selectors.keyset` writes it (one
direction for the whole key: descending numbers negated, a nullable number as "IS NULL" and
the value with NULL read as 0), after the columns the list narrows by equality, so that a page
`WHERE (key) > (cursor) ORDER BY key LIMIT n` is one range of the index whatever its depth:

- the queue's severity sort (`selectors.queue.TRIAGE_ORDER`), within a tab (`review_status`)
  and over every tab ("all");
- the queue's client sort, read client by client (`selectors.keyset_pages.GroupedKeyset`):
  the severity key within one client, per tab and over every tab;
- the queue's waiting-longest sort (`created_at, id`), likewise;
- the API's list: one client's answers newest first (`created_at, id`, read backwards).

The queue's indexes are partial (`WHERE is_current`): the queue lists current answers only.
Change an order in `selectors.queue` and its index here together: a PostgreSQL-only test
EXPLAINs a deep page of each to hold them together.

Built CONCURRENTLY, so writes to answers go on while they build on a large table, hence a
non-atomic migration. SQLite (development, tests) gets none: at its sizes a scan is fast.
Nothing in the model state changes, so makemigrations stays quiet.
"""

from django.db import migrations

SEVERITY_KEY = (
    "(- severity), (min_support IS NULL), COALESCE(min_support, 0.0), "
    "(- unsupported_count), (- uncited_count), created_at, id"
)
INDEXES = {
    "answer_keyset_severity": f"(review_status, {SEVERITY_KEY}) WHERE is_current",
    "answer_keyset_severity_all": f"({SEVERITY_KEY}) WHERE is_current",
    "answer_keyset_client": f"(review_status, client_id, {SEVERITY_KEY}) WHERE is_current",
    "answer_keyset_client_all": f"(client_id, {SEVERITY_KEY}) WHERE is_current",
    "answer_keyset_age": "(review_status, created_at, id) WHERE is_current",
    "answer_keyset_age_all": "(created_at, id) WHERE is_current",
    "answer_keyset_client_created": "(client_id, created_at, id)",
}
CREATE = [
    f"CREATE INDEX CONCURRENTLY IF NOT EXISTS {name} ON citations_answer {columns}"
    for name, columns in INDEXES.items()
]
DROP = [f"DROP INDEX CONCURRENTLY IF EXISTS {name}" for name in INDEXES]


def _on_postgresql(statements):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            for sql in statements:
                schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("citations", "0016_metric_rollups"),
    ]

    operations = [
        migrations.RunPython(_on_postgresql(CREATE), _on_postgresql(DROP), elidable=False),
    ]
