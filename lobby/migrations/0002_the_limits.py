"""The one row of limits at public tables, with the defaults, for the moderators' admin
(its action sets them: moderation.admin.lobby)."""

from django.db import migrations


def add_the_limits(apps, schema_editor):
    limits = apps.get_model("lobby", "TableLimits")
    if not limits.objects.exists():
        limits.objects.create()


class Migration(migrations.Migration):
    dependencies = [("lobby", "0001_waiting_and_limits")]

    operations = [migrations.RunPython(add_the_limits, migrations.RunPython.noop)]
