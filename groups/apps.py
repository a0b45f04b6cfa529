"""The groups app's configuration."""

from django.apps import AppConfig


class GroupsConfig(AppConfig):
    """Groups of players, their rooms, league seasons and records."""

    name = "groups"
    verbose_name = "Groups and leagues"

    def ready(self) -> None:
        """Have a player who leaves the site leave their groups."""
        from accounts.signals import player_leaving
        from groups.services.members import groups_leave_all

        player_leaving.connect(groups_leave_all, dispatch_uid="groups.services.members")
