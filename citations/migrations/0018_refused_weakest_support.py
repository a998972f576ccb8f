from django.db import migrations
from django.db.models import OuterRef, Subquery

BATCH = 500


def recount(apps, schema_editor):
    """Count a sentence refused whatever its score (a number, a contradiction) as 0 in the
    stored weakest support, as domain.review.weakest_support now does. `reverify --all` would
    skip these answers (their verification is by the current engine), so the stored reports
    are read again here. Only answers with an unsupported sentence and a weakest support above
    0 can change: a refused sentence is unsupported, and 0 is already the floor."""
    from citations.domain.review import weakest_support

    Answer = apps.get_model("citations", "Answer")
    Verification = apps.get_model("citations", "Verification")
    newest = Verification.objects.filter(answer_id=OuterRef("pk")).order_by("-created_at", "-id")
    candidates = Answer.objects.filter(unsupported_count__gt=0, min_support__gt=0).annotate(
        newest=Subquery(newest.values("pk")[:1])
    )
    rows = list(candidates.values_list("pk", "min_support", "newest"))
    for start in range(0, len(rows), BATCH):
        batch = rows[start : start + BATCH]
        reports = dict(
            Verification.objects.filter(pk__in=[v for _, _, v in batch]).values_list(
                "pk", "report"
            )
        )
        changed = []
        for pk, stored, verification in batch:
            weakest = weakest_support(reports[verification])
            if weakest != stored:
                changed.append(Answer(pk=pk, min_support=weakest))
        Answer.objects.bulk_update(changed, ["min_support"])


class Migration(migrations.Migration):
    dependencies = [("citations", "0017_keyset_indexes")]

    operations = [migrations.RunPython(recount, migrations.RunPython.noop)]
