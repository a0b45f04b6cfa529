"""The daily app's configuration."""

from django.apps import AppConfig


class DailyConfig(AppConfig):
    """The daily challenge."""

    name = "daily"
    verbose_name = "The daily challenge"
