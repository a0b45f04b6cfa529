"""The coach app's configuration."""

from django.apps import AppConfig


class CoachConfig(AppConfig):
    """The coach: hints, reviews, luck and skill."""

    name = "coach"
    verbose_name = "The coach's reviews"

    def ready(self) -> None:
        """Point the exact solver at its table files."""
        from django.conf import settings

        from coach.tables import FileTableStore
        from scoring.strategy import solver

        solver.set_store(FileTableStore(settings.STRATEGY_CACHE_DIR))
