"""An answer an editor sent back stays returned until an editor decides otherwise (issue 22)."""

import pytest
from django.urls import reverse

from citations.models import Answer
from citations.services import decision_record
from tests.web.conftest import HX, login

pytestmark = pytest.mark.django_db


@pytest.fixture
def returned(numeric_answer, editor):
    decision_record(answer=numeric_answer, reviewer=editor, action="return", note="cite it")
    return numeric_answer


def test_a_reviewer_is_not_offered_decisions_on_a_returned_answer(client, reviewer, returned):
    login(client, reviewer)
    html = client.get(reverse("citations:answer_detail", args=[returned.pk])).content.decode()
    assert "edna sent this answer back to its generator" in html
    assert 'name="action" value="approve"' not in html


def test_a_reviewers_posted_decision_on_a_returned_answer_is_refused(client, reviewer, returned):
    login(client, reviewer)
    url = reverse("citations:answer_decide", args=[returned.pk])
    response = client.post(url, {"action": "approve", "sentence": 1}, **HX)
    assert response.status_code == 403
    assert Answer.objects.get(pk=returned.pk).review_status == "returned"


def test_an_editor_still_decides_a_returned_answer(client, editor, returned):
    login(client, editor)
    html = client.get(reverse("citations:answer_detail", args=[returned.pk])).content.decode()
    assert 'name="action" value="approve"' in html
