"""The play app's configuration."""

from django.apps import AppConfig


class PlayConfig(AppConfig):
    """Games, turns, scorecards and the event log."""

    name = "play"
    verbose_name = "Games, turns, scorecards and the event log"
