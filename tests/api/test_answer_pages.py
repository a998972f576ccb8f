"""The answer list's keyset pages: following `next` yields every answer once, newest first,
across ties on the creation time; `previous` walks back; a bad cursor, page size or a page
number is a 400 naming the parameter."""

import pytest
from django.utils import timezone

from benchmarks.seeding import answers_seed
from citations.models import Answer

from .payloads import ANSWERS

pytestmark = pytest.mark.django_db

TEMPLATE = {
    "text": "Employees get 30 days of paid annual leave [1].",
    "evidence": [{"text": "Employees are entitled to 30 days of paid annual leave per year."}],
}


@pytest.fixture
def eleven(client_api):
    client, api = client_api
    answers_seed(client=client, templates=[TEMPLATE], count=11)
    # Three share one creation time: the id breaks the tie, across page bounds.
    tied = list(Answer.objects.order_by("id").values_list("pk", flat=True)[3:6])
    Answer.objects.filter(pk__in=tied).update(created_at=timezone.now())
    return api


def ids(response) -> list[int]:
    assert response.status_code == 200, response.json()
    return [item["id"] for item in response.json()["results"]]


def test_next_links_yield_every_answer_once_newest_first(eleven):
    api = eleven
    newest_first = list(Answer.objects.order_by("-created_at", "-id").values_list("pk", flat=True))
    pages, response = [], api.get(ANSWERS, {"page_size": 4})
    assert response.json()["previous"] is None
    pages.append(ids(response))
    while url := response.json()["next"]:
        assert "page_size=4" in url
        response = api.get(url)
        pages.append(ids(response))
    assert [pk for page in pages for pk in page] == newest_first
    assert [len(page) for page in pages] == [4, 4, 3]
    back = api.get(response.json()["previous"])
    assert ids(back) == pages[1]
    assert ids(api.get(back.json()["previous"])) == pages[0]


def test_filters_hold_across_pages(eleven):
    api = eleven
    first = api.get(ANSWERS, {"page_size": 2, "status": "clean", "current": "true"})
    assert "status=clean" in first.json()["next"]
    assert len(ids(api.get(first.json()["next"]))) == 2


@pytest.mark.parametrize(
    "params, field",
    [
        ({"cursor": "garbage"}, "cursor"),
        ({"cursor": "eyJvIjoxLCJiIjowLCJrIjpbMSwyXX0:forged"}, "cursor"),
        ({"cursor": "c" * 2000}, "cursor"),
        ({"page_size": "0"}, "page_size"),
        ({"page_size": "101"}, "page_size"),
        ({"page_size": "many"}, "page_size"),
        ({"page": "2"}, "page"),
    ],
)
def test_bad_paging_is_a_400_naming_the_parameter(eleven, params, field):
    response = eleven.get(ANSWERS, params)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid" and set(body["errors"]) == {field}
