"""Reads of the discussion of answers: comments in the order they were written."""

from django.db.models import Prefetch, QuerySet

from citations.models import Answer, Comment


def comment_list(*, answer: Answer | None = None) -> QuerySet[Comment]:
    """Comments oldest first with their authors; `answer` limits to that answer's thread."""
    queryset = Comment.objects.select_related("author").order_by("created_at", "id")
    return queryset.filter(answer=answer) if answer is not None else queryset


def comments_prefetch() -> Prefetch:
    """Every comment of each answer loaded in one query, whatever their number."""
    return Prefetch("comments", queryset=comment_list())
