"""The dashboard says why a comment of invisible characters was not posted (issue 22)."""

import pytest
from django.urls import reverse

from citations.models import Comment
from tests.web.conftest import HX, login

pytestmark = pytest.mark.django_db


def test_an_invisible_comment_is_refused_with_a_clear_message(client, reviewer, numeric_answer):
    login(client, reviewer)
    url = reverse("citations:answer_comment", args=[numeric_answer.pk])
    response = client.post(url, {"body": "\u200b\u2060\u200b"}, **HX)
    assert response.status_code == 422
    html = response.content.decode()
    assert "Comment not posted: " in html
    assert "only invisible characters" in html
    assert not Comment.objects.exists()
