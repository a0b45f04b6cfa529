"""The site's own Django apps, one per part of the game (docs/architecture.md).

In ``INSTALLED_APPS`` order: each app's code imports only the apps before it here, and
every app's models (the models are one floor below all the code: docs/decisions/0066).
"""

SITE_APPS = (
    "common",
    "backups",
    "accounts",
    "play",
    "friends",
    "notices",
    "rooms",
    "coach",
    "daily",
    "ratings",
    "groups",
    "lobby",
    "moderation",
    "metrics",
    "games",
)
