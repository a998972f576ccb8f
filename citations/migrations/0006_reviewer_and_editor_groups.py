from django.contrib.auth.management import create_permissions
from django.db import migrations

# Kept here rather than imported: a migration must not change when the code does.
ROLES = {
    "reviewer": ["view_answer", "decide_answer"],
    "editor": [
        "view_answer",
        "decide_answer",
        "decide_legal_answer",
        "return_answer",
        "revise_answer",
    ],
}


def create_groups(apps, schema_editor):
    # Permissions are normally created after all migrations; the groups need them now.
    app_config = apps.get_app_config("citations")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, codenames in ROLES.items():
        group, _ = Group.objects.get_or_create(name=name)
        group.permissions.add(
            *Permission.objects.filter(
                content_type__app_label="citations", codename__in=codenames
            )
        )


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("citations", "0005_constraints_and_roles"),
    ]

    operations = [migrations.RunPython(create_groups, migrations.RunPython.noop)]
