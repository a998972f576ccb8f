"""The queue says what it is sorted by, names a selection's export for the selection, keeps
skipped answers within reach and shows the day's progress (issue 22)."""

import re
from functools import partial

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from citations.models import Answer
from citations.selectors import queue as queue_selectors
from citations.services import decision_record
from tests.factories import make_answer
from tests.html import element
from tests.web.conftest import HX, login
from tests.web.test_queue import CLEAN, QUEUE, UNSUPPORTED

pytestmark = pytest.mark.django_db


def text(html: str) -> str:
    """What a reader sees of `html`: its text, whitespace collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_an_export_of_ticked_rows_is_named_for_the_selection(client, reviewer):
    login(client, reviewer)
    picked = [make_answer(text=UNSUPPORTED, question=f"q{n}") for n in range(3)]
    response = client.post(QUEUE, {"action": "export_csv", "ids": [a.pk for a in picked]})
    download = client.get(response["Location"])
    disposition = download["Content-Disposition"]
    assert 'filename="answers-selected-3-' in disposition
    assert "answers-all-" not in disposition


def test_the_subtitle_states_the_order_of_each_sort(client, reviewer):
    make_answer(text=UNSUPPORTED)
    login(client, reviewer)
    severity = element(client.get(QUEUE).content.decode(), id="queue-order")
    assert "the weakest support score first" in severity
    assert "unsupported" in severity and "uncited" in severity
    age = element(client.get(QUEUE, {"sort": "age"}, **HX).content.decode(), id="queue-order")
    assert "waiting longest first" in age
    by_client = element(client.get(QUEUE, {"sort": "client"}).content.decode(), id="queue-order")
    assert "client name" in by_client


def test_each_row_shows_its_weakest_support(client, reviewer):
    answer = make_answer(text=UNSUPPORTED)
    uncited = make_answer(text="Managers approve every request in writing before it starts.")
    login(client, reviewer)
    html = client.get(QUEUE).content.decode()
    row = element(html, **{"data-answer": str(answer.pk)})
    assert "weakest support 0: a citation fails" in text(row)  # 45 days: the passage says 30
    assert "1 unsupported" in text(row)
    assert "no cited sentence" in element(html, **{"data-answer": str(uncited.pk)})


def leave(client, answer):
    """Open `answer` through "next" and skip it with "next answer"."""
    return client.post(reverse("citations:answer_next"), {"after": answer.pk})


def test_a_skipped_answer_is_offered_again_once_only_skipped_ones_remain(client, reviewer):
    first, second = make_answer(text=UNSUPPORTED), make_answer(text=UNSUPPORTED)
    login(client, reviewer)
    nxt = reverse("citations:answer_next")
    assert client.post(nxt)["Location"].endswith(f"/answers/{first.pk}/")
    assert leave(client, first)["Location"].endswith(f"/answers/{second.pk}/")
    # The second one is decided; only the skipped first one remains.
    decision_record(answer=second, reviewer=reviewer, action="approve", sentence_index=0)
    response = leave(client, second)
    assert response["Location"] == QUEUE
    html = client.get(QUEUE).content.decode()
    banner = element(html, id="skipped")
    assert "1 skipped \u2013 review it" in text(banner)
    assert "Nothing left to review" not in html
    # n (the page's "next" form) offers it again.
    assert client.post(nxt)["Location"].endswith(f"/answers/{first.pk}/")


def test_no_skipped_banner_while_new_answers_wait(client, reviewer):
    first, _second = make_answer(text=UNSUPPORTED), make_answer(text=UNSUPPORTED)
    login(client, reviewer)
    client.post(reverse("citations:answer_next"))
    leave(client, first)
    assert 'id="skipped"' not in client.get(QUEUE).content.decode()


def test_the_days_progress_is_shown(client, reviewer):
    answers = [make_answer(text=UNSUPPORTED) for _ in range(3)]
    make_answer(text=CLEAN)  # nothing to decide: not counted
    decision_record(answer=answers[0], reviewer=reviewer, action="approve", sentence_index=0)
    login(client, reviewer)
    progress = element(client.get(QUEUE).content.decode(), id="progress")
    assert "1 of 3 decided today" in text(progress)


# Support 0.600 reaches the cut, but the passage says 30 days; "Managers ..." scores 0.282.
VETOED = "Employees are entitled to 31 days of paid annual leave per year [1]."
LOW = "Managers approve every overtime request in writing [2]."


def test_a_row_whose_sentence_is_refused_whatever_its_score_says_why_and_comes_first(
    client, reviewer
):
    low, vetoed = make_answer(text=LOW), make_answer(text=VETOED)
    assert (low.min_support, vetoed.min_support) == (0.282, 0.0)
    login(client, reviewer)
    html = client.get(QUEUE).content.decode()
    row = text(element(html, **{"data-answer": str(vetoed.pk)}))
    assert "0.60" not in row
    assert "weakest support 0: a citation fails or a passage says otherwise" in row
    assert html.index(f'data-answer="{vetoed.pk}"') < html.index(f'data-answer="{low.pk}"')


def test_the_days_progress_counts_the_waiting_ones_up_to_the_cap(client, reviewer, monkeypatch):
    """The waiting answers are counted as the tabs are, up to a cap ("n+"): one count of all
    of them read every answer of the scope on each queue page (220 ms at 100,000)."""
    answers = [make_answer(text=UNSUPPORTED) for _ in range(4)]
    decision_record(answer=answers[0], reviewer=reviewer, action="approve", sentence_index=0)
    since = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    exact = queue_selectors.progress_today(user=reviewer, since=since)
    assert exact == {"decided": 1, "total": 4, "more": False}
    capped = queue_selectors.progress_today(user=reviewer, since=since, cap=2)
    assert capped == {"decided": 1, "total": 3, "more": True}
    original = queue_selectors.progress_today
    monkeypatch.setattr(queue_selectors, "progress_today", partial(original, cap=2))
    login(client, reviewer)
    progress = element(client.get(QUEUE).content.decode(), id="progress")
    assert "1 of 3+ decided today" in text(progress)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the partial index is PostgreSQL's")
def test_the_days_decided_count_reads_the_days_rows_by_index(reviewer):
    """Without migration 0020's index the count read every finished review of the scope."""
    answer = make_answer(text=UNSUPPORTED)
    decision_record(answer=answer, reviewer=reviewer, action="approve", sentence_index=0)
    since = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    decided = Answer.objects.current().filter(review_completed_at__gte=since).values("pk")
    sql, params = decided.order_by().query.sql_with_params()
    with connection.cursor() as cursor:
        # A test table is tiny: take the sequential scan off so the plan shows the index can
        # serve the range at all.
        cursor.execute("ANALYZE citations_answer")
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("EXPLAIN " + sql, params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "answer_decided_at" in plan, plan
