"""Root URL configuration: the admin, then the games app at the site root."""

from django.contrib import admin
from django.urls import include, path

from games.web.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("", include("games.web.urls")),
]
