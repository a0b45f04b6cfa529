"""The moderation app takes over its models from ``games``, tables and rows as they are:
state only (docs/decisions/0060)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('games', '0021_fair_daily_and_shared_devices'),
        ('accounts', '0001_initial'),
        ('play', '0001_initial'),
        ('rooms', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            # The tables stay where they are (each model keeps its db_table).
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='ModerationAction',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('action', models.CharField(max_length=32)),
                        ('reason', models.CharField(max_length=500)),
                        ('details', models.JSONField(blank=True, default=dict)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('game', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='moderation', to='play.game')),
                        ('moderator', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='moderation', to='accounts.player')),
                        ('room', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='moderation', to='rooms.room')),
                    ],
                    options={
                        'db_table': 'games_moderationaction',
                        'ordering': ['-created_at'],
                    },
                ),
                migrations.CreateModel(
                    name='Report',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('reason', models.CharField(choices=[('abuse', 'abuse or harassment'), ('spam', 'spam'), ('cheating', 'cheating'), ('accuracy', 'near-perfect accuracy in the daily challenge, day after day'), ('foresight', 'luck beyond honest play in the daily challenge'), ('other', 'something else')], max_length=16)),
                        ('text', models.CharField(blank=True, max_length=500, verbose_name="the reporter's words")),
                        ('status', models.CharField(choices=[('open', 'open'), ('handled', 'handled'), ('dismissed', 'dismissed')], default='open', max_length=16)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('handled_at', models.DateTimeField(blank=True, null=True)),
                        ('outcome', models.CharField(blank=True, help_text='What was done.', max_length=32)),
                        ('action', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='reports', to='moderation.moderationaction')),
                        ('handled_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('message', models.ForeignKey(blank=True, help_text='Empty: a player report.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='reports', to='rooms.chatmessage')),
                        ('reported', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='reports_received', to='accounts.player')),
                        ('reporter', models.ForeignKey(blank=True, help_text='Empty: the site itself flagged the player (daily accuracy or luck).', null=True, on_delete=django.db.models.deletion.CASCADE, related_name='reports_made', to='accounts.player')),
                        ('room', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='reports', to='rooms.room')),
                    ],
                    options={
                        'db_table': 'games_report',
                        'indexes': [models.Index(fields=['status', 'created_at'], name='games_repor_status_daaafd_idx'), models.Index(fields=['reporter', 'created_at'], name='games_repor_reporte_72ceea_idx')],
                    },
                ),
            ],
        ),
    ]
