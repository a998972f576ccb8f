"""Keyset ("seek") reading of an ordered queryset, whatever its order: in chunks (the exports)
and in pages with next/previous cursors (the queue, the API's list).

Each read is one query `WHERE <after the last row> ORDER BY ... LIMIT n`, served by the
order's index: the first page costs what the last one does, nothing is sorted or held for the
whole result, and no cursor or transaction stays open between reads (so a chunk can be read in
any thread, and a reader that stops leaves nothing behind). The last row's order values are the
cursor: rows inserted meanwhile before it are not read, rows after it are, none twice.

An order is read as one *key*: a row of values compared at once, `(k1, k2, ...) > (v1, v2,
...)`, which PostgreSQL turns into one range of a B-tree index on the same expressions. A row
comparison needs one direction for the whole key, so a column sorted the other way is negated
(numbers only) and a nullable one becomes two values, "is it NULL" and the value with NULL
read as 0 (migration 0017 indexes exactly these expressions; change one, change the other). An
order that cannot be written so (a descending date among ascending columns, a nullable text)
is sought with the equivalent OR of comparisons, which is right but scans more.
"""

import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.core import signing
from django.db.models import (
    BooleanField,
    DateTimeField,
    DecimalField,
    Expression,
    ExpressionWrapper,
    F,
    Field,
    FloatField,
    Func,
    IntegerField,
    OrderBy,
    Q,
    QuerySet,
    Value,
)
from django.db.models.constants import LOOKUP_SEP
from django.db.models.functions import Coalesce

NUMERIC = (IntegerField, FloatField, DecimalField)
# The names under which a page's rows carry their key values.
KEY_PREFIX = "keyset_"
CURSOR_SALT = "citations.selectors.keyset.cursor"
# A cursor longer than this is not one of ours; refused before its signature is checked.
CURSOR_MAX_CHARS = 1000


class InvalidCursor(ValueError):
    """A cursor that this order did not make: garbled, forged, or from another order."""


@dataclass(frozen=True)
class Term:
    """One column of the order, with where its NULLs go made explicit."""

    name: str
    descending: bool
    nullable: bool
    nulls_last: bool
    field: Field | None = None


class Neg(Func):
    """`-x`, written without a parameter so that an index on it matches the query's SQL."""

    template = "(-%(expressions)s)"
    arity = 1


class RowBeyond(Expression):
    """`(a, b, ...) > (x, y, ...)` (`<` when `descending`): rows past a key, in one
    comparison that a B-tree index on (a, b, ...) answers as one range."""

    conditional = True
    output_field = BooleanField()

    def __init__(self, left: list, right: list, *, descending: bool):
        super().__init__()
        self.left, self.right, self.descending = list(left), list(right), descending

    def get_source_expressions(self):
        return [*self.left, *self.right]

    def set_source_expressions(self, exprs):
        self.left, self.right = list(exprs[: len(self.left)]), list(exprs[len(self.left) :])

    def as_sql(self, compiler, connection):
        sides, params = [], []
        for side in (self.left, self.right):
            sqls = []
            for expression in side:
                sql, part = compiler.compile(expression)
                sqls.append(sql)
                params.extend(part)
            sides.append("(" + ", ".join(sqls) + ")")
        return f"{sides[0]} {'<' if self.descending else '>'} {sides[1]}", params


def _field(model, name: str) -> tuple[Field, bool]:
    """The field at the end of `name` (a path like "client__name") and whether it can be NULL
    there, joins included."""
    nullable = False
    field = model._meta.pk
    for part in name.split(LOOKUP_SEP):
        field = model._meta.pk if part == "pk" else model._meta.get_field(part)
        nullable = nullable or getattr(field, "null", False)
        model = field.related_model or model
    if field.is_relation:  # a foreign key orders by the column it holds
        field = field.target_field
    return field, nullable


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
    field, nullable = _field(model, name)
    # Left implicit, backends disagree (PostgreSQL: NULLs sort as largest, SQLite: smallest);
    # made explicit, the order and the seek condition are the same on both.
    return Term(name, descending, nullable, True if nulls_last is None else nulls_last, field)


def order_terms(queryset: QuerySet) -> list[Term]:
    """The queryset's order as terms, ending with the primary key so that it is total."""
    items = list(queryset.query.order_by or queryset.model._meta.ordering or ())
    terms = [_term(queryset.model, item) for item in items]
    pk_names = {"pk", "id", queryset.model._meta.pk.name}
    if not terms or terms[-1].name not in pk_names:
        last_descending = bool(terms) and terms[-1].descending
        terms.append(Term("pk", last_descending, False, True, queryset.model._meta.pk))
    return terms


def key_expressions(terms: list[Term]) -> list[tuple[Expression, Field]] | None:
    """The order as one key sorted in the last term's direction (see the module's doc), each
    value with its field, or None when it cannot be written so."""
    descending = terms[-1].descending
    key: list[tuple[Expression, Field]] = []
    for term in terms:
        numeric = isinstance(term.field, NUMERIC)
        value: Expression = F(term.name)
        if term.descending != descending:
            if not numeric:
                return None
            value = Neg(value)
        if term.nullable:
            if not numeric:
                return None
            # Sorted in the key's direction, "IS NULL" puts the NULLs last when ascending.
            flag = Q(**{f"{term.name}__isnull": term.nulls_last != descending})
            key.append((ExpressionWrapper(flag, output_field=BooleanField()), BooleanField()))
            zero = Value(0.0 if isinstance(term.field, FloatField) else 0)
            value = Coalesce(value, zero, output_field=type(term.field)())
        key.append((value, term.field))
    return key


def _order_by(term: Term, *, backward: bool = False) -> OrderBy:
    descending = term.descending != backward
    if not term.nullable:
        return OrderBy(F(term.name), descending=descending)
    if term.nulls_last != backward:
        return OrderBy(F(term.name), descending=descending, nulls_last=True)
    return OrderBy(F(term.name), descending=descending, nulls_first=True)


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
    """Rows after the row whose order values are `key` (lexicographic, NULL-aware): the OR of
    comparisons, for orders that are not one key."""
    condition = Q(pk__in=[])
    prefix = Q()
    for term, value in zip(terms, key, strict=True):
        condition |= prefix & _beyond(term, value)
        prefix &= _same(term, value)
    return condition


def _reversed(term: Term) -> Term:
    return Term(term.name, not term.descending, term.nullable, not term.nulls_last, term.field)


class SignedCursors:
    """Cursors that carry a key of an order with this `fingerprint`, its values of these
    `fields`."""

    fingerprint: int
    fields: list[Field]

    def cursor(self, key: tuple, *, backward: bool) -> str:
        """An opaque cursor for the page after `key` (before it when `backward`), signed so
        that only a key this order produced comes back."""
        values = [v.isoformat() if isinstance(v, datetime) else v for v in key]
        payload = {"o": self.fingerprint, "b": int(backward), "k": values}
        return signing.dumps(payload, salt=CURSOR_SALT, compress=True)

    def read_cursor(self, cursor: str) -> tuple[tuple, bool]:
        """The key and direction a cursor of this order carries; InvalidCursor otherwise."""
        if len(cursor) > CURSOR_MAX_CHARS:
            raise InvalidCursor("too long")
        try:
            payload = signing.loads(cursor, salt=CURSOR_SALT)
        except signing.BadSignature:
            raise InvalidCursor("not a cursor of this list") from None
        if (
            not isinstance(payload, dict)
            or payload.get("o") != self.fingerprint
            or payload.get("b") not in (0, 1)
            or not isinstance(payload.get("k"), list)
            or len(payload["k"]) != len(self.fields)
        ):
            raise InvalidCursor("made for another order")
        try:
            key = tuple(
                datetime.fromisoformat(value)
                if value is not None and isinstance(field, DateTimeField)
                else value
                for field, value in zip(self.fields, payload["k"], strict=True)
            )
        except (TypeError, ValueError):
            raise InvalidCursor("made for another order") from None
        return key, bool(payload["b"])


class Keyset(SignedCursors):
    """`queryset`'s order as a key: the rows in order (forward or backward) with their key
    values as attributes `keyset_0...`, the rows past a key, and cursors that carry a key."""

    def __init__(self, queryset: QuerySet):
        self.terms = order_terms(queryset)
        key = key_expressions(self.terms)
        self.key = None if key is None else [expression for expression, _ in key]
        self.expressions = self.key or [F(term.name) for term in self.terms]
        self.fields = [field for _, field in key] if key else [t.field for t in self.terms]
        self.names = [f"{KEY_PREFIX}{i}" for i in range(len(self.expressions))]
        self.descending = self.terms[-1].descending
        described = [(t.name, t.descending, t.nullable, t.nulls_last) for t in self.terms]
        self.fingerprint = zlib.crc32(repr(described).encode())

    def ordered(self, queryset: QuerySet, *, backward: bool = False) -> QuerySet:
        """The rows in the key's order (reversed when `backward`), each carrying its key."""
        annotated = queryset.annotate(**dict(zip(self.names, self.expressions, strict=True)))
        if self.key is None:
            return annotated.order_by(*(_order_by(t, backward=backward) for t in self.terms))
        descending = self.descending != backward
        return annotated.order_by(*(OrderBy(e, descending=descending) for e in self.key))

    def beyond(self, queryset: QuerySet, key: tuple, *, backward: bool = False) -> QuerySet:
        """The rows after the row whose key is `key` (before it when `backward`)."""
        if self.key is None:
            terms = [_reversed(t) for t in self.terms] if backward else self.terms
            return queryset.filter(seek_after(terms, key))
        values = [
            Value(value, output_field=field) for field, value in zip(self.fields, key, strict=True)
        ]
        descending = self.descending != backward
        return queryset.filter(RowBeyond(self.key, values, descending=descending))

    def page(self, queryset: QuerySet, key: tuple | None, *, backward: bool = False):
        """The rows after `key` (before it when `backward`, nearest first), in order."""
        ordered = self.ordered(queryset, backward=backward)
        return ordered if key is None else self.beyond(ordered, key, backward=backward)

    def rows(self, queryset: QuerySet, key: tuple | None, *, backward: bool, limit: int) -> list:
        """Up to `limit` rows after `key` (before it when `backward`, nearest first)."""
        return list(self.page(queryset, key, backward=backward)[:limit])

    def key_of_row(self, row) -> tuple:
        return tuple(getattr(row, name) for name in self.names)


class KeysetReader:
    """Reads `queryset`'s primary keys in its order, `size` per `next_chunk()` call (one query
    each, so each call can run in whichever thread is at hand); with `after`, starting after
    the row with that key (see `key_of`: a resumed read)."""

    def __init__(
        self,
        queryset: QuerySet,
        *,
        size: int,
        after: tuple | None = None,
        limit: int | None = None,
    ):
        self.left = limit
        self.keyset = Keyset(queryset)
        self.queryset = queryset
        self.size = size
        self.key = after
        self.done = False

    def next_chunk(self) -> list[int]:
        """The next primary keys in order; empty once every row has been read."""
        if self.done:
            return []
        size = self.size if self.left is None else min(self.size, self.left)
        rows = list(self.page().values_list(*self.keyset.names, "pk")[:size])
        self.done = len(rows) < size or self.left == len(rows)
        if self.left is not None:
            self.left -= len(rows)
        if rows:
            self.key = rows[-1][:-1]
        return [row[-1] for row in rows]

    def page(self) -> QuerySet:
        """The rows not read yet, in order."""
        return self.keyset.page(self.queryset, self.key)

    def page_end(self, limit: int) -> int | None:
        """The primary key of the `limit`-th row not read yet when more rows follow it (where
        the next page starts after), else None."""
        pks = list(self.page().values_list("pk", flat=True)[limit - 1 : limit + 1])
        return pks[0] if len(pks) == 2 else None


def key_of(queryset: QuerySet, pk: int) -> tuple | None:
    """The key of row `pk` of `queryset` (None when it has no such row): where a reader given
    `after=` resumes."""
    keyset = Keyset(queryset)
    return keyset.ordered(queryset).filter(pk=pk).values_list(*keyset.names).first()


def keyset_chunks(
    queryset: QuerySet, *, size: int, after: tuple | None = None
) -> Iterator[list[int]]:
    """The primary keys of `queryset` in its order, `size` at a time, read as they are asked
    for."""
    reader = KeysetReader(queryset, size=size, after=after)
    while chunk := reader.next_chunk():
        yield chunk
