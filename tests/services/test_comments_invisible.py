"""A comment made only of characters nobody can see is refused, saying why (issue 22)."""

import pytest

from citations.models import Comment
from citations.services import CommentError, comment_add
from tests.factories import UserFactory, make_answer

pytestmark = pytest.mark.django_db

INVISIBLE = [
    "\u200b",  # zero-width space
    "\u200b\u200c\u200d\u2060\ufeff",  # zero-width (non-)joiners, word joiner, BOM
    "\u00a0\u3000\u2800",  # no-break space, ideographic space, braille blank
    "\u202e\u202c\u200e",  # bidi controls
    "\u3164\u115f\u1160\uffa0",  # Hangul fillers
    " \u200b\n\u00ad ",  # mixed with a soft hyphen and blanks
]


@pytest.mark.parametrize("body", INVISIBLE)
def test_a_comment_of_invisible_characters_is_refused(body):
    answer, rita = make_answer(), UserFactory(username="rita", groups=["reviewer"])
    with pytest.raises(CommentError, match="only invisible characters"):
        comment_add(answer=answer, author=rita, body=body)
    assert not Comment.objects.exists()


def test_invisible_characters_beside_visible_text_are_kept():
    answer, rita = make_answer(), UserFactory(username="rita", groups=["reviewer"])
    comment = comment_add(answer=answer, author=rita, body="\u200bsee [2]\u200d")
    assert comment.body == "\u200bsee [2]\u200d"
