"""Pages and the JavaScript catalog go gzipped to a browser that accepts it; the site's
stylesheet is its component files joined in order.

(That every script a production page loads is a versioned name cached for good is
tested against ``make serve`` in tests/test_serve.py.)
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from django.test import Client

from yahtzee_site.stylesheet import joined

CSS = Path(__file__).resolve().parent.parent / "static" / "css"
TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]+"')


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/rules/yahtzee/", "/jsi18n/"])
def test_pages_are_gzipped_for_a_browser_that_accepts_it(client: Client, path: str) -> None:
    plain = client.get(path)
    packed = client.get(path, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    page = gzip.decompress(packed.content)
    # The same page (but the CSRF token, masked anew on every answer), a third or less.
    assert TOKEN.sub(b"", page) == TOKEN.sub(b"", plain.content)
    assert len(packed.content) < len(page) / 3
    # The security headers are still there.
    assert "script-src 'self'" in packed["Content-Security-Policy"]


@pytest.mark.django_db
def test_a_tiny_answer_and_a_browser_without_gzip_get_it_plain(client: Client) -> None:
    assert "Content-Encoding" not in client.get("/healthz", HTTP_ACCEPT_ENCODING="gzip")
    assert "Content-Encoding" not in client.get("/", HTTP_ACCEPT_ENCODING="identity")


def reader(folder: Path) -> Callable[[str], str]:
    """Reads ``css/<name>`` from ``folder``, as the storage and the finders do."""

    def read(name: str) -> str:
        path = folder / name.removeprefix("css/")
        if not path.exists():
            raise ValueError(f"{name} is not a static file")
        return path.read_text()

    return read


def test_the_site_stylesheet_is_every_component_file_once_in_its_order() -> None:
    index = (CSS / "index.css").read_text()
    order = re.findall(r'^@import "([\w-]+\.css)";$', index, re.MULTILINE)
    # Every stylesheet but the admin's own is one of them, and only once.
    assert sorted(order) == sorted(
        {p.name for p in CSS.glob("*.css")} - {"index.css", "admin_moderation.css"}
    )
    assert order[0] == "base.css" and order[-1] == "compact.css"
    assert joined(reader(CSS)) == "\n".join((CSS / name).read_text() for name in order)


@pytest.mark.django_db  # closing a streamed response closes stale DB connections
def test_with_debug_on_the_site_stylesheet_is_joined_at_each_request(client: Client) -> None:
    response = client.get("/static/css/site.css")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/css; charset=utf-8"
    assert response.content.decode() == joined(reader(CSS))


@pytest.mark.parametrize(
    ("index", "error"),
    [
        ('@import "a.css";\n.b { color: red; }\n', "may hold only"),
        ('@import "a.css" screen;\n', "may hold only"),
        ('@import "../a.css";\n', "may hold only"),
        ('@import "missing.css";\n', "css/missing.css is not a static file"),
    ],
)
def test_an_index_that_is_not_only_imports_stops_collectstatic(
    tmp_path: Path, index: str, error: str
) -> None:
    (tmp_path / "a.css").write_text(".a { color: blue; }\n")
    (tmp_path / "index.css").write_text(f"/* Parts. */\n{index}")
    with pytest.raises(ValueError, match=re.escape(error)):
        joined(reader(tmp_path))
    (tmp_path / "index.css").write_text('/* Parts.\n   More. */\n@import "a.css";\n')
    assert joined(reader(tmp_path)) == ".a { color: blue; }\n"
