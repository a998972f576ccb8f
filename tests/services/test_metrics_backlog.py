"""The review metrics' selectors: the backlog now (waiting, oldest, who has them), rejections
by reason, and each reviewer's workload."""

import pytest
from django.utils import timezone

from citations.models import Decision
from citations.selectors import metrics
from citations.services import decision_undo, rollups_rebuild
from tests.metrics_world import DAY1, DAY2, at, build_backlog

pytestmark = pytest.mark.django_db


@pytest.fixture
def backlog_world():
    return build_backlog(timezone.now())


def test_the_backlog_is_now_whatever_the_range(backlog_world):
    backlog = metrics.review_backlog(metrics.Filters(DAY2, DAY2), now=backlog_world["now"])
    assert backlog.waiting == 6
    assert backlog.oldest == at(DAY1)
    # waiting[3] (lapsed claim), waiting[4] and beta's: nobody on them.
    assert backlog.unattended == 3
    assert backlog.by_reviewer == {"rita": (2, 1), "otto": (1, 0)}
    assert list(backlog.by_reviewer) == ["rita", "otto"]  # most waiting first


def test_the_backlog_of_one_client(backlog_world):
    filters = metrics.Filters(DAY1, DAY2, client=backlog_world["beta"])
    backlog = metrics.review_backlog(filters, now=backlog_world["now"])
    assert (backlog.waiting, backlog.unattended, backlog.by_reviewer) == (1, 1, {})
    assert backlog.oldest == at(DAY2)


def test_an_empty_backlog():
    backlog = metrics.review_backlog(metrics.Filters(DAY1, DAY2))
    assert (backlog.waiting, backlog.oldest, backlog.unattended, backlog.by_reviewer) == (
        0,
        None,
        0,
        {},
    )


def test_rejections_by_reason_count_older_ones_as_no_reason(metrics_world):
    rejects = Decision.objects.filter(action="reject").order_by("id")
    Decision.objects.filter(pk=rejects[0].pk).update(reject_reason="wrong_number")
    Decision.objects.filter(pk=rejects[1].pk).update(reject_reason="other", note="see thread")
    rollups_rebuild()  # the reasons were set behind the services
    counts = metrics.rejections_by_reason(metrics.Filters(DAY1, DAY2))
    assert counts == {
        "wrong_number": 1,
        "wrong_source": 0,
        "fabricated_citation": 0,
        "not_in_evidence": 0,
        "other": 1,
        "": 1,
    }
    assert sum(metrics.rejections_by_reason(metrics.Filters(DAY1, DAY1)).values()) == 0


def test_workload_splits_approvals_and_rejections(metrics_world):
    workload = metrics.reviewer_workload(metrics.Filters(DAY1, DAY2))
    assert workload == [
        metrics.Workload("alice", decisions=3, approved=2, rejected=1, answers=3),
        metrics.Workload("bob", decisions=2, approved=0, rejected=2, answers=2),
    ]


def test_an_undo_and_what_it_took_back_are_not_counted(metrics_world):
    # bob takes back his rejection of b1's sentence: alice's approval is in force again.
    decision_undo(answer=metrics_world["b1"], reviewer=metrics_world["bob"])
    Decision.objects.filter(action="undo").update(created_at=at(DAY2, 13))
    filters = metrics.Filters(DAY1, DAY2)
    assert sum(metrics.rejections_by_reason(filters).values()) == 2
    assert metrics.reviewer_workload(filters) == [
        metrics.Workload("alice", decisions=3, approved=2, rejected=1, answers=3),
        metrics.Workload("bob", decisions=1, approved=0, rejected=1, answers=1),
    ]
