"""Reads about decisions across answers: whose decisions somebody else replaced."""

from functools import cache

from django.db import connection
from django.db.models import QuerySet

from citations.models import Answer, Decision


def overrules_of(*, user, after: int | None = None, since=None) -> QuerySet[Decision]:
    """Decisions by others that replaced a decision of `user`'s in force, oldest first; only
    those with an id above `after` (the last one `user` was shown) and made at or after
    `since`, on current answers.

    Every queue page asks, and mostly finds nothing: so the ids are found by one SQL statement
    written once per process (the ORM's four joins, built and compiled on each page, cost ~2.5
    ms of CPU against ~0.2 ms), and the decisions themselves are read only when there are
    some."""
    params = [user.pk, user.pk]
    if after is not None:
        params.append(after)
    if since is not None:
        params.append(connection.ops.adapt_datetimefield_value(since))
    with connection.cursor() as cursor:
        cursor.execute(
            _overrule_ids_sql(connection.vendor, after is not None, since is not None), params
        )
        ids = [row[0] for row in cursor.fetchall()]
    if not ids:
        return Decision.objects.none()
    # The reviewer's name and the replaced decision are shown; not the answer (its id is enough
    # to link to it).
    return (
        Decision.objects.filter(pk__in=ids).select_related("reviewer", "overrules").order_by("id")
    )


@cache
def _overrule_ids_sql(vendor: str, after: bool, since: bool) -> str:
    """The ids of the overrules: the decision replaced was the user's, the replacing one is
    somebody else's and was not taken back (undone: no news any more), on a current answer
    (`vendor` keys the cache because quoting is the backend's)."""
    quote = connection.ops.quote_name
    decisions, answers = quote(Decision._meta.db_table), quote(Answer._meta.db_table)
    sql = (
        f"SELECT d.{quote('id')} FROM {decisions} d "
        f"INNER JOIN {answers} a ON a.{quote('id')} = d.{quote('answer_id')} "
        f"INNER JOIN {decisions} o ON o.{quote('id')} = d.{quote('overrules_id')} "
        f"WHERE a.{quote('is_current')} AND o.{quote('reviewer_id')} = %s "
        f"AND d.{quote('reviewer_id')} <> %s "
        f"AND NOT EXISTS (SELECT 1 FROM {decisions} u "
        f"WHERE u.{quote('undoes_id')} = d.{quote('id')})"
    )
    if after:
        sql += f" AND d.{quote('id')} > %s"
    if since:
        sql += f" AND d.{quote('created_at')} >= %s"
    return sql + f" ORDER BY d.{quote('id')}"
