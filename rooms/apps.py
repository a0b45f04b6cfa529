"""The rooms app's configuration."""

from django.apps import AppConfig


class RoomsConfig(AppConfig):
    """Rooms, seats, presence, chat and reactions."""

    name = "rooms"
    verbose_name = "Rooms, seats and chat"

    def ready(self) -> None:
        """Have a player who leaves the site leave their rooms, and one who renames keep
        clear of their tablemates' names."""
        from accounts.signals import player_leaving, player_renaming
        from rooms.selectors.tablemates import names_on_rename
        from rooms.services.rooms import rooms_leave_all

        player_leaving.connect(rooms_leave_all, dispatch_uid="rooms.services.rooms")
        player_renaming.connect(names_on_rename, dispatch_uid="rooms.selectors.tablemates")
