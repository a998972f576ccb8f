"""The discussion of an answer: comments appended to its thread or to one sentence's thread.

Anyone who may view an answer may comment on it, also a reviewer on a legal answer they may
not decide: discussing a case with an editor is how they escalate it. The views check that.
"""

import unicodedata

from django.db import transaction

from citations.domain.review import sentence_at
from citations.engine import ReportDict
from citations.models import Answer, Comment

COMMENT_MAX_CHARS = 2000

# Characters that paint nothing although Unicode does not call them spaces or format marks:
# the braille blank and the Hangul fillers (used to fake an empty name or message).
_BLANK_LOOKING = frozenset("\u2800\u3164\u115f\u1160\uffa0")
# Separators (Z*), controls (Cc) and format characters (Cf: zero-width spaces and joiners,
# bidi controls, the soft hyphen, the BOM).
_INVISIBLE_CATEGORIES = ("Z", "Cc", "Cf")


def _visible(char: str) -> bool:
    return char not in _BLANK_LOOKING and not unicodedata.category(char).startswith(
        _INVISIBLE_CATEGORIES
    )


class CommentError(Exception):
    """A comment that cannot be added (empty, too long, or about a sentence that is not there)."""


def comment_body_clean(body: str) -> str:
    """The body as stored: line breaks as LF, no blanks around it; CommentError when it is
    empty, only invisible characters, or longer than COMMENT_MAX_CHARS."""
    body = body.replace("\r\n", "\n").replace("\r", "\n").strip()
    if not body:
        raise CommentError("A comment cannot be empty.")
    if not any(_visible(char) for char in body):
        # It would post as an empty-looking entry in a thread others read.
        raise CommentError(
            "A comment needs text others can see: this one is only invisible characters "
            "(zero-width or blank spaces)."
        )
    if "\x00" in body:  # PostgreSQL refuses NUL in text; nobody types one
        raise CommentError("The comment contains a NUL character.")
    if len(body) > COMMENT_MAX_CHARS:
        raise CommentError(
            f"A comment has at most {COMMENT_MAX_CHARS:,} characters; this one has {len(body):,}."
        )
    return body


@transaction.atomic
def comment_add(*, answer: Answer, author, body: str, sentence_index: int | None = None) -> Comment:
    """Append `author`'s comment to the answer's thread, or to sentence `sentence_index`'s.

    The sentence must be one of the newest verification's; it is named by start offset and text,
    as a decision names it, so the comment stays with that sentence across re-verifications.
    """
    body = comment_body_clean(body)
    start, text = None, ""
    if sentence_index is not None:
        report: ReportDict = answer.verifications.latest().report
        sentence = sentence_at(report, sentence_index)
        if sentence is None:
            raise CommentError(
                f"The answer has no sentence {sentence_index + 1}: "
                f"it has {len(report['sentences'])}."
            )
        start, text = sentence["start"], sentence["text"]
    return Comment.objects.create(
        answer=answer,
        sentence_index=sentence_index,
        sentence_start=start,
        sentence_text=text,
        author=author,
        body=body,
    )
