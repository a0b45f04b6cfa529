"""ASGI entry point, served by Daphne: ``daphne yahtzee_site.asgi:application``.

HTTP goes to Django; websocket routes join the router with the rooms.
With DEBUG off, the process refuses to start when the security system checks
(games/checks.py) report an error.
"""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yahtzee_site.settings")

# Set Django up (and load the apps) before anything imports models.
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter  # noqa: E402

from yahtzee_site.startup import refuse_unsafe_settings  # noqa: E402

refuse_unsafe_settings()

application = ProtocolTypeRouter({"http": django_asgi_app})
