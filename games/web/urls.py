"""URLs of the games app, mounted at the site root."""

from django.urls import path

from accounts.web import accounts as account_views
from accounts.web import emails, passwords
from coach.web import review
from daily.web import daily, daily_card
from friends.web import urls as friends_urls
from games.web import app, group_ratings, history
from games.web import pages as views
from games.web import profiles as profile_views
from games.web import rooms as room_views
from groups.web import urls as groups_urls
from lobby.web import urls as lobby_urls
from notices.web import bell, notices, push
from ratings.web import leaderboards
from rooms.web import invite_pages, share, whereabouts

app_name = "games"

urlpatterns = [
    path("", views.home, name="home"),
    path("manifest.webmanifest", app.manifest, name="manifest"),
    path("sw.js", app.service_worker, name="service_worker"),
    path("offline/", app.offline, name="offline"),
    path("push/subscribe/", push.push_subscribe, name="push_subscribe"),
    path("push/unsubscribe/", push.push_unsubscribe, name="push_unsubscribe"),
    path("notifications/", notices.notices, name="notices"),
    path("notifications/unsubscribe/<str:token>/", notices.unsubscribe, name="notices_unsubscribe"),
    path("go/<str:token>/", notices.room_link, name="room_link"),
    *friends_urls.urlpatterns,
    *lobby_urls.urlpatterns,
    path("friends/whereabouts.json", whereabouts.friends_whereabouts, name="friends_whereabouts"),
    *groups_urls.urlpatterns,
    path(
        "groups/<int:group_id>/ratings/<slug:variant>/",
        group_ratings.group_leaderboard,
        name="group_ratings",
    ),
    path("notices/bell/", bell.bell_page, name="bell"),
    path("notices/bell/read/", bell.bell_read_everything, name="bell_read_all"),
    path("notices/bell/<int:item>/", bell.bell_open, name="bell_open"),
    path("rules/<slug:variant>/", views.rules, name="rules"),
    path("daily/", daily.daily_index, name="daily"),
    path("daily/play/", daily.daily_play, name="daily_play"),
    path("daily/shared/<str:code>/", daily.daily_shared, name="daily_shared"),
    path("daily/shared/<str:code>/card.png", daily_card.daily_card, name="daily_card"),
    path("daily/<str:ruleset>/<str:day>/", daily.daily_result, name="daily_result"),
    path("rooms/new/", room_views.room_create, name="room_create"),
    path("rooms/find/", room_views.room_find, name="room_find"),
    path("games/", views.your_games, name="your_games"),
    path("r/<str:code>/", room_views.room, name="room"),
    path("r/<str:code>/join/", room_views.room_join, name="room_join"),
    path("r/<str:code>/qr.svg", share.room_qr, name="room_qr"),
    path("rooms/<str:code>/invite/", invite_pages.room_invite, name="room_invite"),
    path("invites/<int:invite_id>/", invite_pages.invite_page, name="invite"),
    path("r/<str:code>/games/<int:number>/review/", review.game_review, name="game_review"),
    path("r/<str:code>/games/", history.game_history, name="game_history"),
    path("r/<str:code>/games/<int:number>/replay/", history.game_replay, name="game_replay"),
    path("r/<str:code>/games/<int:number>/compare/", history.game_compare, name="game_compare"),
    path("players/me/", profile_views.my_profile, name="my_profile"),
    path("players/<int:player_id>/", profile_views.player_profile, name="player_profile"),
    path("ratings/<slug:variant>/", leaderboards.ratings_leaderboard, name="ratings"),
    path(
        "ratings/<slug:variant>/friends/",
        leaderboards.ratings_among_friends,
        name="ratings_friends",
    ),
    path("account/", account_views.account, name="account"),
    path("account/sign-up/", account_views.sign_up, name="sign_up"),
    path("account/sign-in/", account_views.SignInView.as_view(), name="login"),
    path("account/sign-out/", account_views.SignOutView.as_view(), name="logout"),
    path("account/password/", account_views.PasswordChangeView.as_view(), name="password_change"),
    path("account/delete/", account_views.account_delete, name="account_delete"),
    path("account/email/", emails.email_change, name="email_change"),
    path("account/email/confirm/<str:token>/", emails.email_confirm, name="email_confirm"),
    path("account/password/reset/", passwords.PasswordResetView.as_view(), name="password_reset"),
    path(
        "account/password/reset/sent/",
        passwords.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "account/password/reset/<uidb64>/<token>/",
        passwords.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
]
