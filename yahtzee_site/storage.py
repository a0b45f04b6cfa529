"""Static files in production: named by their content, compressed, imports rewritten.

WhiteNoise's ``CompressedManifestStaticFilesStorage`` gives every file a name with its
content's hash (``js/room.1a2b3c4d5e6f.js``), which WhiteNoise serves with a year's
``Cache-Control: immutable``, plus gzip and Brotli copies.  Django rewrites the URLs a
stylesheet names; with ``support_js_module_import_aggregation`` it also rewrites the
relative ``import … from "./x.js"`` of ES modules to hashed names, so a page loads every
module of one release and none is asked again while it lasts
(docs/decisions/0027-versioned-and-compressed-assets.md).
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class VersionedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's hashed, compressed storage, rewriting ES module imports too."""

    support_js_module_import_aggregation = True
    # A module's hash covers its imports' hashed names, so each pass settles at least one
    # more level of the import tree; Django gives up after this many (it defaults to 5).
    # tests/test_layout.py keeps the deepest chain of imports below it.
    max_post_process_passes = 20
