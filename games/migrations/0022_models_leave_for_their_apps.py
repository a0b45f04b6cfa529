"""Every model has left ``games`` for the app of its part of the game: ``games`` forgets
them (state only; the tables stay), and their content types, with the permissions and
the admin's log that point at them, follow them (docs/decisions/0060)."""

from django.db import migrations


MOVED = {
    'actionrequest': 'play',
    'chatmessage': 'rooms',
    'dailyattempt': 'daily',
    'dailychallenge': 'daily',
    'event': 'play',
    'game': 'play',
    'gamereview': 'coach',
    'membership': 'rooms',
    'moderationaction': 'moderation',
    'notice': 'notices',
    'pendingemail': 'accounts',
    'player': 'accounts',
    'preferences': 'notices',
    'pushsubscription': 'notices',
    'report': 'moderation',
    'room': 'rooms',
    'scorecard': 'play',
    'turn': 'play',
}


def move_content_types(apps, schema_editor):
    """Give each moved model's content type its new app (a content type the new app
    already has is left as it is)."""
    content_types = apps.get_model("contenttypes", "ContentType").objects.using(
        schema_editor.connection.alias)
    for model, app in MOVED.items():
        if not content_types.filter(app_label=app, model=model).exists():
            content_types.filter(app_label="games", model=model).update(app_label=app)


def move_content_types_back(apps, schema_editor):
    """The other way: each moved model's content type back to ``games``."""
    content_types = apps.get_model("contenttypes", "ContentType").objects.using(
        schema_editor.connection.alias)
    for model, app in MOVED.items():
        if not content_types.filter(app_label="games", model=model).exists():
            content_types.filter(app_label=app, model=model).update(app_label="games")


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0001_initial'),
        ('rooms', '0001_initial'),
        ('play', '0001_initial'),
        ('coach', '0001_initial'),
        ('daily', '0001_initial'),
        ('notices', '0001_initial'),
        ('moderation', '0001_initial'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('games', '0021_fair_daily_and_shared_devices'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            # The tables stay where they are (each model keeps its db_table).
            database_operations=[],
            state_operations=[
                migrations.RemoveField(
                    model_name='chatmessage',
                    name='player',
                ),
                migrations.RemoveField(
                    model_name='chatmessage',
                    name='room',
                ),
                migrations.RemoveField(
                    model_name='report',
                    name='message',
                ),
                migrations.RemoveField(
                    model_name='dailyattempt',
                    name='challenge',
                ),
                migrations.RemoveField(
                    model_name='dailyattempt',
                    name='game',
                ),
                migrations.RemoveField(
                    model_name='dailyattempt',
                    name='player',
                ),
                migrations.RemoveField(
                    model_name='event',
                    name='actor',
                ),
                migrations.RemoveField(
                    model_name='event',
                    name='game',
                ),
                migrations.RemoveField(
                    model_name='event',
                    name='room',
                ),
                migrations.RemoveField(
                    model_name='game',
                    name='room',
                ),
                migrations.RemoveField(
                    model_name='scorecard',
                    name='game',
                ),
                migrations.RemoveField(
                    model_name='notice',
                    name='game',
                ),
                migrations.RemoveField(
                    model_name='moderationaction',
                    name='game',
                ),
                migrations.RemoveField(
                    model_name='turn',
                    name='game',
                ),
                migrations.RemoveField(
                    model_name='gamereview',
                    name='game',
                ),
                migrations.RemoveField(
                    model_name='gamereview',
                    name='player',
                ),
                migrations.RemoveField(
                    model_name='membership',
                    name='player',
                ),
                migrations.RemoveField(
                    model_name='membership',
                    name='room',
                ),
                migrations.RemoveField(
                    model_name='moderationaction',
                    name='moderator',
                ),
                migrations.RemoveField(
                    model_name='moderationaction',
                    name='player',
                ),
                migrations.RemoveField(
                    model_name='moderationaction',
                    name='room',
                ),
                migrations.RemoveField(
                    model_name='report',
                    name='action',
                ),
                migrations.RemoveField(
                    model_name='notice',
                    name='player',
                ),
                migrations.RemoveField(
                    model_name='pendingemail',
                    name='user',
                ),
                migrations.RemoveField(
                    model_name='player',
                    name='user',
                ),
                migrations.RemoveField(
                    model_name='preferences',
                    name='player',
                ),
                migrations.RemoveField(
                    model_name='report',
                    name='reported',
                ),
                migrations.RemoveField(
                    model_name='scorecard',
                    name='player',
                ),
                migrations.RemoveField(
                    model_name='turn',
                    name='player',
                ),
                migrations.RemoveField(
                    model_name='scorecard',
                    name='held_for',
                ),
                migrations.RemoveField(
                    model_name='room',
                    name='host',
                ),
                migrations.RemoveField(
                    model_name='pushsubscription',
                    name='player',
                ),
                migrations.RemoveField(
                    model_name='turn',
                    name='announced_by',
                ),
                migrations.RemoveField(
                    model_name='report',
                    name='reporter',
                ),
                migrations.RemoveField(
                    model_name='turn',
                    name='placed_by',
                ),
                migrations.RemoveField(
                    model_name='report',
                    name='handled_by',
                ),
                migrations.RemoveField(
                    model_name='report',
                    name='room',
                ),
                migrations.DeleteModel(
                    name='ActionRequest',
                ),
                migrations.DeleteModel(
                    name='ChatMessage',
                ),
                migrations.DeleteModel(
                    name='DailyChallenge',
                ),
                migrations.DeleteModel(
                    name='DailyAttempt',
                ),
                migrations.DeleteModel(
                    name='Event',
                ),
                migrations.DeleteModel(
                    name='Game',
                ),
                migrations.DeleteModel(
                    name='GameReview',
                ),
                migrations.DeleteModel(
                    name='Membership',
                ),
                migrations.DeleteModel(
                    name='ModerationAction',
                ),
                migrations.DeleteModel(
                    name='Notice',
                ),
                migrations.DeleteModel(
                    name='PendingEmail',
                ),
                migrations.DeleteModel(
                    name='Preferences',
                ),
                migrations.DeleteModel(
                    name='Scorecard',
                ),
                migrations.DeleteModel(
                    name='PushSubscription',
                ),
                migrations.DeleteModel(
                    name='Player',
                ),
                migrations.DeleteModel(
                    name='Turn',
                ),
                migrations.DeleteModel(
                    name='Report',
                ),
                migrations.DeleteModel(
                    name='Room',
                ),
            ],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
