# Answers an editor sent back get their own status, `returned` (they were `rejected`), and a
# completed review holds no claim any more.

from django.db import migrations, models

from citations.domain.review import review_state


def returned_status_and_no_claims(apps, schema_editor):
    Answer = apps.get_model("citations", "Answer")
    sent_back = Answer.objects.filter(
        review_status="rejected", decisions__sentence_start__isnull=True, decisions__action="return"
    ).distinct()
    for answer in sent_back.iterator():
        verification = answer.verifications.order_by("-created_at", "-id").first()
        decisions = list(answer.decisions.order_by("created_at", "id"))
        state = review_state(verification.report, verification.pk, decisions)
        Answer.objects.filter(pk=answer.pk).update(review_status=state.status)
    Answer.objects.filter(review_status__in=["approved", "rejected", "returned"]).update(
        claimed_by=None, claimed_at=None
    )


class Migration(migrations.Migration):
    # Each step commits on its own: on PostgreSQL the data step's updates of `claimed_by` leave
    # deferred foreign-key checks pending, and a table with pending checks cannot be altered.
    atomic = False

    dependencies = [
        ("citations", "0009_evidence_legal_units"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="answer",
            name="answer_review_status_valid",
        ),
        migrations.AlterField(
            model_name="answer",
            name="review_status",
            field=models.CharField(
                choices=[
                    ("clean", "Clean"),
                    ("needs_review", "Needs review"),
                    ("approved", "Approved"),
                    ("rejected", "Rejected"),
                    ("returned", "Returned"),
                ],
                default="clean",
                max_length=20,
            ),
        ),
        migrations.AddConstraint(
            model_name="answer",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    (
                        "review_status__in",
                        ["clean", "needs_review", "approved", "rejected", "returned"],
                    )
                ),
                name="answer_review_status_valid",
            ),
        ),
        migrations.RunPython(returned_status_and_no_claims, migrations.RunPython.noop, atomic=True),
        migrations.AddConstraint(
            model_name="answer",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("claimed_by__isnull", True),
                    models.Q(
                        ("review_status__in", ["approved", "rejected", "returned"]), _negated=True
                    ),
                    _connector="OR",
                ),
                name="answer_no_claim_when_completed",
            ),
        ),
    ]
