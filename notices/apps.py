"""The notices app's configuration."""

from django.apps import AppConfig


class NoticesConfig(AppConfig):
    """Push subscriptions, notices and preferences."""

    name = "notices"
    verbose_name = "Push subscriptions, notices and preferences"

    def ready(self) -> None:
        """Put "your turn" in the outbox whenever a turn opens, and take it out again
        when the turn is withdrawn; ring a finished game's result on the bell."""
        from notices.background.game_results import game_result_rung
        from notices.services.notices import turn_noticed, turn_unnoticed
        from play.signals import game_finished, turn_opened, turn_withdrawn

        turn_opened.connect(turn_noticed, dispatch_uid="notices.services.notices")
        turn_withdrawn.connect(turn_unnoticed, dispatch_uid="notices.services.notices")
        game_finished.connect(game_result_rung, dispatch_uid="notices.background.game_results")
