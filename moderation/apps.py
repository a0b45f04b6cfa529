"""The moderation app's configuration."""

from django.apps import AppConfig


class ModerationConfig(AppConfig):
    """Moderation and reports."""

    name = "moderation"
    verbose_name = "Moderation and reports"

    def ready(self) -> None:
        """Put the daily challenge's doubtful results in the moderators' queue."""
        from daily.signals import accuracy_doubted, foresight_doubted
        from moderation.services.reports import accuracy_reported, foresight_reported

        accuracy_doubted.connect(accuracy_reported, dispatch_uid="moderation.services.reports")
        foresight_doubted.connect(foresight_reported, dispatch_uid="moderation.services.reports")
