"""Handing answers out and the queue's other bulk actions: assign (or unassign) answers to a
reviewer, release claims on many answers at once.

An assignment says who should review an answer; unlike a claim it does not lapse. Only staff
and editors assign (they know who may decide what), and only to somebody who may decide each
answer: a reviewer is never assigned a legal answer.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from citations.domain.statuses import COMPLETED_STATUSES
from citations.models import Answer
from citations.roles import may_assign, may_decide


class AssignmentError(Exception):
    """Answers that cannot go to this assignee; the message says which and why."""


def _ids(answers: Iterable) -> list[int]:
    return sorted({a if isinstance(a, int) else a.pk for a in answers})


def _listed(pks: list[int]) -> str:
    shown = ", ".join(str(pk) for pk in pks[:10])
    return shown + (f" and {len(pks) - 10} more" if len(pks) > 10 else "")


def _problems(answers: list[Answer], ids: list[int], assignee) -> list[str]:
    found = {a.pk for a in answers}
    problems = []
    if missing := [pk for pk in ids if pk not in found]:
        problems.append(f"no such answers: {_listed(missing)}")
    if superseded := [a.pk for a in answers if not a.is_current]:
        problems.append(f"superseded by a revision: {_listed(superseded)}")
    if done := [a.pk for a in answers if a.review_status in COMPLETED_STATUSES]:
        problems.append(f"review already over: {_listed(done)}")
    if assignee is None:
        return problems
    name = assignee.get_username()
    if not assignee.is_active:
        return [*problems, f"{name}'s account is disabled"]
    if not may_decide(assignee, is_legal=False) and not may_decide(assignee, is_legal=True):
        return [*problems, f"{name} may not decide answers"]
    for legal, kind in ((True, "legal"), (False, "non-legal")):
        refused = [a.pk for a in answers if a.is_legal is legal]
        if refused and not may_decide(assignee, is_legal=legal):
            problems.append(f"{name} may not decide {kind} answers: {_listed(refused)}")
    return problems


@transaction.atomic
def answer_assign(*, answers: Iterable, assignee, by) -> int:
    """Assign `answers` (answers or ids) to `assignee`, or unassign them when it is None.

    All or nothing: the rows are locked (in id order, so two assigners cannot deadlock), every
    answer is checked, and any problem raises AssignmentError naming the answers and the
    reason, with nothing changed. Returns how many answers were assigned.
    """
    if not may_assign(by):
        raise PermissionDenied("Only editors and staff assign answers.")
    ids = _ids(answers)
    if not ids:
        raise AssignmentError("Tick at least one answer first.")
    locked = list(
        Answer.objects.select_for_update()
        .filter(pk__in=ids)
        .order_by("pk")
        .only("pk", "is_current", "is_legal", "review_status")
    )
    if problems := _problems(locked, ids, assignee):
        raise AssignmentError("Nothing was assigned: " + "; ".join(problems) + ".")
    when = timezone.now() if assignee is not None else None
    return Answer.objects.filter(pk__in=ids).update(assigned_to=assignee, assigned_at=when)


@dataclass(frozen=True)
class ClaimsReleased:
    released: int
    # Live claims held by somebody else, left alone (only superusers release others' claims).
    kept: int


@transaction.atomic
def claims_release_selected(*, answers: Iterable, by) -> ClaimsReleased:
    """Release the claims on `answers` that `by` may release: their own, or any for a
    superuser ("Staff" on the dashboard; `is_staff` alone is no role)."""
    held = Answer.objects.filter(pk__in=_ids(answers), claimed_by__isnull=False)
    kept = 0 if by.is_superuser else held.exclude(claimed_by=by).count()
    mine = held if by.is_superuser else held.filter(claimed_by=by)
    released = mine.update(claimed_by=None, claimed_at=None)
    return ClaimsReleased(released=released, kept=kept)
