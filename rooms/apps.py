"""The rooms app's configuration."""

from django.apps import AppConfig


class RoomsConfig(AppConfig):
    """Rooms, seats, presence, chat and reactions."""

    name = "rooms"
    verbose_name = "Rooms, seats and chat"

    def ready(self) -> None:
        """Have a player who leaves the site leave their rooms, one who renames keep
        clear of their tablemates' names, and a room's changes written with each of its
        versions."""
        from accounts.signals import player_leaving, player_renaming
        from play.signals import room_recorded
        from rooms.selectors.tablemates import names_on_rename
        from rooms.services.room_rows import room_changes_save
        from rooms.services.rooms import rooms_leave_all

        player_leaving.connect(rooms_leave_all, dispatch_uid="rooms.services.rooms")
        player_renaming.connect(names_on_rename, dispatch_uid="rooms.selectors.tablemates")
        room_recorded.connect(room_changes_save, dispatch_uid="rooms.services.room_rows")
