"""The friends app's configuration."""

from django.apps import AppConfig


class FriendsConfig(AppConfig):
    """Friends, friend requests, blocks and privacy choices."""

    name = "friends"
    verbose_name = "Friends and blocks"

    def ready(self) -> None:
        """Have a player who leaves the site leave their friends and blocks."""
        from accounts.signals import player_leaving
        from friends.services.departure import friends_forget

        player_leaving.connect(friends_forget, dispatch_uid="friends.services.departure")
