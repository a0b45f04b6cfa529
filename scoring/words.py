"""Words people read, marked for translation without tying the rules engine to Django.

``gettext_noop`` returns its argument unchanged; Django's ``makemessages`` gathers every
string passed to it into the catalogs, and the ``games`` app shows it in the viewer's
language with ``gettext`` (docs/decisions/0019-languages.md).  A sentence with values in
it is a ``Words``: its marked template and named params, said in English by ``str`` and
in the viewer's language by ``common.words.say``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Union

Param = Union[str, int, "Words"]


def gettext_noop(message: str) -> str:
    """``message`` itself, marked for the translation catalogs."""
    return message


@dataclass(frozen=True)
class Words:
    """A marked ``template`` and its named ``params``: strings are words to translate in
    turn (box titles), ``Words`` are said first, numbers are put in as they are.

    >>> str(Words("the %(box)s box is already filled", {"box": "Ones"}))
    'the Ones box is already filled'
    >>> str(Words("Keep %(dice)s.", {"dice": Words("the %(run)s", {"run": "2-3-4-5"})}))
    'Keep the 2-3-4-5.'
    """

    template: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def __str__(self) -> str:
        if not self.params:
            return self.template
        return self.template % {
            key: str(value) if isinstance(value, Words) else value
            for key, value in self.params.items()
        }
