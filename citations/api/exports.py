"""The API's exports: `citations.exports.streaming_export`, without reviewers' identities.

The shared export names the reviewer of each decision (the dashboard's staff need it); the API
never tells a client who reviewed its answers, so each streamed line loses the decisions'
`reviewer` key on the way out. Lines are rewritten one at a time: the stream stays a stream.
"""

import csv
import io
import json
from collections.abc import Iterable, Iterator

from django.db.models import QuerySet
from django.http import StreamingHttpResponse

from citations import exports

FILENAME = "answers"
DECISIONS_COLUMN = exports.CSV_COLUMNS.index("decisions")


def _anonymous(decisions: list[dict]) -> list[dict]:
    return [{k: v for k, v in d.items() if k != "reviewer"} for d in decisions]


def _jsonl(chunks: Iterable[bytes]) -> Iterator[str]:
    for chunk in chunks:
        record = json.loads(chunk)
        record["decisions"] = _anonymous(record["decisions"])
        yield json.dumps(record, ensure_ascii=False) + "\n"


class _Echo:
    def write(self, value: str) -> str:
        return value


def _csv(chunks: Iterable[bytes]) -> Iterator[str]:
    writer = csv.writer(_Echo())
    for number, chunk in enumerate(chunks):
        # exports.csv_lines yields exactly one row (header first) per chunk.
        [row] = csv.reader(io.StringIO(chunk.decode("utf-8"), newline=""))
        if number:
            decisions = json.loads(row[DECISIONS_COLUMN])
            row[DECISIONS_COLUMN] = json.dumps(_anonymous(decisions), ensure_ascii=False)
        yield writer.writerow(row)


def client_export(queryset: QuerySet, fmt: str) -> StreamingHttpResponse:
    """A streamed download of the client's `queryset` as `fmt` (a key of exports.FORMATS)."""
    response = exports.streaming_export(queryset, fmt, FILENAME)
    rewrite = _csv if fmt == "csv" else _jsonl
    response.streaming_content = rewrite(response.streaming_content)
    response["X-Content-Type-Options"] = "nosniff"
    response["Cache-Control"] = "no-store"
    return response
