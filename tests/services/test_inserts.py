"""`row_insert` (the submission's answer and verification rows) stores what the ORM's
`create` stores: the same columns, each prepared the same way, and a row the ORM then treats as
saved."""

import pytest
from django.db.models import NOT_PROVIDED
from django.db.models.signals import post_save, pre_save

from citations.models import Answer, Evidence, UnresolvedCitation, Verification
from citations.services import inserts
from citations.services.inserts import row_insert
from tests.factories import make_answer

pytestmark = pytest.mark.django_db

REPORT = {"engine": "x", "passed": False, "sentences": [{"text": "Ünïcode \u2028 [1]."}]}


def _stored(model, pk) -> dict:
    """Every column of the row as the database holds it, but its key."""
    return {**model.objects.filter(pk=pk).values().get(), "id": None}


@pytest.mark.parametrize(
    "fields",
    [
        {"engine_version": "3.11", "threshold": 0.5, "report": REPORT},
        {"engine_version": "", "threshold": 1e-9, "report": {}},
    ],
)
def test_a_verification_is_stored_as_create_stores_it(fields):
    answer = make_answer()
    by_orm = Verification.objects.create(answer=answer, **fields)
    inserted = row_insert(Verification(answer=answer, **fields))

    assert inserted.pk is not None and inserted.pk != by_orm.pk
    mine, orms = _stored(Verification, inserted.pk), _stored(Verification, by_orm.pk)
    assert mine.pop("created_at") >= orms.pop("created_at")
    assert mine == orms


def test_an_answer_is_stored_as_create_stores_it_and_reads_as_saved():
    template = make_answer(metadata={"run": 7, "tags": ["a", None]}, question="Why?")
    fields = {
        f.name: getattr(template, f.name)
        for f in Answer._meta.concrete_fields
        if not f.primary_key and f.name not in ("created_at", "external_id")
    }
    by_orm = Answer.objects.create(**fields, external_id="orm")
    inserted = row_insert(Answer(**fields, external_id="mine"))

    mine, orms = _stored(Answer, inserted.pk), _stored(Answer, by_orm.pk)
    assert (mine.pop("external_id"), orms.pop("external_id")) == ("mine", "orm")
    assert mine.pop("created_at") >= orms.pop("created_at")
    assert mine == orms
    assert not inserted._state.adding
    assert inserted.created_at == Answer.objects.get(pk=inserted.pk).created_at
    inserted.question = "Changed"
    inserted.save()  # an update of the row, not a second insert
    assert Answer.objects.get(pk=inserted.pk).question == "Changed"


def _evidence(answer, first: int, count: int) -> list[Evidence]:
    return [
        Evidence(
            answer=answer, position=first + i, text=f"Passage {i} \u00e9", law_aliases=["A", "B"]
        )
        for i in range(count)
    ]


def test_rows_are_stored_as_bulk_create_stores_them_in_batches_keys_in_order(monkeypatch):
    answer = make_answer(evidence=[])
    by_orm = Evidence.objects.bulk_create(_evidence(answer, 1, 5))
    monkeypatch.setattr(inserts, "MAX_BATCH", 2)  # three statements for five rows
    mine = inserts.rows_insert(_evidence(answer, 101, 5))

    assert [row.position for row in Evidence.objects.filter(pk__in=[r.pk for r in mine])] == [
        101, 102, 103, 104, 105
    ]  # fmt: skip
    for orm_row, my_row in zip(by_orm, mine, strict=True):
        assert Evidence.objects.get(pk=my_row.pk).position == my_row.position
        orms, stored = _stored(Evidence, orm_row.pk), _stored(Evidence, my_row.pk)
        assert stored.pop("position") == orms.pop("position") + 100
        assert stored == orms
    assert inserts.rows_insert([]) == []


@pytest.mark.parametrize(
    "model", [Answer, Evidence, Verification, UnresolvedCitation], ids=lambda m: m.__name__
)
def test_the_models_inserted_have_nothing_save_would_run_that_inserts_skips(model):
    """`rows_insert` skips save(): a save signal receiver, a parent model, a database default or
    a generated column on one of its models would be silently lost, so adding one fails here
    first (and the model goes back to the ORM's create)."""
    for signal in (pre_save, post_save):
        assert not signal.has_listeners(model), f"{model.__name__} has a {signal} receiver"
    assert not model._meta.parents
    for field in model._meta.concrete_fields:
        assert field.db_default is NOT_PROVIDED, field
        assert not field.generated, field
