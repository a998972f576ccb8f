"""Admin access (`is_staff`) is not a review role: only permissions (the groups, or a
superuser's all of them) decide what somebody may do on the dashboard (issue 22)."""

import pytest
from django.urls import reverse

from citations.models import Decision
from citations.roles import may, may_decide
from citations.selectors.queue import assignees
from tests.factories import UserFactory
from tests.web.conftest import login

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_only(db):
    """Somebody who may open the admin, and was given no review role."""
    return UserFactory(username="ada", is_staff=True)


def test_is_staff_alone_grants_no_review_permission(admin_only):
    assert not may(admin_only, "view_answer")
    assert not may(admin_only, "return_answer")
    assert not may_decide(admin_only, is_legal=True)


def test_staff_with_the_editor_role_and_superusers_keep_their_powers(db):
    staff_editor = UserFactory(username="sed", is_staff=True, groups=["editor"])
    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    for user in (staff_editor, root):
        assert may_decide(user, is_legal=True) and may(user, "return_answer")


def test_an_admin_without_a_role_may_not_use_the_dashboard(client, admin_only, legal_answer):
    login(client, admin_only)
    assert client.get(reverse("citations:answer_list")).status_code == 403
    response = client.post(
        reverse("citations:answer_decide", args=[legal_answer.pk]),
        {"action": "return", "note": "fix it"},
    )
    assert response.status_code == 403
    assert not Decision.objects.exists()


def test_an_admin_without_a_role_is_not_offered_as_an_assignee(admin_only, reviewer):
    assert list(assignees()) == [reviewer]
