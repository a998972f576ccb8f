"""Reads of API clients and their tokens."""

from functools import cache

from django.db import connection
from django.db.models import Model, QuerySet

from citations.models import ApiClient, ApiToken, ThrottleCount


def token_get_active(*, digest: str, counted: tuple[str, int] | None = None) -> ApiToken | None:
    """The active token with `digest`, its client loaded. Given `counted` (the key and window
    of a rate-limit counter, selectors.throttles.counter_row), the token carries that counter's
    hits as `counted_hits`, read in the same query (None: no row).

    Every API request runs it, so it is one SQL statement written once per process: the ORM
    built and compiled the same join and subquery on each request, ~1.5 ms of CPU against
    ~0.1 ms for the statement itself."""
    key, window_end = counted if counted is not None else ("", 0)
    with connection.cursor() as cursor:
        cursor.execute(_active_token_sql(connection.vendor), [key, window_end, digest])
        row = cursor.fetchone()
    if row is None:
        return None
    token_width = len(ApiToken._meta.concrete_fields)
    token = _from_row(ApiToken, row[:token_width])
    token.client = _from_row(ApiClient, row[token_width:-1])
    if counted is not None:
        token.counted_hits = row[-1]
    return token


@cache
def _active_token_sql(vendor: str) -> str:
    """The token's and its client's columns, then the counter's hits (the SQL is the same on
    every backend; `vendor` keys the cache because quoting is the backend's)."""
    quote = connection.ops.quote_name
    token, client = quote(ApiToken._meta.db_table), quote(ApiClient._meta.db_table)
    counts = quote(ThrottleCount._meta.db_table)
    columns = [
        f"{table}.{quote(field.column)}"
        for table, model in ((token, ApiToken), (client, ApiClient))
        for field in model._meta.concrete_fields
    ]
    return (
        f"SELECT {', '.join(columns)}, "
        f"(SELECT {quote('hits')} FROM {counts} WHERE {quote('key')} = %s "
        f"AND {quote('window_end')} = %s) "
        f"FROM {token} INNER JOIN {client} "
        f"ON {client}.{quote('id')} = {token}.{quote('client_id')} "
        f"WHERE {token}.{quote('digest')} = %s AND {token}.{quote('revoked_at')} IS NULL "
        f"AND {client}.{quote('is_active')}"
    )


def _from_row(model: type[Model], values: tuple) -> Model:
    """A model instance from its concrete columns as the cursor gave them, converted as the ORM
    converts them (SQLite hands back naive datetimes and integers for booleans)."""
    fields = model._meta.concrete_fields
    converted = []
    for field, value in zip(fields, values, strict=True):
        column = field.get_col(model._meta.db_table)
        for convert in connection.ops.get_db_converters(column) + field.get_db_converters(
            connection
        ):
            value = convert(value, column, connection)
        converted.append(value)
    return model.from_db(connection.alias, [f.attname for f in fields], converted)


def review_clients() -> QuerySet[ApiClient]:
    return ApiClient.objects.order_by("name").only("id", "name")
