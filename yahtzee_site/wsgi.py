"""WSGI entry point for plain HTTP servers (the real-time site needs ASGI)."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yahtzee_site.settings")

application = get_wsgi_application()

from yahtzee_site.startup import refuse_unsafe_settings  # noqa: E402

refuse_unsafe_settings()
