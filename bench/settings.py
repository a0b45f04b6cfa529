"""Settings of the servers ``bench/load.py`` starts: the site's own, as production runs
them (DEBUG off, from the environment load.py sets), on one process with the in-memory
channel layer. Production refuses that layer (``yahtzee_site.E003``: players on other
processes would not see each other); a benchmark of one process is exactly that case.
Static files are served from ``static/`` without ``collectstatic``.
"""

from yahtzee_site.settings import *  # noqa: F403

SILENCED_SYSTEM_CHECKS = ["yahtzee_site.E003"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
