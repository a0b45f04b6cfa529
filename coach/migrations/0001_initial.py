"""The coach app takes over its models from ``games``, tables and rows as they are:
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
                    name='GameReview',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('data', models.JSONField(help_text='Totals and every decision (coach.services.reviews).')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('game', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='reviews', to='play.game')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='reviews', to='accounts.player')),
                    ],
                    options={
                        'db_table': 'games_gamereview',
                        'constraints': [models.UniqueConstraint(fields=('game', 'player'), name='one_review_per_player')],
                    },
                ),
            ],
        ),
    ]
