"""The ratings app's configuration."""

from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """A rating per variant from rated games, and the leaderboards."""

    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        """Rate each finished game once it is committed (``play.signals.game_finished``)."""
        from play.signals import game_finished
        from ratings.services.ratings import rating_on_finish

        game_finished.connect(rating_on_finish, dispatch_uid="ratings.rating_on_finish")
