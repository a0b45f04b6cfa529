"""Application config for the games app."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The site itself: the room page and its socket, the lobby, the URL map, and the
    work a server process runs beside its requests."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        """Register the production-safety system checks."""
        from games import checks  # noqa: F401  (registers on import)
