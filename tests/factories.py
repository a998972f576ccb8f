"""factory_boy factories. Answers are made through the service, so they are really verified."""

import factory
from django.contrib.auth.models import Group, Permission, User

from citations.models import ApiClient
from citations.services import answer_create
from citations.web.permissions import ROLE_PERMISSIONS


class ApiClientFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ApiClient
        django_get_or_create = ("name",)

    name = factory.Sequence(lambda n: f"generator-{n}")


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("correct horse battery staple")

    @factory.post_generation
    def groups(self, create, extracted, **kwargs):
        for name in extracted or ():
            group, created = Group.objects.get_or_create(name=name)
            if name in ROLE_PERMISSIONS and (created or not group.permissions.exists()):
                # A transactional test flushed the groups the migration made: as it made them.
                group.permissions.set(
                    Permission.objects.filter(
                        content_type__app_label="citations", codename__in=ROLE_PERMISSIONS[name]
                    )
                )
            self.groups.add(group)


# Sentences over LEAVE_EVIDENCE: one the passage contradicts (unsupported), one it supports.
WRONG = "Employees get 45 days of paid annual leave [1]."
FIXED = "Employees get 30 days of paid annual leave [1]."

LEAVE_EVIDENCE = [
    {"text": "Employees are entitled to 30 days of paid annual leave per year.", "title": "Leave"},
    {"text": "Overtime is paid at 150 percent of the regular hourly wage.", "title": "Overtime"},
]


def make_answer(
    *,
    client: ApiClient | None = None,
    text: str = (
        "Employees get 30 days of paid annual leave [1]. Overtime is paid at 150 percent [2]."
    ),
    evidence: list[dict] | None = None,
    **kwargs,
):
    answer, _ = answer_create(
        client=client or ApiClientFactory(),
        text=text,
        evidence=LEAVE_EVIDENCE if evidence is None else evidence,
        **kwargs,
    )
    return answer
