"""The answer page's links to its own views: reversed once per response, however many flagged
sentences' cards repeat them, and carried by every fragment htmx swaps in."""

import re
from unittest import mock

import pytest
from django.urls import URLResolver, reverse

from tests.factories import make_answer
from tests.web.conftest import HX, login
from tests.web.test_queries import BLOCK, EVIDENCE

pytestmark = pytest.mark.django_db

# A link or form with no address before its query: a fragment rendered without the links.
EMPTY_LINK = re.compile(r'\s(?:href|action|hx-get|hx-post|data-evidence-url)="(?:\?[^"]*)?"')


def reversals(client, url: str) -> int:
    """How many URLs the response to a GET of `url` reversed."""
    calls = 0
    reverse_with_prefix = URLResolver._reverse_with_prefix

    def counted(self, *args, **kwargs):
        nonlocal calls
        calls += 1
        return reverse_with_prefix(self, *args, **kwargs)

    with mock.patch.object(URLResolver, "_reverse_with_prefix", counted):
        assert client.get(url).status_code == 200
    return calls


def test_links_are_reversed_once_whatever_the_number_of_cards(client, reviewer):
    login(client, reviewer)
    one, many = (make_answer(text=BLOCK * blocks, evidence=EVIDENCE) for blocks in (1, 30))
    assert one.flagged_count == 2 and many.flagged_count == 60
    detail = "citations:answer_detail"
    assert reversals(client, reverse(detail, args=[one.pk])) == reversals(
        client, reverse(detail, args=[many.pk])
    )


def test_every_fragment_carries_the_links(client, reviewer):
    login(client, reviewer)
    answer = make_answer(text=BLOCK * 70, evidence=EVIDENCE)  # 210 sentences: two parts
    links = {
        name: reverse(f"citations:answer_{name}", args=[answer.pk])
        for name in ("detail", "evidence", "decide", "comment")
    }
    fragments = {
        "part": client.get(links["detail"], {"from": 200}, **HX),
        "evidence": client.get(links["evidence"], {"s": 1}, **HX),
        "comment": client.post(links["comment"], {"body": "Look", "sentence": 1}, **HX),
        "decision": client.post(links["decide"], {"action": "approve", "sentence": 1}, **HX),
    }
    for name, response in fragments.items():
        html = response.content.decode()
        assert response.status_code == 200, name
        assert any(link in html for link in links.values()), name
        assert not EMPTY_LINK.findall(html), name
