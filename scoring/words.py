"""Words people read, marked for translation without tying the rules engine to Django.

``gettext_noop`` returns its argument unchanged; Django's ``makemessages`` gathers every
string passed to it into the catalogs, and the ``games`` app shows it in the viewer's
language with ``gettext`` (docs/decisions/0019-languages.md).
"""

from __future__ import annotations


def gettext_noop(message: str) -> str:
    """``message`` itself, marked for the translation catalogs."""
    return message
