"""New rows inserted by statements built once per process: the rows every submission writes
(its answer, evidence, verification and unresolved citations).

`Model.objects.create` and `bulk_create` build and compile the same INSERT on every call, and
`create` goes through save()'s bookkeeping (parents, signals, update-or-insert); on PostgreSQL
`bulk_create` also sends each column as an array built in Python (UNNEST). The values here are
prepared as the ORM prepares them (each field's pre_save, then get_db_prep_save), so what is
stored is the same; no model written here has parents, and the site has no save signal
receivers. Figures: README, "The generators' API".
"""

from functools import cache

from django.db import connection
from django.db.models import Field, Model

# Rows a statement at most: its text is kept per row count, so the counts kept stay few. A
# submission's passages (CITATIONS_MAX_PASSAGES, 200) go in one.
MAX_BATCH = 200


def row_insert(row: Model) -> Model:
    """Insert the unsaved `row` and give it its primary key, as `save(force_insert=True)`."""
    return rows_insert([row])[0]


def rows_insert(rows: list[Model]) -> list[Model]:
    """Insert unsaved rows of one model, each given its primary key, as `bulk_create` does (in
    batches of at most what it would use and MAX_BATCH)."""
    if not rows:
        return rows
    model = type(rows[0])
    fields = _fields(model)
    size = max(min(connection.ops.bulk_batch_size(fields, rows), MAX_BATCH), 1)
    for start in range(0, len(rows), size):
        batch = rows[start : start + size]
        values = [
            field.get_db_prep_save(field.pre_save(row, True), connection)
            for row in batch
            for field in fields
        ]
        with connection.cursor() as cursor:
            cursor.execute(_insert_sql(model, len(batch), connection.vendor), values)
            keys = cursor.fetchall()
        for row, (pk,) in zip(batch, keys, strict=True):
            row.pk = pk
            row._state.adding = False
            row._state.db = connection.alias
    return rows


@cache
def _fields(model: type[Model]) -> tuple[Field, ...]:
    return tuple(f for f in model._meta.concrete_fields if not f.primary_key)


@cache
def _insert_sql(model: type[Model], rows: int, vendor: str) -> str:
    """`model`'s INSERT of `rows` rows of every concrete column but the key, returning the keys
    in the rows' order; `vendor` keys the cache because quoting is the backend's."""
    quote = connection.ops.quote_name
    fields = _fields(model)
    columns = ", ".join(quote(f.column) for f in fields)
    row = f"({', '.join(['%s'] * len(fields))})"
    return (
        f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES {', '.join([row] * rows)} "
        f"RETURNING {quote(model._meta.pk.column)}"
    )
