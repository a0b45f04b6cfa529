"""The friends app's configuration."""

from django.apps import AppConfig


class FriendsConfig(AppConfig):
    """Friends, friend requests, blocks and privacy choices."""

    name = "friends"
    verbose_name = "Friends and blocks"
