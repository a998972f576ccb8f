"""The queue's rows, built in Python (web.rendering.queue_rows), read as the template that
built them before did, whitespace aside, in every branch of a row."""

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.template import engines
from django.utils.timesince import timesince

from citations.models import Answer, ApiClient
from citations.web.rendering.icons import icon
from citations.web.rendering.queue_rows import queue_rows
from citations.web.views.queue import waited

# The row as the queue's template wrote it (its icon tag and age filter given as values).
TEMPLATE_ROW = (Path(__file__).parent / "queue_row_template.html").read_text()

NOW = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)
ME, OTHER = User(pk=1, username="me"), User(pk=2, username="<b>edna</b>")


def answer(pk: int, **fields) -> Answer:
    values = {
        "question": f"Question {pk} & <more>",
        "text": "Text " * 60,
        "review_status": "needs_review",
        "created_at": NOW - timedelta(hours=pk),
        "min_support": 0.4567,
        "verified_count": 2,
        "unsupported_count": 1,
        "uncited_count": 0,
        "flagged_count": 3,
        "decided_count": 0,
        "revision": 1,
        "is_legal": False,
    }
    return Answer(pk=pk, client=ApiClient(pk=1, name="Acme & Co"), **(values | fields))


ROWS = [
    (answer(1), None),
    (answer(2, question="", min_support=None, verified_count=0), ME),
    (answer(3, min_support=0.0, is_legal=True, revision=3, decided_count=1), OTHER),
    (answer(4, assigned_to=ME, min_support=0.125), OTHER),
    (answer(5, assigned_to=OTHER, question="x" * 300), ME),
    (answer(6, review_status="approved", created_at=NOW - timedelta(days=3)), None),
    (answer(7, review_status="returned", created_at=NOW - timedelta(seconds=5)), None),
]


def normalised(html: str) -> str:
    return " ".join(html.split())


@pytest.mark.parametrize("sort", ["severity", "age"])
def test_the_rows_read_as_the_template_wrote_them(sort):
    items = [
        {"answer": a, "claimer": claimer, "waited": waited(a.created_at, NOW)}
        for a, claimer in ROWS
    ]
    picked = {3, 6}
    template = engines["django"].from_string(TEMPLATE_ROW)
    context = {
        "items": [item | {"age": age(item["answer"].created_at)} for item in items],
        "user": ME,
        "now": NOW,
        "sort": sort,
        "picked": picked,
        "check": icon("check"),
        "cross": icon("cross"),
        "question": icon("question"),
    }
    expected = normalised(template.render(context))
    built = normalised(queue_rows(items, user=ME, now=NOW, sort=sort, picked=picked))
    assert built == expected
    assert built.count('class="row-title"') == len(ROWS)
    assert "&lt;b&gt;edna&lt;/b&gt;" in built and "<b>edna" not in built


def age(value) -> str:
    """The dashboard's former `age` filter, as the template applied it."""
    since = timesince(value, NOW, depth=1)
    return "just now" if since.startswith("0\xa0") else f"{since} ago"
