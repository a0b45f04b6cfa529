"""The coach app's configuration."""

from django.apps import AppConfig


class CoachConfig(AppConfig):
    """The coach's reviews."""

    name = "coach"
    verbose_name = "The coach's reviews"
