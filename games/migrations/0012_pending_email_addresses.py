"""Accounts' addresses wait for confirmation: ``User.email`` now means a confirmed address
(the one password resets go to).  Addresses given at sign-up before this were never
confirmed, so they move to ``PendingEmail``; the account page offers to confirm them."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def unconfirm_sign_up_addresses(apps, schema_editor):
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    PendingEmail = apps.get_model("games", "PendingEmail")
    # Staff set their addresses in the admin, which counts as confirmed.
    for user in User.objects.exclude(email="").filter(is_staff=False):
        PendingEmail.objects.create(user=user, address=user.email)
        User.objects.filter(pk=user.pk).update(email="")


def confirm_them_again(apps, schema_editor):
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    PendingEmail = apps.get_model("games", "PendingEmail")
    for pending in PendingEmail.objects.all():
        User.objects.filter(pk=pending.user_id, email="").update(email=pending.address)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0011_player_language'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='PendingEmail',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('address', models.EmailField(max_length=254)),
                ('requested_at', models.DateTimeField(auto_now=True)),
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='pending_email', to=settings.AUTH_USER_MODEL)),
            ],
        ),
        migrations.RunPython(unconfirm_sign_up_addresses, confirm_them_again),
    ]
