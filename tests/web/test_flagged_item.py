"""What a flagged sentence's card reads from its item, and the answer page's names at rest."""

import pytest
from django.urls import reverse

from citations.models import Decision
from citations.web.presenters.answer_page import FlaggedItem
from citations.web.views.common import PAGE_AT_REST
from tests.factories import make_answer
from tests.web.conftest import login
from tests.web.test_queue import UNSUPPORTED


def test_the_action_in_force_is_empty_when_undecided():
    sentence = {"index": 3, "status": "unsupported"}
    undecided = FlaggedItem(number=1, sentence=sentence, decision=None, history=[])
    approved = FlaggedItem(
        number=1, sentence=sentence, decision=Decision(action="approve"), history=[]
    )
    assert (undecided.action, approved.action) == ("", "approve")


@pytest.mark.django_db
def test_the_answer_page_sets_what_fragments_and_refused_forms_set(client, reviewer):
    """At rest, so the template never looks up a missing name (an exception each time)."""
    answer = make_answer(text=UNSUPPORTED, question="plain one")
    login(client, reviewer)
    context = client.get(reverse("citations:answer_detail", args=[answer.pk])).context
    assert {name: context[name] for name in PAGE_AT_REST} == PAGE_AT_REST
