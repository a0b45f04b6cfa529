"""The rules engine's words (``scoring.words``) said in the active language."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext

from scoring.words import Param, Words


def say(template: str, params: Mapping[str, Param] | None = None) -> str:
    """``template`` (marked with ``gettext_noop``) in the active language, filled with
    ``params``: strings (box titles, face words) are translated too, ``Words`` said
    likewise, numbers put in as they are."""
    text = gettext(template) if template else template
    if not params:
        return text
    return text % {key: _said(value) for key, value in params.items()}


def say_words(words: Words) -> str:
    """A ``Words`` sentence in the active language."""
    return say(words.template, words.params)


def _said(value: Param) -> str | int:
    if isinstance(value, Words):
        return say_words(value)
    if isinstance(value, str):
        return gettext(value) if value else value
    return value
