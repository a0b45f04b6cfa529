"""The moderation app's configuration."""

from django.apps import AppConfig


class ModerationConfig(AppConfig):
    """Moderation and reports."""

    name = "moderation"
    verbose_name = "Moderation and reports"
