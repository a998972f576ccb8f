"""Pages of an ordered queryset read by keyset (`selectors.keyset`), with the cursors of the
pages beside them: the queue's and the API list's next, previous and first links.

An order led by a related row's columns (the queue's client sort: client name, then the triage
order within each client) is read one group at a time (`GroupedKeyset`): no index holds the
client's name beside the answers' columns, so one query would sort every answer of the
client it starts in; each group's rows are instead one range of an index on (client, triage).
"""

import zlib
from dataclasses import dataclass
from typing import Any, Protocol

from django.db.models import Field, QuerySet

from citations.selectors.keyset import Keyset, SignedCursors


class KeyReader(Protocol):
    def rows(
        self, queryset: QuerySet, key: tuple | None, *, backward: bool, limit: int
    ) -> list: ...

    def key_of_row(self, row) -> tuple: ...

    def cursor(self, key: tuple, *, backward: bool) -> str: ...

    def read_cursor(self, cursor: str) -> tuple[tuple, bool]: ...


@dataclass
class KeysetPage:
    """One page of rows, with the cursors of the pages beside it (None at either end)."""

    rows: list
    next: str | None
    previous: str | None


def keyset_page(
    queryset: QuerySet, *, size: int, cursor: str | None = None, reader: KeyReader | None = None
) -> KeysetPage:
    """The page of `queryset` (in its order; `reader` reads it, by default a `Keyset`) that
    `cursor` names, the first page without one: `size` + 1 rows (the extra one says whether
    more follow). InvalidCursor for a cursor this order did not make."""
    reader = reader or Keyset(queryset)
    key, backward = reader.read_cursor(cursor) if cursor else (None, False)
    rows = reader.rows(queryset, key, backward=backward, limit=size + 1)
    if backward and len(rows) <= size:  # back at the start: the first page, whole
        key, backward = None, False
        rows = reader.rows(queryset, None, backward=False, limit=size + 1)
    more = len(rows) > size
    rows = rows[:size]
    if backward:
        rows.reverse()
        after = reader.cursor(reader.key_of_row(rows[-1]), backward=False)
        return KeysetPage(rows, after, reader.cursor(reader.key_of_row(rows[0]), backward=True))
    following = reader.cursor(reader.key_of_row(rows[-1]), backward=False) if more else None
    if key is None:
        return KeysetPage(rows, following, None)
    # Past the end (the rows after the cursor went away): the way back is before the cursor.
    first = reader.key_of_row(rows[0]) if rows else key
    return KeysetPage(rows, following, reader.cursor(first, backward=True))


class GroupedKeyset(SignedCursors):
    """`queryset`'s rows grouped by `field` (a column), the groups in the order of `groups`
    (its values), each group in the queryset's own order. The key is the group's value, then
    the row's key within its group (read by `inner`, a Keyset); each read is one query per
    group it reaches."""

    def __init__(
        self,
        queryset: QuerySet,
        *,
        field: str,
        groups: list,
        group_field: Field,
        inner: type[Keyset] = Keyset,
    ):
        self.inner = inner(queryset)
        self.field = field
        self.groups = list(groups)
        self.fields = [group_field, *self.inner.fields]
        self.fingerprint = zlib.crc32(repr(("grouped", field, self.inner.fingerprint)).encode())

    def rows(self, queryset: QuerySet, key: tuple | None, *, backward: bool, limit: int) -> list:
        order = self.groups[::-1] if backward else self.groups
        start, inner_key = 0, None
        if key is not None:
            if key[0] not in order:  # the group went away: not a place in this list
                return []
            start, inner_key = order.index(key[0]), key[1:]
        found: list[Any] = []
        for group in order[start:]:
            rows = queryset.filter(**{self.field: group})
            found += self.inner.rows(rows, inner_key, backward=backward, limit=limit - len(found))
            if len(found) >= limit:
                break
            inner_key = None  # the next group from its start
        return found

    def key_of_row(self, row) -> tuple:
        return (getattr(row, self.field), *self.inner.key_of_row(row))
