"""`answer_data` renders on fields an earlier rendering built: each answer and request as a
fresh `AnswerSerializer` renders it, nothing carried from the one before; the answers' links are
made once per rendering and route, and are what reversing each answer's routes gives."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.urls import reverse, set_script_prefix
from rest_framework.test import APIRequestFactory

from citations import selectors
from citations.api.serializers import AnswerSerializer, answer_data, review_path
from citations.models import Answer
from citations.services import decision_record
from tests.api.payloads import ANSWERS, body
from tests.factories import UserFactory, make_answer

pytestmark = pytest.mark.django_db


def _read(answer: Answer) -> Answer:
    queryset = selectors.answer_with_current_revision(
        selectors.answer_with_details(Answer.objects.filter(pk=answer.pk))
    )
    return queryset.get()


def _context(host: str) -> dict:
    return {"request": APIRequestFactory().get("/", HTTP_HOST=host)}


def test_each_answer_and_request_renders_as_a_fresh_serializer_renders_it():
    decided = make_answer(text="Employees get 30 days of leave [1]. Staff may fly [9].")
    decision_record(
        answer=decided,
        reviewer=UserFactory(),
        action="reject",
        sentence_index=1,
        reject_reason="not_in_evidence",
    )
    plain = make_answer()
    cases = [(_read(decided), "localhost:8001"), (_read(plain), "testserver:8002")] * 2

    for answer, host in cases:
        fresh = AnswerSerializer(answer, context=_context(host)).data
        assert answer_data(answer, context=_context(host)) == fresh
        assert fresh["url"].startswith(f"http://{host}/")


def test_threads_render_side_by_side_each_with_its_own_request():
    answer = _read(make_answer())
    hosts = [f"localhost:{8000 + i}" for i in range(8)] * 4

    with ThreadPoolExecutor(max_workers=8) as pool:
        urls = list(pool.map(lambda h: answer_data(answer, context=_context(h))["url"], hosts))

    assert urls == [f"http://{h}/api/v1/answers/{answer.pk}/" for h in hosts]


def test_a_list_page_links_every_answer_as_reversing_its_own_routes_would(api):
    for _ in range(3):
        assert api.post(ANSWERS, body(), format="json").status_code == 201

    items = api.get(ANSWERS).json()["results"]

    assert len(items) == 3
    for item in items:
        pk = item["id"]
        assert item["url"] == f"http://testserver{reverse('api:answer-detail', args=[pk])}"
        assert item["revisions_url"] == (
            f"http://testserver{reverse('api:answer-revisions', args=[pk])}"
        )
        assert item["review_url"] == f"http://testserver{review_path(pk)}"


def test_links_follow_the_script_prefix_of_the_request():
    answer = _read(make_answer())
    set_script_prefix("/verifier/")
    try:
        data = answer_data(answer, context=_context("localhost"))
    finally:
        set_script_prefix("/")

    assert data["url"] == f"http://localhost/verifier/api/v1/answers/{answer.pk}/"
    assert (
        data["revisions_url"] == f"http://localhost/verifier/api/v1/answers/{answer.pk}/revisions/"
    )
