"""Application config for the games app."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Rooms, games and the pages that show them."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        """Register the production-safety system checks, point the exact solver at its
        table files, and have stored reviews checked for foresight."""
        from django.conf import settings

        from games import checks  # noqa: F401  (registers on import)
        from games.coach.tables import FileTableStore
        from games.services.foresight import foresight_on_review
        from games.signals import review_stored
        from scoring.strategy import solver

        solver.set_store(FileTableStore(settings.STRATEGY_CACHE_DIR))
        review_stored.connect(foresight_on_review, dispatch_uid="games.services.foresight")
