"""The accounts app's configuration."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Players, accounts and their email addresses."""

    name = "accounts"
    verbose_name = "Players, accounts and their email addresses"
