"""URLs of the games app, mounted at the site root."""

from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/<slug:variant>/", views.rules, name="rules"),
]
