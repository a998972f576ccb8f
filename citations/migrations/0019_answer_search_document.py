"""The queue search's words stored beside each answer, on PostgreSQL only.

`citations_answer.search_document` holds `to_tsvector('simple', question || ' ' || text)`, the
document `citations.selectors.keyset_search` matches: a search that walks the order's index
(a common word) checks each row's stored words instead of parsing its 500 characters again
(about 200 us a row at a million answers, so 9.9 s for "case 15"), and the GIN index of the
column serves the rarer searches. It replaces migration 0012's expression index.

A trigger keeps the column filled on every write path (the services, bulk copies in SQL, the
admin): the model does not know the column, so nothing in the model state changes and
makemigrations stays quiet. Safe on a large table, hence non-atomic:

- the column is added without a default (a catalogue change, no rewrite);
- the rows are filled in batches of BATCH ids, each its own short transaction, so no row is
  locked for long (the trigger already fills what is written meanwhile); a run that stops
  resumes where it was (only rows still without words are filled);
- the index is built CONCURRENTLY, and the old one dropped CONCURRENTLY.

At 1,000,000 answers on the 2-core benchmark machine: see the README (search).
SQLite (development, tests) gets none of it: its search is a regular-expression scan.
"""

from django.db import migrations

BATCH = 5_000
DOCUMENT = "to_tsvector('simple'::regconfig, COALESCE({0}.question, '') || ' ' || COALESCE({0}.text, ''))"

FUNCTION = f"""
CREATE OR REPLACE FUNCTION citations_answer_search_document() RETURNS trigger AS $$
BEGIN
    NEW.search_document := {DOCUMENT.format("NEW")};
    RETURN NEW;
END
$$ LANGUAGE plpgsql
"""
# An update that leaves the question and the text alone (a decision, a claim: most of them)
# keeps its stored words without parsing them again.
TRIGGERS = [
    "CREATE OR REPLACE TRIGGER citations_answer_search_insert BEFORE INSERT ON citations_answer "
    "FOR EACH ROW EXECUTE FUNCTION citations_answer_search_document()",
    "CREATE OR REPLACE TRIGGER citations_answer_search_update "
    "BEFORE UPDATE OF question, text ON citations_answer FOR EACH ROW "
    "WHEN (OLD.question IS DISTINCT FROM NEW.question OR OLD.text IS DISTINCT FROM NEW.text) "
    "EXECUTE FUNCTION citations_answer_search_document()",
]
FILL = (
    "UPDATE citations_answer SET search_document = "
    f"{DOCUMENT.format('citations_answer')} "
    "WHERE id >= %s AND id < %s AND search_document IS NULL"
)
INDEX = (
    "CREATE INDEX CONCURRENTLY IF NOT EXISTS answer_search_document "
    "ON citations_answer USING gin (search_document)"
)
DROP_INDEX = "DROP INDEX CONCURRENTLY IF EXISTS answer_search_document"
OLD_INDEX = (
    "CREATE INDEX CONCURRENTLY IF NOT EXISTS answer_search ON citations_answer USING gin "
    "(to_tsvector('simple'::regconfig, "
    "COALESCE(question, '') || ' ' || COALESCE(text, '')))"
)
CREATE = [
    "ALTER TABLE citations_answer ADD COLUMN IF NOT EXISTS search_document tsvector",
    FUNCTION,
    *TRIGGERS,
]
DROP = [
    "DROP TRIGGER IF EXISTS citations_answer_search_insert ON citations_answer",
    "DROP TRIGGER IF EXISTS citations_answer_search_update ON citations_answer",
    "DROP FUNCTION IF EXISTS citations_answer_search_document()",
    DROP_INDEX,
    "ALTER TABLE citations_answer DROP COLUMN IF EXISTS search_document",
]


def fill(cursor) -> None:
    """Every row's stored words, BATCH ids at a time (autocommit: one transaction each)."""
    cursor.execute("SELECT COALESCE(MIN(id), 0), COALESCE(MAX(id), -1) FROM citations_answer")
    first, last = cursor.fetchone()
    for start in range(first, last + 1, BATCH):
        cursor.execute(FILL, [start, start + BATCH])


def forward(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    with schema_editor.connection.cursor() as cursor:
        # The site's statement timeout (DB_STATEMENT_TIMEOUT_MS) is for requests: a batch on a
        # busy server, or the index build, may take longer, and stopping half way helps no one.
        cursor.execute("SET statement_timeout = 0")
        for sql in CREATE:
            cursor.execute(sql)
        fill(cursor)
        cursor.execute(INDEX)
        cursor.execute("DROP INDEX CONCURRENTLY IF EXISTS answer_search")


def backward(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(OLD_INDEX)
        for sql in DROP:
            cursor.execute(sql)


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("citations", "0018_refused_weakest_support"),
    ]

    operations = [
        migrations.RunPython(forward, backward, elidable=False),
    ]
