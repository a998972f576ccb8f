"""What a flagged sentence's card reads from its item."""

from citations.models import Decision
from citations.web.presenters.answer_page import FlaggedItem


def test_the_action_in_force_is_empty_when_undecided():
    sentence = {"index": 3, "status": "unsupported"}
    undecided = FlaggedItem(number=1, sentence=sentence, decision=None, history=[])
    approved = FlaggedItem(
        number=1, sentence=sentence, decision=Decision(action="approve"), history=[]
    )
    assert (undecided.action, approved.action) == ("", "approve")
