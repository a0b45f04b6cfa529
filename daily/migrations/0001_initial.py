"""The daily app takes over its models from ``games``, tables and rows as they are:
state only (docs/decisions/0060)."""

import daily.models
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
                    name='DailyChallenge',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('day', models.DateField()),
                        ('ruleset', models.CharField(max_length=32)),
                        ('par', models.JSONField(blank=True, help_text="The expert bot's game on the day's dice, once worked out.", null=True)),
                        ('luck_bound', models.JSONField(blank=True, help_text="How much luck honest play on the day's dice reaches, from the bots' simulated games, once worked out (daily.services.foresight).", null=True)),
                    ],
                    options={
                        'db_table': 'games_dailychallenge',
                        'constraints': [models.UniqueConstraint(fields=('day', 'ruleset'), name='one_challenge_a_day')],
                    },
                ),
                migrations.CreateModel(
                    name='DailyAttempt',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('ranked', models.BooleanField()),
                        ('practice', models.CharField(blank=True, choices=[('guest', 'played as a guest'), ('new_account', 'an account made after the day began'), ('again', 'a second try'), ('browser', "this browser already made today's ranked attempt"), ('address', "this address already made today's ranked attempt"), ('staff', "a staff account, which can read everyone's games")], help_text="Set when it was played on dice of its own, not the day's, and why: the day's dice go to ranked attempts only while the day lasts.", max_length=16)),
                        ('par', models.IntegerField(blank=True, help_text="A practice game's own par: the expert bot's score on its dice.", null=True)),
                        ('share_code', models.CharField(default=daily.models.new_share_code, help_text='The unguessable code of its shared page.', max_length=22, unique=True)),
                        ('browser', models.CharField(blank=True, help_text='The id of the browser it was started from.', max_length=64)),
                        ('address', models.CharField(blank=True, help_text='A keyed hash of the address it was started from (an IPv6 address by its /64); empty when unknown.', max_length=64)),
                        ('score', models.IntegerField(blank=True, help_text='Set when the game finishes.', null=True)),
                        ('accuracy', models.FloatField(blank=True, help_text="The share of the player's decisions the coach found best, in per cent, once the review is built.", null=True)),
                        ('started_at', models.DateTimeField(auto_now_add=True)),
                        ('finished_at', models.DateTimeField(blank=True, null=True)),
                        ('game', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='daily_attempt', to='play.game')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='daily_attempts', to='accounts.player')),
                        ('challenge', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='attempts', to='daily.dailychallenge')),
                    ],
                    options={
                        'db_table': 'games_dailyattempt',
                        'indexes': [models.Index(condition=models.Q(('ranked', True), ('score__isnull', False)), fields=['challenge', '-score', 'finished_at'], name='daily_board')],
                        'constraints': [models.UniqueConstraint(condition=models.Q(('ranked', True)), fields=('challenge', 'player'), name='one_ranked_attempt_a_day'), models.UniqueConstraint(condition=models.Q(('ranked', True), models.Q(('browser', ''), _negated=True)), fields=('challenge', 'browser'), name='one_ranked_attempt_a_browser'), models.UniqueConstraint(condition=models.Q(('ranked', True), models.Q(('address', ''), _negated=True)), fields=('challenge', 'address'), name='one_ranked_attempt_an_address')],
                    },
                ),
            ],
        ),
    ]
