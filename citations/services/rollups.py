"""Keeping the metrics' rollups (models.rollups) up to date, in the transaction of the write
that changes what they count: an answer stored or superseded, its summary refreshed (re-verify,
decisions), a decision appended.

Why on write and not by a task: the page then never shows counts older than what it links to,
no worker or schedule has to run for it, and each write adds a handful of rows' increments. Each
change is computed as what the rows of the answer (or of its decisions) count after, minus what
they counted before, and written as one atomic insert-or-add per row: parallel writers add to
the same row without reading it (no lost update), and rows are written in key order so two
transactions never wait on each other crosswise. The decisions of one answer are diffed as a
whole, which is safe because the services hold the answer's row lock while appending one.

`rollups_rebuild` recomputes every row from the stored answers and decisions with the same
functions: the backfill (migration 0016, `manage.py rebuild_metrics`) and the repair.
"""

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime, timedelta
from functools import cache
from itertools import groupby

from django.apps import apps
from django.db import connection, models, transaction
from django.utils import timezone

from citations.domain.disguise import disguised
from citations.domain.statuses import DecisionAction, ReviewStatus
from citations.engine import ReportDict
from citations.models.rollups import (
    NO_DAY_AFTER,
    NO_DAY_BEFORE,
    NO_POSITION,
    WAIT_BUCKETS,
    AnswerDay,
    CitationDay,
    CitationKind,
    DecisionDay,
    ReviewerSpan,
    SentenceSpan,
    stripe_of,
)

# What an answer's row counts depends on these columns only.
ANSWER_FIELDS = (
    "id",  # its stripe (models.rollups)
    "client_id",
    "created_at",
    "is_current",
    "passed",
    "validation_rate",
    "review_status",
    "review_completed_at",
)
DECISION_FIELDS = (
    "id",
    "answer_id",
    "created_at",
    "reviewer_id",
    "action",
    "reject_reason",
    "sentence_start",
    "carried_from_id",
    "undoes_id",
)
# Anything but plain printable ASCII: the answers whose citations the rebuild reads for
# hidden characters (a superset; `disguised` decides).
NOT_PLAIN = r"[^\t\n\r\x20-\x7e]"
MICROSECOND = timedelta(microseconds=1)
ROLLUPS = (AnswerDay, CitationDay, DecisionDay, ReviewerSpan, SentenceSpan)


class Tally:
    """Amounts to add, per rollup row: (model, key) -> column -> amount."""

    def __init__(self) -> None:
        self.rows: dict[tuple, dict[str, float]] = defaultdict(lambda: defaultdict(int))

    def add(self, model: type[models.Model], key: tuple, sign: int, **amounts: float) -> None:
        row = self.rows[(model, key)]
        for column, amount in amounts.items():
            row[column] += sign * amount


def _day(moment: datetime):
    return timezone.localdate(moment)


def _answer_tally(tally: Tally, values: Mapping, sign: int) -> None:
    """What one answer counts (`values`: ANSWER_FIELDS): a current answer only, on its day."""
    if not values["is_current"]:
        return
    amounts = {
        "answers": 1,
        "passed": int(values["passed"]),
        "rate_sum": values["validation_rate"],
        "waiting": int(values["review_status"] == ReviewStatus.NEEDS_REVIEW),
    }
    completed = values["review_completed_at"]
    if completed is not None:
        wait = completed - values["created_at"]
        amounts |= {"decided": 1, "wait_us": wait // MICROSECOND}
        lower = timedelta(0)
        for column, _, upper in WAIT_BUCKETS:
            if wait >= lower and (upper is None or wait < upper):
                amounts[column] = 1
            lower = upper or lower
    key = (_day(values["created_at"]), values["client_id"], stripe_of(values["id"]))
    tally.add(AnswerDay, key, sign, **amounts)


def _runs(days: list) -> Iterable[tuple]:
    """Every run of consecutive entries of the sorted `days`, as (day before, first, last,
    day after): the span keys of models.rollups."""
    for i, first in enumerate(days):
        before = days[i - 1] if i else NO_DAY_BEFORE
        for j in range(i, len(days)):
            after = days[j + 1] if j + 1 < len(days) else NO_DAY_AFTER
            yield before, first, days[j], after


def _decisions_tally(tally: Tally, client_id: int, decisions: Iterable, sign: int) -> None:
    """What one answer's decisions count: those in force (not an undo, not undone, not carried
    over to a revision) per day, and the spans of its reviewers and of its sentences."""
    decisions = list(decisions)
    undone = {d.undoes_id for d in decisions if d.undoes_id is not None}
    by_reviewer: dict[int, set] = defaultdict(set)
    by_sentence: dict[int, list[tuple]] = defaultdict(list)
    for d in decisions:
        if d.carried_from_id is not None or d.action == DecisionAction.UNDO or d.id in undone:
            continue
        day = _day(d.created_at)
        key = (day, client_id, d.reviewer_id, d.action, d.reject_reason)
        tally.add(DecisionDay, key, sign, decisions=1)
        by_reviewer[d.reviewer_id].add(day)
        if d.sentence_start is not None:
            by_sentence[d.sentence_start].append((day, d.reviewer_id, d.action))
    for reviewer_id, days in by_reviewer.items():
        for span in _runs(sorted(days)):
            tally.add(ReviewerSpan, (client_id, reviewer_id, *span), sign, answers=1)
    for acts in by_sentence.values():
        for span in _runs(sorted({day for day, _, _ in acts})):
            inside = [(who, what) for day, who, what in acts if span[1] <= day <= span[2]]
            if len({who for who, _ in inside}) >= 2:
                agreed = int(len({what for _, what in inside}) == 1)
                tally.add(SentenceSpan, (client_id, *span), sign, shared=1, agreed=agreed)


def _unresolved_tally(tally: Tally, client_id: int, answer_id: int, unresolved: Iterable) -> None:
    """What an answer's unresolved citations count (rows of created_at, style, law, article,
    position): a legal one as an invented article, a numeric one past the list at its position."""
    stripe = stripe_of(answer_id)
    for made, style, law, article, position in unresolved:
        if style == "legal":
            key = (_day(made), client_id, CitationKind.INVENTED, law, article, NO_POSITION)
        elif position is not None:
            key = (_day(made), client_id, CitationKind.OVERRUN, "", "", position)
        else:
            continue
        tally.add(CitationDay, (*key, stripe), 1, citations=1)


def _disguised_tally(tally: Tally, client_id: int, answer_id: int, created_at, report) -> None:
    """The citations of an answer as submitted that the engine read through hidden characters."""
    hidden = sum(
        disguised(citation["raw"])
        for sentence in report["sentences"]
        for citation in sentence["citations"]
    )
    if hidden:
        key = (_day(created_at), client_id, CitationKind.DISGUISED, "", "", NO_POSITION)
        tally.add(CitationDay, (*key, stripe_of(answer_id)), 1, citations=hidden)


def _write(tally: Tally, get_model: Callable = apps.get_model) -> None:
    """Add the tally to its rows: one insert-or-add statement per table, rows in key order.
    `get_model` gives the tables written (a migration's historical models: see `_upsert`)."""
    by_model: dict[type[models.Model], list] = defaultdict(list)
    for (model, key), amounts in sorted(tally.rows.items(), key=lambda item: repr(item[0])):
        if any(amounts.values()):
            by_model[model].append((key, amounts))
    for model in ROLLUPS:
        rows = by_model.get(model)
        if not rows:
            continue
        target = get_model("citations", model.__name__)
        sql, keys, values = _upsert(target, model.KEYS, connection.vendor)
        params = [
            [*(_adapt(part) for part in key[: len(keys)]), *(amounts.get(c, 0) for c in values)]
            for key, amounts in rows
        ]
        with connection.cursor() as cursor:
            if len(params) == 1:
                # A submission's usual case: psycopg runs executemany in pipeline mode, whose
                # setup cost more CPU than the one statement (~0.2 ms a POST for two tables).
                cursor.execute(sql, params[0])
            else:
                cursor.executemany(sql, params)


@cache
def _upsert(model: type[models.Model], keys: tuple, vendor: str) -> tuple[str, tuple, tuple]:
    """`model`'s insert-or-add statement on `keys`, its key and value columns, built once per
    process (every submission writes two); `vendor` keys the cache because quoting is the
    backend's. Keys `model` has no column for are left out: migration 0016's backfill writes
    the tables as they were before the stripes (models.rollups), whose stripe ends each key,
    so an answer's stripes fall into one row, added up by the insert-or-add."""
    quote = connection.ops.quote_name
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    keys = tuple(key for key in keys if key in {f.column for f in fields})
    values = tuple(f.column for f in fields if f.column not in keys)
    table = quote(model._meta.db_table)
    columns = ", ".join(quote(c) for c in (*keys, *values))
    places = ", ".join(["%s"] * (len(keys) + len(values)))
    adds = ", ".join(f"{quote(c)} = {table}.{quote(c)} + excluded.{quote(c)}" for c in values)
    sql = (
        f"INSERT INTO {table} ({columns}) VALUES ({places}) "
        f"ON CONFLICT ({', '.join(quote(c) for c in keys)}) DO UPDATE SET {adds}"
    )
    return sql, keys, values


def _adapt(part):
    # Dates as the backend stores them (SQLite: ISO text); ints and strings as they are.
    return connection.ops.adapt_datefield_value(part) if hasattr(part, "isoformat") else part


def _values(answer) -> dict:
    return {name: getattr(answer, name) for name in ANSWER_FIELDS}


def rollup_answer_stored(*, answer, verification, unresolved: Iterable) -> None:
    """A new answer (or revision) with its first verification: count it, and the citations
    it was submitted with (`unresolved`: the UnresolvedCitation rows just written, so none is
    read back)."""
    tally = Tally()
    _answer_tally(tally, _values(answer), 1)
    report: ReportDict = verification.report
    _unresolved_tally(
        tally,
        answer.client_id,
        answer.pk,
        ((u.created_at, u.style, u.law, u.article, u.position) for u in unresolved),
    )
    _disguised_tally(tally, answer.client_id, answer.pk, answer.created_at, report)
    _write(tally)


def rollup_answer_superseded(*, answer) -> None:
    """`answer` (as it stood) is no longer current: a revision took its place."""
    tally = Tally()
    _answer_tally(tally, _values(answer), -1)
    _write(tally)


def rollup_answer_change(*, answer, fields: Mapping, pending: Tally | None = None) -> None:
    """`answer`'s columns are about to take `fields`' values: count the difference, now or,
    given `pending`, with the rest of a batch (`rollups_write`)."""
    tally = Tally() if pending is None else pending
    before = _values(answer)
    _answer_tally(tally, before, -1)
    _answer_tally(tally, before | {k: v for k, v in fields.items() if k in before}, 1)
    if pending is None:
        _write(tally)


def rollups_write(*, pending: Tally) -> None:
    _write(pending)


def rollup_decisions(*, answer, before: list, after: list) -> None:
    """The answer's decisions went from `before` to `after` (one appended): count the
    difference. The caller holds the answer's row lock."""
    tally = Tally()
    _decisions_tally(tally, answer.client_id, before, -1)
    _decisions_tally(tally, answer.client_id, after, 1)
    _write(tally)


@transaction.atomic
def rollups_rebuild(*, get_model: Callable = apps.get_model) -> None:
    """Recompute every rollup row from the stored answers, citations and decisions.

    `get_model` reads the source tables (a migration passes its historical models). On
    PostgreSQL the rollup tables are locked against writers first: a write that has counted
    already is committed before the rebuild reads, one that has not waits and adds after it,
    so a rebuild on a live site loses nothing. (SQLite: run it while nothing writes.)"""
    if connection.vendor == "postgresql":
        tables = ", ".join(connection.ops.quote_name(m._meta.db_table) for m in ROLLUPS)
        with connection.cursor() as cursor:
            cursor.execute(f"LOCK TABLE {tables} IN SHARE ROW EXCLUSIVE MODE")
    answer_model = get_model("citations", "Answer")
    tally = Tally()
    current = answer_model.objects.filter(is_current=True).values(*ANSWER_FIELDS)
    for values in current.iterator(chunk_size=5000):
        _answer_tally(tally, values, 1)
    _rebuild_citations(tally, get_model)
    decisions = (
        get_model("citations", "Decision")
        .objects.values_list(*DECISION_FIELDS, "answer__client_id", named=True)
        .order_by("answer_id", "id")
    )
    for _, group in groupby(decisions.iterator(chunk_size=5000), key=lambda d: d.answer_id):
        group = list(group)
        _decisions_tally(tally, group[0].answer__client_id, group, 1)
    for model in ROLLUPS:
        get_model("citations", model.__name__).objects.all().delete()
    _write(tally, get_model)


def _rebuild_citations(tally: Tally, get_model: Callable) -> None:
    unresolved = get_model("citations", "UnresolvedCitation").objects.values_list(
        "created_at", "style", "law", "article", "position", "client_id", "answer_id"
    )
    for *row, client_id, answer_id in unresolved.iterator(chunk_size=5000):
        _unresolved_tally(tally, client_id, answer_id, [row])
    # The first verification of each answer whose text may hide characters.
    firsts = (
        get_model("citations", "Verification")
        .objects.filter(answer__text__regex=NOT_PLAIN)
        .order_by("answer_id", "created_at", "id")
        .values_list("answer_id", "answer__client_id", "answer__created_at", "report")
    )
    for answer_id, group in groupby(firsts.iterator(chunk_size=500), key=lambda row: row[0]):
        _, client_id, created_at, report = next(group)
        _disguised_tally(tally, client_id, answer_id, created_at, report)
