"""Static files in production: named by their content, compressed, imports rewritten.

WhiteNoise's ``CompressedManifestStaticFilesStorage`` gives every file a name with its
content's hash (``js/room.1a2b3c4d5e6f.js``), which WhiteNoise serves with a year's
``Cache-Control: immutable``, plus gzip and Brotli copies.  Django rewrites the URLs a
stylesheet names; with ``support_js_module_import_aggregation`` it also rewrites the
relative ``import … from "./x.js"`` of ES modules to hashed names, so a page loads every
module of one release and none is asked again while it lasts
(docs/decisions/0027-versioned-and-compressed-assets.md).

``css/site.css`` only imports the site's component stylesheets, in cascade order; here it
is collected as their text joined in that order, so a page asks for one stylesheet
(docs/decisions/0034-css-in-component-files.md).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.storage import Storage
from whitenoise.storage import CompressedManifestStaticFilesStorage

COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
IMPORT = re.compile(r'@import "([\w-]+\.css)";')

Paths = dict[str, tuple[Storage, str]]


def read_text(paths: Paths, name: str) -> str:
    """The text of the static file ``name`` among the files collectstatic found."""
    if name not in paths:
        raise ValueError(f"{name} is not a static file")
    storage, path = paths[name]
    with storage.open(path) as file:
        content: bytes = file.read()
    return content.decode()


def joined_stylesheet(paths: Paths, name: str) -> str:
    """The stylesheets that ``name`` imports, joined in its order.

    ``name`` holds comments and ``@import "file.css";`` lines of files in its own folder,
    nothing else: with DEBUG on the browser reads it and follows the imports itself, and
    any other line would not apply there as it does once joined (ValueError)."""
    folder = posixpath.dirname(name)
    parts = []
    for line in COMMENT.sub("", read_text(paths, name)).splitlines():
        if line.strip():
            match = IMPORT.fullmatch(line.strip())
            if match is None:
                raise ValueError(f'{name} may hold only @import "file.css"; lines: {line!r}')
            parts.append(read_text(paths, posixpath.join(folder, match[1])))
    return "\n".join(parts)


class VersionedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's hashed, compressed storage, rewriting ES module imports too, with the
    site's stylesheet collected as the files it imports."""

    support_js_module_import_aggregation = True
    # A module's hash covers its imports' hashed names, so each pass settles at least one
    # more level of the import tree; Django gives up after this many (it defaults to 5).
    # tests/test_layout.py keeps the deepest chain of imports below it.
    max_post_process_passes = 20
    joined_stylesheets = ("css/site.css",)

    def post_process(self, paths: Paths, dry_run: bool = False,
                     **options: Any) -> Iterator[tuple[str, str | None, Any]]:
        """Write each joined stylesheet in place of its index, then hash and compress."""
        if not dry_run:
            paths = dict(paths)
            for name in self.joined_stylesheets:
                text = joined_stylesheet(paths, name)
                if self.exists(name):
                    self.delete(name)
                self.save(name, ContentFile(text.encode()))
                paths[name] = (self, name)
        yield from super().post_process(paths, dry_run=dry_run, **options)
