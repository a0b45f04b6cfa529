"""Pages and the JavaScript catalog go gzipped to a browser that accepts it.

(That every script a production page loads is a versioned name cached for good is
tested against ``make serve`` in tests/test_serve.py.)
"""

from __future__ import annotations

import gzip
import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db
TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]+"')


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


def test_a_tiny_answer_and_a_browser_without_gzip_get_it_plain(client: Client) -> None:
    assert "Content-Encoding" not in client.get("/healthz", HTTP_ACCEPT_ENCODING="gzip")
    assert "Content-Encoding" not in client.get("/", HTTP_ACCEPT_ENCODING="identity")
