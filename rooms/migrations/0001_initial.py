"""The rooms app takes over its models from ``games``, tables and rows as they are:
state only (docs/decisions/0060)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('games', '0021_fair_daily_and_shared_devices'),
        ('accounts', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            # The tables stay where they are (each model keeps its db_table).
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='Room',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('code', models.CharField(max_length=16, unique=True)),
                        ('ruleset', models.CharField(max_length=32)),
                        ('options', models.JSONField(blank=True, default=dict)),
                        ('seat_count', models.PositiveSmallIntegerField()),
                        ('pace', models.CharField(choices=[('live', 'live'), ('day', 'by the day')], default='live', help_text='Live: everyone at the table, turns in seconds. By the day: each turn has hours or days, and players come when they like.', max_length=4)),
                        ('turn_seconds', models.PositiveIntegerField(blank=True, help_text='Turn time limit: 15-300 s live (empty: no limit), 1 hour to 7 days by the day.', null=True)),
                        ('holidays', models.BooleanField(default=True, help_text='By the day: players may pause their own clock for a holiday (up to 7 days a game).')),
                        ('together', models.BooleanField(default=False, help_text="Everyone's turn at once: in each round every seat plays its own turn, in any order; the round closes when all have scored. Off: one seat after another.")),
                        ('duplicate', models.BooleanField(default=False, help_text="Duplicate dice: every seat rolls the same dice (each die slot of each roll of each round from the game's secret seed); played with everyone's turn at once.")),
                        ('coach_enabled', models.BooleanField(default=True, help_text='Whether players may ask the coach for hints (off: competitive).')),
                        ('daily', models.BooleanField(default=False, help_text="A daily challenge's solo table: one game on the day's dice, coach off; nobody joins, and no rematch.")),
                        ('status', models.CharField(choices=[('open', 'open'), ('closed', 'closed')], default='open', max_length=8)),
                        ('version', models.PositiveIntegerField(default=0, help_text='Bumped by every change.')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('last_activity_at', models.DateTimeField(help_text='The last change in the room, to the minute.')),
                        ('closed_at', models.DateTimeField(blank=True, null=True)),
                        ('closed_reason', models.CharField(blank=True, max_length=200)),
                        ('host', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='hosted_rooms', to='accounts.player')),
                    ],
                    options={
                        'db_table': 'games_room',
                    },
                ),
                migrations.CreateModel(
                    name='Membership',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('seat', models.PositiveSmallIntegerField(blank=True, null=True)),
                        ('state', models.CharField(choices=[('active', 'active'), ('left', 'left'), ('kicked', 'kicked')], default='active', max_length=8)),
                        ('joined_at', models.DateTimeField(auto_now_add=True)),
                        ('left_at', models.DateTimeField(blank=True, null=True)),
                        ('sockets', models.PositiveSmallIntegerField(default=0, help_text='Open websockets now.')),
                        ('seen_at', models.DateTimeField(blank=True, help_text='Last sign of life.', null=True)),
                        ('muted', models.BooleanField(default=False, help_text='The host muted their chat and reactions in this room.')),
                        ('browser', models.CharField(blank=True, help_text='The browser it joined or last connected from (common/browsers.py; one another member shares is kept); a kick refuses it too.', max_length=64)),
                        ('address', models.CharField(blank=True, help_text='A keyed hash of the address it joined or last connected from (accounts.addresses; one another member shares is kept); empty when unknown.', max_length=64)),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='accounts.player')),
                        ('room', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='members', to='rooms.room')),
                    ],
                    options={
                        'db_table': 'games_membership',
                    },
                ),
                migrations.CreateModel(
                    name='ChatMessage',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('text', models.CharField(max_length=500)),
                        ('created_at', models.DateTimeField(auto_now_add=True, db_index=True)),
                        ('removed_at', models.DateTimeField(blank=True, null=True)),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='chat', to='accounts.player')),
                        ('room', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='chat', to='rooms.room')),
                    ],
                    options={
                        'db_table': 'games_chatmessage',
                        'ordering': ['created_at', 'id'],
                    },
                ),
                migrations.AddIndex(
                    model_name='room',
                    index=models.Index(fields=['status', 'last_activity_at'], name='games_room_status_48abfc_idx'),
                ),
                migrations.AddIndex(
                    model_name='membership',
                    index=models.Index(condition=models.Q(('sockets__gt', 0)), fields=['room'], name='membership_online'),
                ),
                migrations.AddConstraint(
                    model_name='membership',
                    constraint=models.UniqueConstraint(fields=('room', 'player'), name='one_membership_per_player'),
                ),
                migrations.AddConstraint(
                    model_name='membership',
                    constraint=models.UniqueConstraint(condition=models.Q(('seat__isnull', False), ('state', 'active')), fields=('room', 'seat'), name='one_player_per_seat'),
                ),
            ],
        ),
    ]
