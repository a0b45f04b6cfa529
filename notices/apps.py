"""The notices app's configuration."""

from django.apps import AppConfig


class NoticesConfig(AppConfig):
    """Push subscriptions, notices and preferences."""

    name = "notices"
    verbose_name = "Push subscriptions, notices and preferences"

    def ready(self) -> None:
        """Put "your turn" in the outbox whenever a turn opens, and take it out again
        when the turn is withdrawn; ring a finished game's result, friend requests and
        accepted ones on the bell."""
        from friends.signals import friend_accepted, friend_requested
        from notices.background.friend_notices import friend_accepted_rung, friend_request_rung
        from notices.background.game_results import game_result_rung
        from notices.services.notices import turn_noticed, turn_unnoticed
        from play.signals import game_finished, turn_opened, turn_withdrawn

        turn_opened.connect(turn_noticed, dispatch_uid="notices.services.notices")
        turn_withdrawn.connect(turn_unnoticed, dispatch_uid="notices.services.notices")
        game_finished.connect(game_result_rung, dispatch_uid="notices.background.game_results")
        friend_requested.connect(friend_request_rung, dispatch_uid="notices.background.friends")
        friend_accepted.connect(friend_accepted_rung, dispatch_uid="notices.background.friends")
