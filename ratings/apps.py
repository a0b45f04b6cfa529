"""The ratings app's configuration."""

from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """A rating per variant from rated games, and the leaderboards."""

    name = "ratings"
    verbose_name = "Ratings"
