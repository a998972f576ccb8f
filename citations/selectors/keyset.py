"""Keyset ("seek") reading of an ordered queryset in chunks, whatever its order.

Each chunk is one query `WHERE <after the last row> ORDER BY ... LIMIT n`, served by the
order's index: the first chunk costs what the last one does, nothing is sorted or held for the
whole result, and no cursor or transaction stays open between chunks (so a chunk can be read in
any thread, and a reader that stops leaves nothing behind). The last row's order values are the
cursor: rows inserted meanwhile before it are not read, rows after it are, none twice.
"""

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.db.models import F, OrderBy, Q, QuerySet
from django.db.models.constants import LOOKUP_SEP


@dataclass(frozen=True)
class Term:
    """One column of the order, with where its NULLs go made explicit."""

    name: str
    descending: bool
    nullable: bool
    nulls_last: bool


def _nullable(model, name: str) -> bool:
    """Whether the column `name` (a path like "client__name") can be NULL, joins included."""
    nullable = False
    for part in name.split(LOOKUP_SEP):
        field = model._meta.pk if part == "pk" else model._meta.get_field(part)
        nullable = nullable or getattr(field, "null", False)
        model = field.related_model or model
    return nullable


def _term(model, item) -> Term:
    if isinstance(item, str):
        name, descending, nulls_last = item.lstrip("-"), item.startswith("-"), None
    elif isinstance(item, OrderBy) and isinstance(item.expression, F):
        name, descending = item.expression.name, item.descending
        nulls_last = True if item.nulls_last else False if item.nulls_first else None
    elif isinstance(item, F):
        name, descending, nulls_last = item.name, False, None
    else:
        raise ValueError(f"keyset reading needs column orders, not {item!r}")
    nullable = _nullable(model, name)
    # Left implicit, backends disagree (PostgreSQL: NULLs sort as largest, SQLite: smallest);
    # made explicit, the order and the seek condition are the same on both.
    return Term(name, descending, nullable, True if nulls_last is None else nulls_last)


def order_terms(queryset: QuerySet) -> list[Term]:
    """The queryset's order as terms, ending with the primary key so that it is total."""
    items = list(queryset.query.order_by or queryset.model._meta.ordering or ())
    terms = [_term(queryset.model, item) for item in items]
    pk_names = {"pk", "id", queryset.model._meta.pk.name}
    if not terms or terms[-1].name not in pk_names:
        terms.append(Term("pk", bool(terms) and terms[-1].descending, False, True))
    return terms


def _order_by(term: Term) -> OrderBy:
    if not term.nullable:
        return OrderBy(F(term.name), descending=term.descending)
    if term.nulls_last:
        return OrderBy(F(term.name), descending=term.descending, nulls_last=True)
    return OrderBy(F(term.name), descending=term.descending, nulls_first=True)


def _beyond(term: Term, value: Any) -> Q:
    """Rows strictly after `value` in this term's order."""
    if value is None:  # only the non-NULLs come after a NULL put first; nothing after one last
        return Q(pk__in=[]) if term.nulls_last else Q(**{f"{term.name}__isnull": False})
    after = Q(**{f"{term.name}__{'lt' if term.descending else 'gt'}": value})
    if term.nullable and term.nulls_last:
        after |= Q(**{f"{term.name}__isnull": True})
    return after


def _same(term: Term, value: Any) -> Q:
    return Q(**{f"{term.name}__isnull": True}) if value is None else Q(**{term.name: value})


def seek_after(terms: list[Term], key: tuple) -> Q:
    """Rows after the row whose order values are `key` (lexicographic, NULL-aware)."""
    condition = Q(pk__in=[])
    prefix = Q()
    for term, value in zip(terms, key, strict=True):
        condition |= prefix & _beyond(term, value)
        prefix &= _same(term, value)
    return condition


class KeysetReader:
    """Reads `queryset`'s primary keys in its order, `size` per `next_chunk()` call (one query
    each, so each call can run in whichever thread is at hand); with `after`, starting after
    the row with those order values (see `key_of`: a resumed read)."""

    def __init__(
        self,
        queryset: QuerySet,
        *,
        size: int,
        after: tuple | None = None,
        limit: int | None = None,
    ):
        self.left = limit
        self.terms = order_terms(queryset)
        self.names = [term.name for term in self.terms]
        self.ordered = queryset.order_by(*(_order_by(term) for term in self.terms))
        self.size = size
        self.key = after
        self.done = False

    def next_chunk(self) -> list[int]:
        """The next primary keys in order; empty once every row has been read."""
        if self.done:
            return []
        size = self.size if self.left is None else min(self.size, self.left)
        rows = list(self.page().values_list(*self.names)[:size])
        self.done = len(rows) < size or self.left == len(rows)
        if self.left is not None:
            self.left -= len(rows)
        if rows:
            self.key = rows[-1]
        return [row[-1] for row in rows]

    def page(self) -> QuerySet:
        """The rows not read yet, in order."""
        if self.key is None:
            return self.ordered
        return self.ordered.filter(seek_after(self.terms, self.key))

    def page_end(self, limit: int) -> int | None:
        """The primary key of the `limit`-th row not read yet when more rows follow it (where
        the next page starts after), else None."""
        pks = list(self.page().values_list("pk", flat=True)[limit - 1 : limit + 1])
        return pks[0] if len(pks) == 2 else None


def key_of(queryset: QuerySet, pk: int) -> tuple | None:
    """The order values of row `pk` of `queryset` (None when it has no such row): where a
    reader given `after=` resumes."""
    names = [term.name for term in order_terms(queryset)]
    return queryset.filter(pk=pk).values_list(*names).first()


def keyset_chunks(
    queryset: QuerySet, *, size: int, after: tuple | None = None
) -> Iterator[list[int]]:
    """The primary keys of `queryset` in its order, `size` at a time, read as they are asked
    for."""
    reader = KeysetReader(queryset, size=size, after=after)
    while chunk := reader.next_chunk():
        yield chunk
