"""Words people read, marked for translation without tying the rules engine to Django.

``gettext_noop`` returns its argument unchanged; Django's ``makemessages`` gathers every
string passed to it into the catalogs, and the ``games`` app shows it in the viewer's
language with ``gettext`` (docs/decisions/0019-languages.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple


def gettext_noop(message: str) -> str:
    """``message`` itself, marked for the translation catalogs."""
    return message


class Phrase(NamedTuple):
    """A marked sentence and the numbers of its ``%(name)s`` placeholders.

    ``str(phrase)`` is the English sentence; the ``games`` app shows it translated with
    ``gettext(phrase.template) % phrase.params``.
    """

    template: str
    params: Mapping[str, int] = MappingProxyType({})

    def __str__(self) -> str:
        return self.template % self.params
