"""The lobby app's configuration."""

from django.apps import AppConfig


class LobbyConfig(AppConfig):
    """Open tables, "Play now" and the pairing of people by the day."""

    name = "lobby"
    verbose_name = "Open tables"
