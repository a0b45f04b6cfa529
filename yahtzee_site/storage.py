"""Static files in production: named by their content, compressed, imports rewritten.

WhiteNoise's ``CompressedManifestStaticFilesStorage`` gives every file a name with its
content's hash (``js/room.1a2b3c4d5e6f.js``), which WhiteNoise serves with a year's
``Cache-Control: immutable``, plus gzip and Brotli copies.  Django rewrites the URLs a
stylesheet names; with ``support_js_module_import_aggregation`` it also rewrites the
relative ``import … from "./x.js"`` of ES modules to hashed names, so a page loads every
module of one release and none is asked again while it lasts
(docs/decisions/0027-versioned-and-compressed-assets.md).

It also writes ``css/site.css``, the component stylesheets joined in the order
``css/index.css`` gives (``stylesheet.py``, docs/decisions/0034-css-in-component-files.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.storage import Storage
from whitenoise.storage import CompressedManifestStaticFilesStorage

from yahtzee_site.stylesheet import STYLESHEET, joined

Paths = dict[str, tuple[Storage, str]]


def read_text(paths: Paths, name: str) -> str:
    """The text of the static file ``name`` among the files collectstatic found."""
    if name not in paths:
        raise ValueError(f"{name} is not a static file")
    storage, path = paths[name]
    with storage.open(path) as file:
        content: bytes = file.read()
    return content.decode()


class VersionedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's hashed, compressed storage, rewriting ES module imports too, and
    writing the site's stylesheet from its component files."""

    support_js_module_import_aggregation = True
    # A module's hash covers its imports' hashed names, so each pass settles at least one
    # more level of the import tree; Django gives up after this many (it defaults to 5).
    # tests/test_layout.py keeps the deepest chain of imports below it.
    max_post_process_passes = 20

    def post_process(
        self,
        *args: Any,
        **kwargs: Any,
    ) -> Iterator[tuple[str, str, bool] | tuple[str, None, RuntimeError]]:
        """Write ``css/site.css`` among the files collectstatic found, then hash and
        compress them all (called as ``post_process(paths, dry_run=...)``)."""
        paths: Paths = dict(args[0])
        if not kwargs.get("dry_run"):
            text = joined(lambda name: read_text(paths, name))
            if self.exists(STYLESHEET):
                self.delete(STYLESHEET)
            self.save(STYLESHEET, ContentFile(text.encode()))
            paths[STYLESHEET] = (self, STYLESHEET)
        # WhiteNoise's post_process has no annotations.
        yield from super().post_process(paths, *args[1:], **kwargs)  # type: ignore[no-untyped-call]
