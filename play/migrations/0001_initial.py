"""The play app takes over its models from ``games``, tables and rows as they are:
state only (docs/decisions/0060)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('games', '0021_fair_daily_and_shared_devices'),
        ('accounts', '0001_initial'),
        ('rooms', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            # The tables stay where they are (each model keeps its db_table).
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='Game',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveSmallIntegerField(help_text='1 for the first game, then rematches.')),
                        ('ruleset', models.CharField(max_length=32)),
                        ('options', models.JSONField(blank=True, default=dict)),
                        ('status', models.CharField(choices=[('playing', 'playing'), ('finished', 'finished'), ('ended', 'ended by a moderator or the room closing')], default='playing', max_length=8)),
                        ('version', models.PositiveIntegerField(default=0)),
                        ('together', models.BooleanField(default=False, help_text="Everyone's turn at once (the room's setting when the game began): each round opens a turn for every seat.")),
                        ('seed', models.CharField(blank=True, help_text="Duplicate dice (the room's setting when the game began): the secret, in hex, every seat's dice come from (scoring.duplicate); empty otherwise. Shown only once the game is over.", max_length=64)),
                        ('par', models.JSONField(blank=True, help_text="Duplicate dice: the expert bot's game on the same dice, once worked out.", null=True)),
                        ('current_seat', models.PositiveSmallIntegerField(default=0, help_text='Whose turn it is, one seat after another (unused when together).')),
                        ('turn_count', models.PositiveIntegerField(default=0, help_text='Turns started so far.')),
                        ('turn_deadline', models.DateTimeField(blank=True, help_text="When the open turn expires (together: the earliest of the open turns' deadlines).", null=True)),
                        ('bot_due_at', models.DateTimeField(blank=True, null=True)),
                        ('started_at', models.DateTimeField(auto_now_add=True)),
                        ('finished_at', models.DateTimeField(blank=True, null=True)),
                        ('ended_reason', models.CharField(blank=True, max_length=200)),
                        ('room', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='games', to='rooms.room')),
                    ],
                    options={
                        'db_table': 'games_game',
                    },
                ),
                migrations.CreateModel(
                    name='Event',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('seq', models.PositiveIntegerField()),
                        ('game_version', models.PositiveIntegerField(blank=True, null=True)),
                        ('kind', models.CharField(max_length=32)),
                        ('data', models.JSONField(default=dict)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('actor', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='accounts.player')),
                        ('room', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='events', to='rooms.room')),
                        ('game', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='events', to='play.game')),
                    ],
                    options={
                        'db_table': 'games_event',
                        'ordering': ['room', 'seq'],
                    },
                ),
                migrations.CreateModel(
                    name='Scorecard',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('seat', models.PositiveSmallIntegerField()),
                        ('data', models.JSONField()),
                        ('total', models.IntegerField(default=0)),
                        ('rank', models.PositiveSmallIntegerField(blank=True, null=True)),
                        ('holiday_until', models.DateTimeField(blank=True, help_text="By the day: the seat's clock is paused for a holiday until then.", null=True)),
                        ('holiday_left', models.PositiveIntegerField(default=604800, help_text='Seconds of holiday the seat may still take in this game.')),
                        ('game', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='scorecards', to='play.game')),
                        ('held_for', models.ForeignKey(blank=True, help_text='The person a bot keeps this seat for: it took over after they missed three turns in a row, and gives it back when they return.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='accounts.player')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='scorecards', to='accounts.player')),
                    ],
                    options={
                        'db_table': 'games_scorecard',
                        'ordering': ['game', 'seat'],
                    },
                ),
                migrations.CreateModel(
                    name='Turn',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveIntegerField()),
                        ('seat', models.PositiveSmallIntegerField()),
                        ('state', models.JSONField(help_text='The scoring Turn as JSON.')),
                        ('rolls', models.JSONField(default=list, help_text='Every roll: held positions and dice.')),
                        ('holding', models.JSONField(default=list, help_text='The dice positions (0-4) the player has marked to keep for the next roll, as they mark them.')),
                        ('box', models.CharField(blank=True, max_length=32)),
                        ('column', models.CharField(blank=True, max_length=16)),
                        ('points', models.IntegerField(blank=True, null=True)),
                        ('bonus', models.IntegerField(default=0)),
                        ('finish', models.CharField(blank=True, choices=[('played', 'played'), ('timeout', 'time limit passed'), ('skipped', 'skipped by the host'), ('ended', 'game ended')], max_length=8)),
                        ('deadline', models.DateTimeField(blank=True, help_text="Everyone's turn at once: when this seat's turn expires (one seat after another: the game's).", null=True)),
                        ('started_at', models.DateTimeField(auto_now_add=True)),
                        ('finished_at', models.DateTimeField(blank=True, null=True)),
                        ('announced_by', models.ForeignKey(blank=True, help_text="Who announced (Yam's); empty when the clock did.", null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='accounts.player')),
                        ('game', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='turns', to='play.game')),
                        ('placed_by', models.ForeignKey(blank=True, help_text='Who filled the box: a bot when it took over.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='accounts.player')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='turns', to='accounts.player')),
                    ],
                    options={
                        'db_table': 'games_turn',
                        'ordering': ['game', 'number'],
                    },
                ),
                migrations.CreateModel(
                    name='ActionRequest',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('request_id', models.CharField(max_length=64)),
                        ('action', models.CharField(max_length=32)),
                        ('response', models.JSONField()),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('player', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='accounts.player')),
                        ('room', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='rooms.room')),
                    ],
                    options={
                        'db_table': 'games_actionrequest',
                        'constraints': [models.UniqueConstraint(fields=('player', 'room', 'request_id'), name='one_answer_per_request')],
                    },
                ),
                migrations.AddIndex(
                    model_name='game',
                    index=models.Index(fields=['status', 'turn_deadline'], name='games_game_status_e7bb6f_idx'),
                ),
                migrations.AddIndex(
                    model_name='game',
                    index=models.Index(fields=['status', 'bot_due_at'], name='games_game_status_3f265a_idx'),
                ),
                migrations.AddConstraint(
                    model_name='game',
                    constraint=models.UniqueConstraint(fields=('room', 'number'), name='game_number_per_room'),
                ),
                migrations.AddConstraint(
                    model_name='event',
                    constraint=models.UniqueConstraint(fields=('room', 'seq'), name='event_seq_per_room'),
                ),
                migrations.AddConstraint(
                    model_name='scorecard',
                    constraint=models.UniqueConstraint(fields=('game', 'seat'), name='one_card_per_seat'),
                ),
                migrations.AddConstraint(
                    model_name='turn',
                    constraint=models.UniqueConstraint(fields=('game', 'number'), name='turn_number_per_game'),
                ),
            ],
        ),
    ]
