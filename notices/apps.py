"""The notices app's configuration."""

from django.apps import AppConfig


class NoticesConfig(AppConfig):
    """Push subscriptions, notices and preferences."""

    name = "notices"
    verbose_name = "Push subscriptions, notices and preferences"

    def ready(self) -> None:
        """Put "your turn" in the outbox whenever a turn opens."""
        from notices.services.notices import turn_noticed
        from play.signals import turn_opened

        turn_opened.connect(turn_noticed, dispatch_uid="notices.services.notices")
