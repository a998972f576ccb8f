"""Streamed exports: the first chunk before the rest is read, nothing read after the consumer
stops, keyset chunks in any queue order, resumable pages that miss and repeat nothing."""

import json

import pytest
from asgiref.sync import async_to_sync
from django.db import connection
from django.test.utils import CaptureQueriesContext

from benchmarks.seeding import answers_seed
from citations import export_bodies, exports
from citations.models import Answer
from citations.selectors.keyset import KeysetReader, key_of, keyset_chunks
from citations.selectors.queue import REVIEW_TAB_ORDER, SORT_ORDERS
from tests.factories import ApiClientFactory

TEMPLATE = {
    "question": "How long is annual leave?",
    "text": "Employees get 30 days of paid annual leave [1]. Overtime pays 300 percent [2].",
    "evidence": [
        {"text": "Employees are entitled to 30 days of paid annual leave per year."},
        {"text": "Overtime is paid at 150 percent of the regular hourly wage."},
    ],
}

pytestmark = pytest.mark.django_db(transaction=True)


def seed(count: int) -> None:
    answers_seed(client=ApiClientFactory(name="bulk"), templates=[TEMPLATE], count=count)


def test_an_async_export_closed_early_reads_no_further_chunk():
    seed(3 * 20)
    stream = exports.ExportStream(Answer.objects.order_by("id"), "jsonl", chunk=20)

    async def first_then_close():
        iterator = aiter(export_bodies.Async(stream))
        first = await anext(iterator)
        await iterator.aclose()  # what Django's cancellation does when the client leaves
        return first

    with CaptureQueriesContext(connection) as reads:
        first = async_to_sync(first_then_close)()
    assert len(first.splitlines()) == 20
    assert len(reads) == 4  # one chunk: ids, answers, decisions, verifications
    assert stream.reader.key[-1] == json.loads(first.splitlines()[-1])["id"]
    assert not stream.reader.done  # two chunks were never read


@pytest.mark.parametrize(
    "order",
    [*SORT_ORDERS.values(), *REVIEW_TAB_ORDER.values()],
    ids=[*SORT_ORDERS, *(str(k) for k in REVIEW_TAB_ORDER)],
)
def test_keyset_chunks_follow_every_queue_order_null_aware(order):
    seed(30)
    # Spread the order columns, NULLs included, so ties and NULLs both cross chunk bounds.
    for n, answer in enumerate(Answer.objects.order_by("id")):
        Answer.objects.filter(pk=answer.pk).update(
            severity=n % 3, min_support=None if n % 4 == 0 else (n % 5) / 10
        )
    queryset = Answer.objects.order_by(*order)
    expected = list(queryset.values_list("pk", flat=True))
    chunks = list(keyset_chunks(queryset, size=7))
    assert [pk for chunk in chunks for pk in chunk] == expected
    assert [len(chunk) for chunk in chunks] == [7, 7, 7, 7, 2]


def test_cursor_pages_cover_every_answer_once_while_answers_are_added():
    seed(25)
    client = Answer.objects.first().client
    newest_first = Answer.objects.filter(client=client).order_by("-created_at", "-id")
    before = set(newest_first.values_list("pk", flat=True))
    seen: list[int] = []
    after = None
    while True:
        reader = KeysetReader(newest_first, size=4, after=after, limit=10)
        next_cursor = reader.page_end(10)
        page = [pk for chunk in iter(reader.next_chunk, []) for pk in chunk]
        seen += page
        # Between pages, new answers arrive: newer than every cursor, so in no later page.
        answers_seed(client=client, templates=[TEMPLATE], count=3)
        if next_cursor is None:
            break
        assert page[-1] == next_cursor
        after = key_of(newest_first, next_cursor)
    assert len(seen) == len(set(seen)) == 25
    assert set(seen) == before
