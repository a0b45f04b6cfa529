"""Websocket routes."""

from django.urls import path

from games.realtime.consumers import RoomConsumer
from notices.realtime.me import MeConsumer

websocket_urlpatterns = [
    path("ws/rooms/<str:code>/", RoomConsumer.as_asgi()),  # type: ignore[arg-type]  # path() is typed for views
    path("ws/me/", MeConsumer.as_asgi()),  # type: ignore[arg-type]  # the bell (decision 0071)
]
