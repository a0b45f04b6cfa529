"""Websocket routes."""

from django.urls import path

from games.realtime.consumers import RoomConsumer

websocket_urlpatterns = [
    path("ws/rooms/<str:code>/", RoomConsumer.as_asgi()),  # type: ignore[arg-type]  # path() is typed for views
]
