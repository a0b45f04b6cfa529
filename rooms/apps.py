"""The rooms app's configuration."""

from django.apps import AppConfig


class RoomsConfig(AppConfig):
    """Rooms, seats and chat."""

    name = "rooms"
    verbose_name = "Rooms, seats and chat"
