"""The friends pages' URLs, under ``/friends/``, spliced into the site's URL map
(``games.web.urls``: their names are the ``games`` namespace's)."""

from django.urls import path

from friends.web import actions, link, pages

urlpatterns = [
    path("friends/", pages.friends_page, name="friends"),
    path("friends/privacy/", pages.privacy_save, name="friends_privacy"),
    path("friends/add/", actions.friend_add_by_name, name="friend_add_by_name"),
    path("friends/add/player/", actions.friend_add, name="friend_add"),
    path("friends/add/<str:token>/", link.friend_link, name="friend_link"),
    path("friends/link/qr.svg", link.friend_link_qr, name="friend_link_qr"),
    path("friends/accept/", actions.friend_accept, name="friend_accept"),
    path("friends/decline/", actions.friend_decline, name="friend_decline"),
    path("friends/cancel/", actions.friend_cancel, name="friend_cancel"),
    path("friends/remove/", actions.friend_unfriend, name="friend_remove"),
    path("friends/block/", actions.player_block, name="player_block"),
    path("friends/unblock/", actions.player_unblock, name="player_unblock"),
]
