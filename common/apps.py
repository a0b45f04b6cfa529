"""The common app's configuration."""

from django.apps import AppConfig


class CommonConfig(AppConfig):
    """What every part of the site says, counts and reads with: errors, words, throttles,
    the news a service returns, publishing it, and the dice template tags."""

    name = "common"
    verbose_name = "Common ground"
