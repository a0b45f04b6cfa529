"""What a browser loads for a page: its scripts and, transitively, the modules they import."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from urllib.parse import urljoin

# A static file's name with its content's hash, as Django's manifest storage writes it.
HASHED = re.compile(r"\.[0-9a-f]{12}\.(?:js|css|svg|png)$")
# What an ES module imports (static or dynamic): the name after ``from``, after a bare
# ``import``, or inside ``import(...)``.
IMPORTS = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+\.js)["']""")
SCRIPTS = re.compile(r"""<script[^>]*\ssrc="([^"]+)\"""")
YEAR = 365 * 24 * 3600


def fetch(
    url: str, opener: urllib.request.OpenerDirector | None = None, **headers: str
) -> tuple[int, dict[str, str], bytes]:
    """GET ``url`` (through ``opener``, say with a session's cookies); (status, headers,
    body as sent), errors included."""
    request = urllib.request.Request(url, headers=headers)
    try:
        with (opener or urllib.request.build_opener()).open(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def module_graph(
    base_url: str,
    page: str,
    opener: urllib.request.OpenerDirector | None = None,
) -> dict[str, dict[str, str]]:
    """Every script ``page`` loads (asked through ``opener``), and every module those
    import, transitively: {path: its answer's headers}.  Each is asked once, as a
    browser's module map does; an answer other than 200 fails."""
    status, _, body = fetch(base_url + page, opener)
    assert status == 200, page
    queue = [urljoin(base_url + page, src) for src in SCRIPTS.findall(body.decode())]
    seen: dict[str, dict[str, str]] = {}
    while queue:
        url = queue.pop()
        path = url.removeprefix(base_url)
        if path in seen:
            continue
        status, headers, script = fetch(url)
        assert status == 200, url
        seen[path] = headers
        if path.startswith("/static/"):
            queue += [urljoin(url, name) for name in IMPORTS.findall(script.decode())]
    return seen


def max_age(headers: dict[str, str]) -> int:
    """The ``max-age`` of an answer's ``Cache-Control`` (0 if none)."""
    found = re.search(r"max-age=(\d+)", headers.get("Cache-Control", ""))
    return int(found.group(1)) if found else 0
