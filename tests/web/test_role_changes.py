"""The role check (citations.roles.may): a role given or taken away counts from the user's
next request, and roles come from the user's own permissions as well as its groups'."""

import pytest
from django.contrib.auth.models import Group, Permission
from django.urls import reverse

from citations.roles import may
from tests.factories import UserFactory
from tests.web.conftest import login

pytestmark = pytest.mark.django_db

QUEUE = reverse("citations:answer_list")
CODENAMES = ("view_answer", "decide_answer", "decide_legal_answer", "return_answer")


def permission(codename: str) -> Permission:
    return Permission.objects.get(content_type__app_label="citations", codename=codename)


def test_a_role_taken_away_counts_from_the_next_request(client, reviewer):
    login(client, reviewer)
    assert client.get(QUEUE).status_code == 200
    reviewer.groups.clear()
    assert client.get(QUEUE).status_code == 403
    reviewer.groups.add(Group.objects.get(name="reviewer"))
    assert client.get(QUEUE).status_code == 200


def test_a_permission_taken_from_the_group_counts_from_the_next_request(client, reviewer):
    login(client, reviewer)
    assert client.get(QUEUE).status_code == 200
    Group.objects.get(name="reviewer").permissions.remove(permission("view_answer"))
    assert client.get(QUEUE).status_code == 403


def test_a_permission_given_to_the_user_itself_counts(client):
    person = UserFactory()
    login(client, person)
    assert client.get(QUEUE).status_code == 403
    person.user_permissions.add(permission("view_answer"))
    assert client.get(QUEUE).status_code == 200


@pytest.mark.parametrize(
    ("groups", "active", "superuser"),
    [
        ([], True, False),
        (["reviewer"], True, False),
        (["editor"], True, False),
        (["reviewer"], False, False),
        ([], True, True),
        ([], False, True),
    ],
)
def test_it_agrees_with_djangos_has_perm(groups, active, superuser):
    person = UserFactory(groups=groups, is_active=active, is_superuser=superuser)
    person.user_permissions.add(permission("return_answer"))
    for codename in CODENAMES:
        assert may(person, codename) == person.has_perm(f"citations.{codename}")
