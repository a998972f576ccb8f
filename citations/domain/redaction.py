"""Which sentences a reviewed export leaves out."""

from collections.abc import Iterable

from citations.domain.statuses import DecisionAction, SentenceStatus


def sentences_left_out(flagged: Iterable[tuple[int, str, str | None]]) -> set[int]:
    """Indexes of the sentences the reviewed text leaves out, from (index, status, action in
    force or None) of each flagged sentence: rejected ones, and unsupported ones nobody
    approved. An uncited claim is advisory: it stays unless a reviewer rejected it."""
    left_out = set()
    for index, status, action in flagged:
        if action is None:
            if status == SentenceStatus.UNSUPPORTED:
                left_out.add(index)
        elif action != DecisionAction.APPROVE:
            left_out.add(index)
    return left_out
