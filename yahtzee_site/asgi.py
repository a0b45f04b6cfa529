"""ASGI entry point, served by Daphne: ``daphne yahtzee_site.asgi:application``.

HTTP goes to Django; ``/ws/rooms/<code>/`` to the room consumer, behind the
origin check and the session/auth middleware.
With DEBUG off, the process refuses to start when the security system checks
(games/checks.py) report an error.
"""

from __future__ import annotations

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yahtzee_site.settings")

# Set Django up (and load the apps) before anything imports models.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.realtime.routing import websocket_urlpatterns  # noqa: E402
from yahtzee_site.startup import refuse_unsafe_settings  # noqa: E402

refuse_unsafe_settings()

application = ProtocolTypeRouter({
    "http": django_asgi_app,
    "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
})

# Everything loaded so far lives as long as the process: keep it out of the garbage
# collector's full passes, whose pauses would otherwise grow with it. Those passes still
# took 30-165 ms each, a few times a minute under load, stopping every socket of the
# process; one every hundred middle-generation passes instead of every ten makes them ten
# times rarer (game objects are freed by reference counting; the full pass only finds
# the rare cycles). bench/load.py, 50 rooms: p99 60-81 ms -> 41 ms.
gc.freeze()
GC_THRESHOLDS = (700, 10, 100)  # Python's defaults are (700, 10, 10)
gc.set_threshold(*GC_THRESHOLDS)
