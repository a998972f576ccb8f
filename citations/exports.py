"""CSV and JSON Lines exports of answers with their verdicts and decisions, streamed.

Rows are produced chunk by chunk from a server-side iterator, so an export of 100,000 answers
holds one chunk in memory and starts sending at once. Both the dashboard and the API use it.
"""

import csv
import json
from collections.abc import Iterator
from typing import Final, NotRequired, TypedDict

from django.db.models import QuerySet
from django.http import StreamingHttpResponse

from citations.engine import ReportDict, SentenceDict, SuggestionDict
from citations.models import Answer
from citations.selectors import answer_with_review, comments_prefetch

CHUNK = 500
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
# What the CSV's `sentences` cell keeps of each sentence: the verdict and its score, without
# the text and reason a spreadsheet cell would drown in (the JSONL has them).
CSV_SENTENCE_KEYS: Final = ("index", "status", "support", "suggestions")
# The dashboard's exports add the reviewers' discussion; a generator's (the API's) never has it.
COMMENTS_COLUMN: Final = "comments"


class SentenceRecord(TypedDict):
    index: int
    text: str
    status: str
    reason: str
    support: float | None
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
    # A report of engine 1.x has no support score or suggestions until `reverify`.
    return {
        "index": sentence["index"],
        "text": sentence["text"],
        "status": sentence["status"],
        "reason": sentence["reason"],
        "support": sentence.get("support"),
        "suggestions": sentence.get("suggestions", []),
    }


def _records(queryset: QuerySet[Answer], reviewers: bool, comments: bool) -> Iterator[AnswerRecord]:
    queryset = answer_with_review(queryset)
    if comments:
        queryset = queryset.prefetch_related(comments_prefetch())
    for answer in queryset.iterator(chunk_size=CHUNK):
        yield answer_record(answer, reviewers=reviewers, comments=comments)


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


def csv_lines(
    queryset: QuerySet[Answer], *, reviewers: bool = True, comments: bool = False
) -> Iterator[str]:
    writer = csv.writer(_Echo())
    yield writer.writerow(CSV_COLUMNS + ((COMMENTS_COLUMN,) if comments else ()))
    for record in _records(queryset, reviewers, comments):
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
        yield writer.writerow([_csv_safe(value) for value in row])


def jsonl_lines(
    queryset: QuerySet[Answer], *, reviewers: bool = True, comments: bool = False
) -> Iterator[str]:
    for record in _records(queryset, reviewers, comments):
        yield json.dumps(record, ensure_ascii=False) + "\n"


def streaming_export(
    queryset: QuerySet[Answer],
    fmt: str,
    filename: str,
    *,
    reviewers: bool = True,
    comments: bool = False,
) -> StreamingHttpResponse:
    """A download of `queryset` as `fmt` ("csv" or "jsonl"), streamed as it is produced."""
    lines = csv_lines if fmt == "csv" else jsonl_lines
    response = StreamingHttpResponse(
        lines(queryset, reviewers=reviewers, comments=comments), content_type=FORMATS[fmt]
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}.{fmt}"'
    response["X-Content-Type-Options"] = "nosniff"
    response["Cache-Control"] = "no-store"
    return response
