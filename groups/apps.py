"""The groups app's configuration."""

from django.apps import AppConfig


class GroupsConfig(AppConfig):
    """Groups of players, their rooms, league seasons and records."""

    name = "groups"
    verbose_name = "Groups and leagues"
