"""The notices app takes over its models from ``games``, tables and rows as they are:
state only (docs/decisions/0060)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('games', '0021_fair_daily_and_shared_devices'),
        ('accounts', '0001_initial'),
        ('play', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            # The tables stay where they are (each model keeps its db_table).
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='Preferences',
                    fields=[
                        ('player', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='preferences', serialize=False, to='accounts.player')),
                        ('push', models.BooleanField(default=True, help_text='Push notifications to the devices that allowed them.')),
                        ('email', models.BooleanField(default=False, help_text='"Your turn" emails, to an account\'s confirmed address (asked for: an address given for password resets gets none unless its owner turns them on).')),
                        ('reminder_hours', models.PositiveSmallIntegerField(default=0, help_text="An email this many hours before a turn's deadline (0: none).")),
                        ('quiet_from', models.PositiveSmallIntegerField(blank=True, help_text='Quiet hours start at this hour (0-23), local time.', null=True)),
                        ('quiet_until', models.PositiveSmallIntegerField(blank=True, help_text='Quiet hours end at this hour (0-23), local time.', null=True)),
                        ('time_zone', models.CharField(blank=True, help_text="The player's time zone (IANA name; empty: UTC).", max_length=64)),
                        ('emailed_at', models.DateTimeField(blank=True, help_text='The last "your turn" email or digest.', null=True)),
                        ('digest_at', models.DateTimeField(blank=True, help_text='The last digest.', null=True)),
                    ],
                    options={
                        'verbose_name_plural': 'preferences',
                        'db_table': 'games_preferences',
                    },
                ),
                migrations.CreateModel(
                    name='PushSubscription',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('endpoint', models.URLField(max_length=1000, unique=True)),
                        ('p256dh', models.CharField(help_text="The device's public key (base64url).", max_length=100)),
                        ('auth', models.CharField(help_text="The device's auth secret (base64url).", max_length=50)),
                        ('language', models.CharField(blank=True, help_text="The language of the page that subscribed: a guest's notices speak it.", max_length=8)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='push_subscriptions', to='accounts.player')),
                    ],
                    options={
                        'db_table': 'games_pushsubscription',
                    },
                ),
                migrations.CreateModel(
                    name='Notice',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('turn', models.PositiveIntegerField(help_text="The game's turn number it is about.")),
                        ('kind', models.CharField(choices=[('your_turn', 'your turn'), ('reminder', 'reminder before the deadline')], max_length=16)),
                        ('channel', models.CharField(choices=[('push', 'push'), ('email', 'email')], default='push', max_length=8)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('due_at', models.DateTimeField(help_text='Not sent before then (the end of a holiday).')),
                        ('claimed_at', models.DateTimeField(blank=True, help_text='When a notifier took it (taken again a minute later if it was never sent).', null=True)),
                        ('sent_at', models.DateTimeField(blank=True, help_text='Sent, or given up on.', null=True)),
                        ('attempts', models.PositiveSmallIntegerField(default=0)),
                        ('delivered', models.JSONField(blank=True, default=list, help_text='The push subscriptions it reached: none twice.')),
                        ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='play.game')),
                        ('player', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='notices', to='accounts.player')),
                    ],
                    options={
                        'db_table': 'games_notice',
                        'indexes': [models.Index(condition=models.Q(('sent_at__isnull', True)), fields=['due_at'], name='notice_unsent')],
                        'constraints': [models.UniqueConstraint(fields=('player', 'game', 'turn', 'kind', 'channel'), name='one_notice_per_turn_and_channel')],
                    },
                ),
            ],
        ),
    ]
