"""The backups app's configuration."""

from django.apps import AppConfig


class BackupsConfig(AppConfig):
    """Copies of the database taken while the site runs, kept in turn, and restored."""

    name = "backups"
    verbose_name = "Backups"
