"""CSV and JSON Lines exports of answers with their verdicts and decisions, streamed.

Rows are produced chunk by chunk, each chunk a keyset page in the export's order (see
`selectors.keyset`), so an export of a million answers holds one chunk in memory and starts
sending at once; under ASGI the chunks come from an async iterator, which Django sends as they
come and cancels when the client leaves. Both the dashboard and the API use it. There each
chunk takes one of the worker's database slots (verifier_site/db_slots.py) while it is built and
none while the client reads it, so a slow download keeps no other request out.
"""

import csv
import json
from collections.abc import AsyncIterator, Iterator
from typing import Final, NotRequired, TypedDict

from asgiref.sync import sync_to_async
from django.db.models import QuerySet
from django.http import StreamingHttpResponse

from citations.engine import ReportDict, SentenceDict, SuggestionDict
from citations.export_bodies import body
from citations.models import Answer
from citations.selectors import answer_with_review, comments_prefetch
from citations.selectors.keyset import KeysetReader

CHUNK = 500
# The first chunk is small so that the download starts at once: a JSONL export has no header
# to send while its first chunk is built (500 answers with their reports: seconds at a
# million answers on a busy machine, against milliseconds for CSV's header).
FIRST_CHUNK = 50
FORMATS = {"csv": "text/csv; charset=utf-8", "jsonl": "application/x-ndjson; charset=utf-8"}
CSV_COLUMNS = (
    "id",
    "external_id",
    "client",
    "created_at",
    "revision",
    "question",
    "status",
    "passed",
    "validation_rate",
    "verified",
    "unsupported",
    "uncited",
    "neutral",
    "min_support",
    "flagged",
    "decided",
    "review_completed_at",
    "decisions",
    "sentences",
)
# What the CSV's `sentences` cell keeps of each sentence: the verdict, its score, what decided
# it and its plain-words summary, without the text and full reason a spreadsheet cell would
# drown in (the JSONL has them).
CSV_SENTENCE_KEYS: Final = ("index", "status", "support", "decided_by", "summary", "suggestions")
SENTENCE_DOC: Final = (
    "Each sentence carries `decided_by` (support, number, contradiction, citation; null for an "
    "uncited or neutral sentence) and `summary`, the verdict in plain words. Both are null in "
    "a report stored by an engine before 3.1, which did not write them (the `reason` says it "
    "all there): `manage.py reverify --all` fills them."
)
# The dashboard's exports add the reviewers' discussion; a generator's (the API's) never has it.
COMMENTS_COLUMN: Final = "comments"


class SentenceRecord(TypedDict):
    index: int
    text: str
    status: str
    reason: str
    support: float | None
    decided_by: str | None
    summary: str | None  # None: a report stored before engine 3.1 (SENTENCE_DOC)
    suggestions: list[SuggestionDict]


class AnswerRecord(TypedDict):
    """One line of the JSONL (and, flattened, one row of the CSV)."""

    id: int
    external_id: str
    client: str
    created_at: str
    revision: int
    question: str
    status: str
    passed: bool
    validation_rate: float
    counts: dict[str, int]
    min_support: float | None
    flagged: int
    decided: int
    review_completed_at: str | None
    sentences: list[SentenceRecord]
    decisions: list[dict]
    comments: NotRequired[list[dict]]  # the dashboard's exports only


def _decisions(answer: Answer, *, reviewers: bool) -> list[dict]:
    decisions = []
    for d in answer.decisions.all():
        record = {
            "sentence_index": d.sentence_index,
            "action": d.action,
            "reject_reason": d.reject_reason,
            "note": d.note,
            "created_at": d.created_at.isoformat(),
        }
        if reviewers:
            record["reviewer"] = d.reviewer.get_username()
        decisions.append(record)
    return decisions


def _comments(answer: Answer) -> list[dict]:
    return [
        {
            "sentence_index": c.sentence_index,
            "sentence_text": c.sentence_text,
            "author": c.author.get_username(),
            "body": c.body,
            "created_at": c.created_at.isoformat(),
        }
        for c in answer.comments.all()
    ]


def answer_record(
    answer: Answer, *, reviewers: bool = True, comments: bool = False
) -> AnswerRecord:
    """One answer as a plain record: summary, per-sentence verdicts and every decision, and
    with `comments` the reviewers' discussion (the comments prefetched, oldest first).

    `reviewers=False` leaves out who decided: generators are never told who reviewed them.
    """
    report: ReportDict = answer.latest_verifications[0].report
    record: AnswerRecord = {
        "id": answer.pk,
        "external_id": answer.external_id,
        "client": answer.client.name,
        "created_at": answer.created_at.isoformat(),
        "revision": answer.revision,
        "question": answer.question,
        "status": answer.review_status,
        "passed": answer.passed,
        "validation_rate": answer.validation_rate,
        "counts": report["counts"],
        "min_support": answer.min_support,
        "flagged": answer.flagged_count,
        "decided": answer.decided_count,
        "review_completed_at": (
            answer.review_completed_at.isoformat() if answer.review_completed_at else None
        ),
        "sentences": [_sentence_record(s) for s in report["sentences"]],
        "decisions": _decisions(answer, reviewers=reviewers),
    }
    if comments:
        record[COMMENTS_COLUMN] = _comments(answer)
    return record


def _sentence_record(sentence: SentenceDict) -> SentenceRecord:
    # A report of engine 1.x has no support score or suggestions, and one before 3.1 no
    # decided_by or summary, until `reverify`: null, never a blank that reads as an answer.
    return {
        "index": sentence["index"],
        "text": sentence["text"],
        "status": sentence["status"],
        "reason": sentence["reason"],
        "support": sentence.get("support"),
        "decided_by": sentence.get("decided_by"),
        "summary": sentence.get("summary"),
        "suggestions": sentence.get("suggestions", []),
    }


class _Echo:
    """A file-like object for csv.writer that hands back each line instead of storing it."""

    def write(self, value: str) -> str:
        return value


# Spreadsheets run cells starting with = + - @ as formulas, also in their full-width forms
# (some convert those) and after leading blanks; a leading tab or line break hides one too.
FORMULA_STARTS = frozenset("=+-@\uff1d\uff0b\uff0d\uff20")
BLANK_STARTS = frozenset("\t\r\n")


def _csv_safe(value):
    """A cell that no spreadsheet runs as a formula: answers are untrusted text."""
    if isinstance(value, str) and (
        value[:1] in BLANK_STARTS or value.lstrip()[:1] in FORMULA_STARTS
    ):
        return "'" + value
    return value


def _csv_row(record: AnswerRecord, *, comments: bool) -> list:
    counts = record["counts"]
    row = [
        record["id"],
        record["external_id"],
        record["client"],
        record["created_at"],
        record["revision"],
        record["question"],
        record["status"],
        record["passed"],
        record["validation_rate"],
        counts["verified"],
        counts["unsupported"],
        counts["uncited"],
        counts["neutral"],
        "" if record["min_support"] is None else record["min_support"],
        record["flagged"],
        record["decided"],
        record["review_completed_at"] or "",
        json.dumps(record["decisions"], ensure_ascii=False),
        json.dumps(
            [{key: s[key] for key in CSV_SENTENCE_KEYS} for s in record["sentences"]],
            ensure_ascii=False,
        ),
    ]
    if comments:
        row.append(json.dumps(record[COMMENTS_COLUMN], ensure_ascii=False))
    return [_csv_safe(value) for value in row]


class ExportStream:
    """An export of `queryset` in its own order, built one chunk of CHUNK answers at a time
    (the first of FIRST_CHUNK).

    Each chunk is a keyset page of ids, then those answers with their review prefetched (a
    fixed number of queries per chunk), rendered to one piece of text. Nothing outlives a
    chunk: no server-side cursor or transaction, so the chunks can be built in whatever thread
    is at hand, and memory holds one chunk whatever the size of the export.
    """

    def __init__(
        self,
        queryset: QuerySet[Answer],
        fmt: str,
        *,
        reviewers: bool = True,
        comments: bool = False,
        after: tuple | None = None,
        limit: int | None = None,
        chunk: int = CHUNK,
    ):
        self.queryset = queryset
        self.fmt = fmt
        self.reviewers = reviewers
        self.comments = comments
        self.chunk = chunk
        self.reader = KeysetReader(queryset, size=min(FIRST_CHUNK, chunk), after=after, limit=limit)
        self.writer = csv.writer(_Echo())

    def header(self) -> str:
        if self.fmt != "csv":
            return ""
        return self.writer.writerow(CSV_COLUMNS + ((COMMENTS_COLUMN,) if self.comments else ()))

    def records(self, pks: list[int]) -> list[AnswerRecord]:
        rows = answer_with_review(self.queryset.filter(pk__in=pks).order_by())
        if self.comments:
            rows = rows.prefetch_related(comments_prefetch())
        by_pk = {answer.pk: answer for answer in rows}
        # A row that stopped matching between the two reads is left out, not failed on.
        return [
            answer_record(by_pk[pk], reviewers=self.reviewers, comments=self.comments)
            for pk in pks
            if pk in by_pk
        ]

    def next_text(self) -> str | None:
        """The next chunk as text; None once the export is complete."""
        pks = self.reader.next_chunk()
        self.reader.size = self.chunk
        if not pks:
            return None
        records = self.records(pks)
        if self.fmt == "csv":
            return "".join(
                self.writer.writerow(_csv_row(r, comments=self.comments)) for r in records
            )
        return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)

    def __iter__(self) -> Iterator[str]:
        """For WSGI servers and code: the chunks as they are built."""
        if header := self.header():
            yield header
        while (text := self.next_text()) is not None:
            yield text

    async def __aiter__(self) -> AsyncIterator[str]:
        """For ASGI servers: each chunk built in a thread while the event loop serves others.
        When the client goes away, Django cancels this iterator at its next await, so no
        further chunk is built (a sync iterator would be read to the end first: Django
        consumes one whole before sending anything under ASGI)."""
        if header := self.header():
            yield header
        while (text := await sync_to_async(self.next_text)()) is not None:
            yield text


def csv_lines(
    queryset: QuerySet[Answer], *, reviewers: bool = True, comments: bool = False
) -> Iterator[str]:
    return iter(ExportStream(queryset, "csv", reviewers=reviewers, comments=comments))


def jsonl_lines(
    queryset: QuerySet[Answer], *, reviewers: bool = True, comments: bool = False
) -> Iterator[str]:
    return iter(ExportStream(queryset, "jsonl", reviewers=reviewers, comments=comments))


def streaming_export(
    queryset: QuerySet[Answer],
    fmt: str,
    filename: str,
    *,
    request=None,
    reviewers: bool = True,
    comments: bool = False,
    after: tuple | None = None,
    limit: int | None = None,
) -> StreamingHttpResponse:
    """A download of `queryset` as `fmt` ("csv" or "jsonl") in its order, streamed as it is
    produced, for `request` (see `export_bodies.body`). With `after` (see `keyset.key_of`), it
    resumes after that row; with `limit`, it holds that many answers at most, and a
    `next_cursor` attribute is set on the response when more follow (the id of its last
    answer)."""
    stream = ExportStream(
        queryset, fmt, reviewers=reviewers, comments=comments, after=after, limit=limit
    )
    response = StreamingHttpResponse(body(stream, request), content_type=FORMATS[fmt])
    response["Content-Disposition"] = f'attachment; filename="{filename}.{fmt}"'
    response["X-Content-Type-Options"] = "nosniff"
    response["Cache-Control"] = "no-store"
    response.next_cursor = None if limit is None else stream.reader.page_end(limit)
    return response
