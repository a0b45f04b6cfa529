"""The accounts app takes over its models from ``games``, tables and rows as they are:
state only (docs/decisions/0060)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('games', '0021_fair_daily_and_shared_devices'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            # The tables stay where they are (each model keeps its db_table).
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='PendingEmail',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('address', models.EmailField(max_length=254)),
                        ('requested_at', models.DateTimeField(auto_now=True)),
                        ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='pending_email', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_pendingemail',
                    },
                ),
                migrations.CreateModel(
                    name='Player',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=96)),
                        ('bot_level', models.CharField(blank=True, help_text='Empty for people.', max_length=16)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('banned_at', models.DateTimeField(blank=True, null=True)),
                        ('ban_reason', models.CharField(blank=True, max_length=200)),
                        ('banned_until', models.DateTimeField(blank=True, help_text='When the ban ends; empty means never.', null=True)),
                        ('language', models.CharField(blank=True, help_text="The language an account's pages use (a code of LANGUAGES); empty: the browser's.", max_length=8)),
                        ('user', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='player', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_player',
                        'indexes': [models.Index(fields=['name'], name='games_playe_name_9db6fc_idx')],
                    },
                ),
            ],
        ),
    ]
