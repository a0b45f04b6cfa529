"""The open tables' URLs, under ``/tables/``, spliced into the site's URL map
(``games.web.urls``: their names are the ``games`` namespace's)."""

from django.urls import path

from lobby.web import tables

urlpatterns = [
    path("tables/", tables.tables_page, name="tables"),
    path("tables/play-now/", tables.tables_play_now, name="tables_play_now"),
    path("tables/opponent/", tables.tables_find_opponent, name="tables_find_opponent"),
    path("tables/opponent/stop/", tables.tables_stop_waiting, name="tables_stop_waiting"),
]
