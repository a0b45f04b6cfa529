"""The daily app's configuration."""

from django.apps import AppConfig


class DailyConfig(AppConfig):
    """The daily challenge."""

    name = "daily"
    verbose_name = "The daily challenge"

    def ready(self) -> None:
        """Keep each daily attempt's score and accuracy, and have its stored reviews
        checked for foresight."""
        from coach.signals import review_made, review_stored
        from daily.services.daily_scores import accuracy_recorded, finish_recorded
        from daily.services.foresight import foresight_on_review
        from play.signals import attempt_finished

        attempt_finished.connect(finish_recorded, dispatch_uid="daily.services.daily_scores")
        review_made.connect(accuracy_recorded, dispatch_uid="daily.services.daily_scores")
        review_stored.connect(foresight_on_review, dispatch_uid="daily.services.foresight")
