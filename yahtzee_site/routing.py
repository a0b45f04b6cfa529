"""The site's ASGI application: HTTP to Django, ``/ws/rooms/<code>/`` to the room
consumer and ``/ws/me/`` to the bell's, behind the origin check, the session/auth
middleware and the browser's id.

Importing it starts nothing; a server loads ``yahtzee_site.asgi``, which also starts
the process's background work. Tests drive this application directly.
"""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yahtzee_site.settings")

# Set Django up (and load the apps) before anything imports models.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from common.browsers import BrowserIdSocketMiddleware  # noqa: E402
from games.realtime.routing import websocket_urlpatterns  # noqa: E402

rooms = URLRouter(websocket_urlpatterns)  # type: ignore[arg-type]  # path() is typed for views

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(BrowserIdSocketMiddleware(rooms))
        ),
    }
)
