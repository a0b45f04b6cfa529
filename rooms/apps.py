"""The rooms app's configuration."""

from django.apps import AppConfig


class RoomsConfig(AppConfig):
    """Rooms, seats, presence, chat and reactions."""

    name = "rooms"
    verbose_name = "Rooms, seats and chat"

    def ready(self) -> None:
        """Have a player who leaves the site leave their rooms."""
        from accounts.signals import player_leaving
        from rooms.services.rooms import rooms_leave_all

        player_leaving.connect(rooms_leave_all, dispatch_uid="rooms.services.rooms")
