"""The notices app's configuration."""

from django.apps import AppConfig


class NoticesConfig(AppConfig):
    """Push subscriptions, notices and preferences."""

    name = "notices"
    verbose_name = "Push subscriptions, notices and preferences"
