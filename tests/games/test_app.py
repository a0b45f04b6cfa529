"""The installable app's files: the manifest and its icons, the service worker, the
offline page, and the tags every page carries for phones (iOS included)."""

import json
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db

STATIC = Path(settings.BASE_DIR) / "static"


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_names_the_app_its_icons_and_its_start(client: Client) -> None:
    response = client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="fr")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert (manifest["name"], manifest["start_url"], manifest["display"]) == (
        "Five Dice",
        "/",
        "standalone",
    )
    assert manifest["lang"] == "fr" and "entre amis" in manifest["description"]
    sizes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        path = STATIC / icon["src"].removeprefix(settings.STATIC_URL)
        assert path.exists(), icon["src"]
        if icon["type"] == "image/png":
            width, height = png_size(path)
            assert f"{width}x{height}" == icon["sizes"]
    assert manifest["shortcuts"][0]["url"] == "/games/"


def test_the_service_worker_is_served_from_the_root_and_never_kept_stale(client: Client) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    text = response.content.decode()
    assert '"/offline/"' in text and "css/site" in text and "/jsi18n/" in text
    assert client.get("/offline/").status_code == 200


def test_every_page_links_the_manifest_and_the_phone_tags(client: Client) -> None:
    html = client.get("/").content.decode()
    for tag in (
        '<link rel="manifest" href="/manifest.webmanifest">',
        '<meta name="theme-color" content="#14532d">',
        '<meta name="apple-mobile-web-app-capable" content="yes">',
        '<meta name="apple-mobile-web-app-title" content="Five Dice">',
        'rel="apple-touch-icon"',
        "js/install.js",
    ):
        assert tag in html, tag
    assert png_size(STATIC / "img" / "apple-touch-icon.png") == (180, 180)
