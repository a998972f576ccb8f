"""What a submission costs the database beyond its rows (issue 23): no index of a table it
writes repeats the first columns of another (migration 0021)."""

import pytest
from django.db import connection

from citations.models import Answer, Evidence, UnresolvedCitation, Verification

pytestmark = pytest.mark.django_db

# Kept though another index leads with the same columns: the metrics backlog's BitmapOr reads
# the assignee's own index (answer_assigned adds the review status); and the model's
# (client, -created_at), which migration 0017's PostgreSQL-only (client_id, created_at, id)
# repeats there, serves SQLite's reads of a client's answers.
KEPT_PREFIXES = {
    ("citations_answer", ("assigned_to_id",)),
    ("citations_answer", ("client_id", "created_at")),
}


def plain_indexes(table: str) -> dict[str, tuple[str, ...]]:
    """The table's whole-table indexes over plain columns (a partial index, or one over an
    expression, serves other reads), by name: their columns in order."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT c.relname, array_agg(a.attname ORDER BY k.n) FROM pg_index i "
                "JOIN pg_class c ON c.oid = i.indexrelid "
                "CROSS JOIN unnest(i.indkey) WITH ORDINALITY AS k(attnum, n) "
                "JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum "
                "WHERE i.indrelid = %s::regclass AND i.indpred IS NULL AND i.indexprs IS NULL "
                "GROUP BY c.relname",
                [table],
            )
            return {name: tuple(columns) for name, columns in cursor.fetchall()}
        cursor.execute(f"PRAGMA index_list({table})")
        names = [row[1] for row in cursor.fetchall() if not row[4]]  # row[4]: partial
        indexes = {}
        for name in names:
            cursor.execute(f"PRAGMA index_info({name})")
            columns = tuple(row[2] for row in cursor.fetchall())
            if None not in columns:
                indexes[name] = columns
        return indexes


@pytest.mark.parametrize("model", [Answer, Evidence, Verification, UnresolvedCitation])
def test_no_index_a_submission_writes_leads_with_another_ones_columns(model):
    table = model._meta.db_table
    indexes = plain_indexes(table)
    redundant = {
        (name, columns)
        for name, columns in indexes.items()
        for other, wider in indexes.items()
        if other != name
        and len(wider) > len(columns)
        and wider[: len(columns)] == columns
        and (table, columns) not in KEPT_PREFIXES
    }
    assert redundant == set()


def test_the_unresolved_citations_keep_only_the_indexes_their_deletes_use():
    columns = set(plain_indexes(UnresolvedCitation._meta.db_table).values())
    kept = {("answer_id",), ("verification_id",), ("client_id", "created_at")}
    assert columns - {("id",)} == kept
