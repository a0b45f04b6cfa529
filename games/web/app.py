"""The installable web app: its manifest, its service worker and the page it shows
offline (docs/decisions/0041)."""

from __future__ import annotations

import hashlib

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, get_language_bidi, gettext
from django.views.decorators.http import require_GET

THEME_COLOR = "#14532d"  # the felt
BACKGROUND_COLOR = "#fffdf7"
# What the offline page needs, kept by the service worker.
OFFLINE_ASSETS = ("css/site.css", "img/favicon.svg", "js/theme.js", "js/install.js")


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: name, icons (maskable too), colours, start page, shortcuts."""
    icons = [
        {
            "src": static("img/icon-192.png"),
            "sizes": "192x192",
            "type": "image/png",
            "purpose": "any",
        },
        {
            "src": static("img/icon-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "any",
        },
        {
            "src": static("img/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
        {"src": static("img/icon.svg"), "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
    ]
    data = {
        "id": "/",
        "name": "Five Dice",
        "short_name": "Five Dice",
        "description": gettext(
            "Yahtzee, Yatzy, Yam's and Triple Yahtzee with friends, live or by the day."
        ),
        "lang": get_language(),
        "dir": "rtl" if get_language_bidi() else "ltr",
        "start_url": reverse("games:home"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "categories": ["games", "entertainment"],
        "icons": icons,
        "shortcuts": [
            {
                "name": gettext("Your games"),
                "url": reverse("games:your_games"),
                "icons": [{"src": static("img/icon-192.png"), "sizes": "192x192"}],
            }
        ],
    }
    response = JsonResponse(
        data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, at the site's root so that it controls every page; its cache's
    name changes with the files it keeps."""
    assets = [static(path) for path in OFFLINE_ASSETS] + [reverse("javascript_catalog")]
    version = hashlib.sha256("\n".join(assets).encode()).hexdigest()[:12]
    response = render(
        request,
        "app/sw.js",
        {"assets": assets, "version": version, "icon": static("img/icon-192.png")},
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """What a page shows when the device is offline (the service worker keeps it)."""
    return render(request, "app/offline.html")
