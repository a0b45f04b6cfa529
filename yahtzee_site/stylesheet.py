"""The site's stylesheet, ``css/site.css``: the component files ``css/index.css`` imports,
joined in its order (docs/decisions/0034-css-in-component-files.md).

``collectstatic`` writes it as a file (``storage.py``), hashed and compressed like the
others; with DEBUG on, where files are served from ``static/`` as they are, ``stylesheet``
joins it at each request. Either way a page links one stylesheet, and no browser (nor
axe-core in the browser tests) ever sees the imports.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from pathlib import Path

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse

INDEX = "css/index.css"
STYLESHEET = "css/site.css"
COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
IMPORT = re.compile(r'@import "([\w-]+\.css)";')


def joined(read: Callable[[str], str], index: str = INDEX) -> str:
    """The files ``index`` imports, joined in its order; ``read(name)`` is a static file's
    text.  ``index`` holds comments and ``@import "file.css";`` lines of files in its own
    folder, nothing else (ValueError): a rule, or an import for some media only, would not
    apply as written once joined."""
    folder = posixpath.dirname(index)
    parts = []
    for line in COMMENT.sub("", read(index)).splitlines():
        if line.strip():
            match = IMPORT.fullmatch(line.strip())
            if match is None:
                raise ValueError(f'{index} may hold only @import "file.css"; lines: {line!r}')
            parts.append(read(posixpath.join(folder, match[1])))
    return "\n".join(parts)


def read_found(name: str) -> str:
    """The text of the static file ``name`` as the staticfiles finders find it."""
    found = finders.find(name)
    if not isinstance(found, str):
        raise ValueError(f"{name} is not a static file")
    return Path(found).read_text()


def stylesheet(request: HttpRequest) -> HttpResponse:
    """``css/site.css`` where no file holds it: with DEBUG on, joined from ``static/``."""
    return HttpResponse(joined(read_found), content_type="text/css; charset=utf-8")
