"""The database cache's table (settings.CACHES without REDIS_URL), created by `migrate`.

A deploy that forgot `createcachetable` answered every API call 503 while the database was up.
createcachetable skips a table that exists, so this is safe where it was run by hand, and
creates nothing when the cache is Redis at migrate time (verifier_site.checks names the
table if the cache moves to the database later).
"""

from django.core.management import call_command
from django.db import migrations


def create_cache_tables(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = []

    operations = [migrations.RunPython(create_cache_tables, migrations.RunPython.noop)]
