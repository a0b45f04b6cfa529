"""The groups pages' URLs, under ``/groups/``, spliced into the site's URL map
(``games.web.urls``: their names are the ``games`` namespace's)."""

from django.urls import path

from groups.web import actions, join, pages

urlpatterns = [
    path("groups/", pages.groups_page, name="groups"),
    path("groups/new/", actions.group_new, name="group_new"),
    path("groups/join/<str:token>/", join.group_join_page, name="group_join"),
    path("groups/<int:group_id>/", pages.group_page, name="group"),
    path("groups/<int:group_id>/qr.svg", pages.group_qr, name="group_qr"),
    path("groups/<int:group_id>/add/", actions.group_add, name="group_add"),
    path("groups/<int:group_id>/remove/", actions.group_remove, name="group_remove"),
    path("groups/<int:group_id>/owner/", actions.group_hand_on, name="group_hand_on"),
    path("groups/<int:group_id>/leave/", actions.group_quit, name="group_leave"),
    path("groups/<int:group_id>/settings/", actions.group_settings, name="group_settings"),
    path("groups/<int:group_id>/report/", actions.group_report, name="group_report"),
    path("groups/<int:group_id>/games/new/", actions.group_game, name="group_game"),
]
