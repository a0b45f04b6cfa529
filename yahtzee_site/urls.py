"""Root URL configuration: the admin, then the games app at the site root.

Errors a visitor can reach are answered by the site's own pages (common/error_pages.py).
"""

from django.conf import settings
from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView
from django.views.i18n import JavaScriptCatalog

from accounts.web.language import choose_language
from games.web.health import healthz
from metrics.web.exposition import metrics_page
from yahtzee_site.stylesheet import STYLESHEET, stylesheet


class FaviconView(RedirectView):
    """``/favicon.ico``, which browsers ask for on pages that name no icon: the site's."""

    permanent = True

    def get_redirect_url(self, *args: object, **kwargs: object) -> str:
        return static("img/favicon.svg")


urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("metrics", metrics_page, name="metrics"),
    path("favicon.ico", FaviconView.as_view(), name="favicon"),
    path("language/", choose_language, name="set_language"),
    # The JavaScript's strings in the page's language (Django's catalog: gettext, ngettext
    # and interpolate as globals); language-prefixed URLs are not used.
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript_catalog"),
    path("admin/", admin.site.urls),
    # The stylesheet where no collected file holds it: with DEBUG on (yahtzee_site/stylesheet.py).
    path(settings.STATIC_URL.lstrip("/") + STYLESHEET, stylesheet, name="stylesheet"),
    path("", include("games.web.urls")),
]

handler400 = "common.error_pages.bad_request"
handler403 = "common.error_pages.permission_denied"
handler404 = "common.error_pages.page_not_found"
handler500 = "common.error_pages.server_error"
