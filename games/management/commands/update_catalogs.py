"""``manage.py update_catalogs``: gather every string to translate into locale/.

Runs Django's ``makemessages`` for the site's own files: the templates and Python
(domain ``django``) and the JavaScript (domain ``djangojs``), for every language of
``LANGUAGES`` but English, the language the strings are written in. New strings are added
untranslated, changed ones are marked fuzzy, and strings no file uses any more are
dropped; then translate them and run ``make run`` or ``make test`` (which compile).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

SOURCE_LANGUAGE = "en"
# What makemessages must not read: tools, tests, build output, data, docs.
IGNORED = [
    ".venv/*",
    "node_modules/*",
    "tests/*",
    "bench/*",
    "docs/*",
    "var/*",
    "staticfiles/*",
    "locale/*",
    "build/*",
    "*.egg-info/*",
]


def translated_languages() -> list[str]:
    """The codes of every language of ``LANGUAGES`` that has a catalog to keep."""
    return [code for code, _name in settings.LANGUAGES if code != SOURCE_LANGUAGE]


class Command(BaseCommand):
    help = "Gather the strings to translate into locale/<language>/LC_MESSAGES/*.po."

    def handle(self, *args: Any, **options: Any) -> None:
        locales = translated_languages()
        common = {
            "locale": locales,
            "ignore_patterns": IGNORED,
            "no_obsolete": True,
            "add_location": "file",
            "verbosity": options["verbosity"],
        }
        call_command("makemessages", domain="django", extensions=["html", "txt", "py"], **common)
        call_command("makemessages", domain="djangojs", extensions=["js"], **common)
