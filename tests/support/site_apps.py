"""The site's own Django apps, as the tests that read its source list them."""

from __future__ import annotations

# In the order of INSTALLED_APPS: each app's code imports only the apps before it (and
# every app's models); docs/architecture.md.
APPS = ("common", "accounts", "play", "notices", "rooms", "coach", "daily", "moderation", "games")
