"""The database refuses rows that break the model's invariants, whoever writes them."""

import pytest
from django.contrib.auth.models import Group
from django.db import IntegrityError, transaction

from citations.models import Answer, Decision
from citations.services import answer_revise
from tests.factories import WRONG, UserFactory, make_answer


def _decision(answer, **fields) -> dict:
    return {
        "answer": answer,
        "verification": answer.verifications.latest(),
        "reviewer": UserFactory(),
        "action": "reject",
        **fields,
    }


@pytest.mark.django_db
@pytest.mark.parametrize(
    "fields",
    [
        {"sentence_index": 0, "sentence_start": None},
        {"sentence_index": None, "sentence_start": 0},
        {"action": "return", "sentence_index": 0, "sentence_start": 0},
        {"action": "shrug"},
    ],
    ids=["index-without-start", "start-without-index", "return-on-a-sentence", "unknown-action"],
)
def test_decisions_that_break_an_invariant_are_refused(fields):
    answer = make_answer(text=WRONG)
    with pytest.raises(IntegrityError), transaction.atomic():
        Decision.objects.create(**_decision(answer, **fields))


@pytest.mark.django_db
def test_a_whole_answer_return_is_accepted():
    answer = make_answer(text=WRONG)
    Decision.objects.create(**_decision(answer, action="return"))
    assert answer.decisions.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    "change",
    [
        {"revision": 2},
        {"review_status": "maybe"},
        {"citation_style": "apa"},
        {"severity": 7},
    ],
    ids=["later-revision-without-links", "unknown-status", "unknown-style", "unknown-severity"],
)
def test_answers_that_break_an_invariant_are_refused(change):
    answer = make_answer(text=WRONG)
    with pytest.raises(IntegrityError), transaction.atomic():
        Answer.objects.filter(pk=answer.pk).update(**change)


@pytest.mark.django_db
def test_a_lineage_has_one_current_revision():
    original = make_answer(text=WRONG)
    revision = answer_revise(answer=original, text="Employees get 30 days of leave [1].")
    with pytest.raises(IntegrityError), transaction.atomic():
        Answer.objects.filter(pk=original.pk).update(is_current=True)
    assert list(Answer.objects.current().values_list("pk", flat=True)) == [revision.pk]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("group", "codenames"),
    [
        ("reviewer", {"view_answer", "decide_answer"}),
        (
            "editor",
            {
                "view_answer",
                "decide_answer",
                "decide_legal_answer",
                "return_answer",
                "revise_answer",
            },
        ),
    ],
)
def test_the_migration_creates_the_role_groups(group, codenames):
    permissions = Group.objects.get(name=group).permissions.values_list("codename", flat=True)
    assert set(permissions) == codenames
