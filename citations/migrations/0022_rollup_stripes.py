"""AnswerDay and CitationDay keep each day and client in stripes (models.rollups), so that a
client's parallel submissions stop taking turns on one row per day (issue 23: submissions at
32 clients).

An answer is counted in the stripe of its id, and a later change to it (a decision, a
revision) is added there too, so the rows must hold exactly that: the rows kept so far are
counted again from the answers (`rollups_rebuild`, as `manage.py rebuild_metrics` does).
Going back, each key's stripes are added into one row before the old keys return.
"""

from django.db import migrations, models
from django.db.models import Sum

# The key of each striped table without its stripe: what its rows are added up by going back.
KEYS = {
    "AnswerDay": ("day", "client_id"),
    "CitationDay": ("day", "client_id", "kind", "law", "article", "position"),
}


def rebuild(apps, schema_editor):
    from citations.services.rollups import rollups_rebuild

    rollups_rebuild(get_model=apps.get_model)


def fold(apps, schema_editor):
    for name, keys in KEYS.items():
        model = apps.get_model("citations", name)
        amounts = [
            f.attname
            for f in model._meta.concrete_fields
            if not f.primary_key and f.attname not in (*keys, "stripe")
        ]
        sums = {f"sum_{amount}": Sum(amount) for amount in amounts}
        rows = [
            model(
                **{key: row[key] for key in keys},
                **{amount: row[f"sum_{amount}"] for amount in amounts},
            )
            for row in model.objects.values(*keys).annotate(**sums).order_by()
        ]
        model.objects.all().delete()
        model.objects.bulk_create(rows)
    if schema_editor.connection.vendor == "postgresql":
        # The rows' foreign key checks are deferred, and PostgreSQL alters no table with
        # checks pending: the old keys come back next, in this transaction.
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


class Migration(migrations.Migration):
    dependencies = [
        ("citations", "0021_drop_redundant_indexes"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="answerday", name="answerday_key"),
        migrations.RemoveConstraint(model_name="citationday", name="citationday_key"),
        migrations.AddField(
            model_name="answerday", name="stripe", field=models.SmallIntegerField(default=0)
        ),
        migrations.AddField(
            model_name="citationday", name="stripe", field=models.SmallIntegerField(default=0)
        ),
        migrations.AddConstraint(
            model_name="answerday",
            constraint=models.UniqueConstraint(
                fields=("day", "client", "stripe"), name="answerday_key"
            ),
        ),
        migrations.AddConstraint(
            model_name="citationday",
            constraint=models.UniqueConstraint(
                fields=("day", "client", "kind", "law", "article", "position", "stripe"),
                name="citationday_key",
            ),
        ),
        # After the new keys (forwards), before the old ones (backwards): each sees its own.
        migrations.RunPython(rebuild, fold),
    ]
