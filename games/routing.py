"""Websocket routes."""

from django.conf import settings
from django.urls import path

from games.baseline import BroadcastFloorConsumer
from games.consumers import RoomConsumer

websocket_urlpatterns = [
    path("ws/rooms/<str:code>/", RoomConsumer.as_asgi()),
]
if settings.GAMES_LOAD_BASELINE:
    # bench/load.py's floor (off unless asked for: it relays anything to anyone).
    websocket_urlpatterns.append(
        path("ws/baseline/<slug:group>/", BroadcastFloorConsumer.as_asgi()))
