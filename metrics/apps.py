"""The metrics app's configuration."""

from django.apps import AppConfig


class MetricsConfig(AppConfig):
    """``/metrics``: what the processes measured, and counts read from the database."""

    name = "metrics"
    verbose_name = "Metrics"
