"""Every variant's words in the active language: what pages embed next to the state.

The room state's ``ruleset`` holds keys and numbers only (``play.selectors.views``),
the same JSON for every viewer; each page draws it with these words, in its reader's
language (docs/decisions/0020-a-language-neutral-room-state.md).  The rules engine
marks its English with ``scoring.words``; this module translates it with ``gettext``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

from django.utils import translation
from django.utils.translation import gettext, pgettext

from common.words import say_words
from scoring import rulesets
from scoring.ruleset import RuleSet
from scoring.words import Words


def said(phrase: Words) -> str:
    """A sentence of the rules engine in the active language."""
    return say_words(phrase)


def variant_title(name: str) -> str:
    """How people call a variant, in the active language ("Yam's")."""
    return gettext(rulesets.get(name).title)


def section_title(section: str) -> str:
    """A section's heading ("Upper section"), in the active language."""
    titles = {
        "upper": gettext("Upper section"),
        "middle": gettext("Middle section"),
        "lower": gettext("Lower section"),
    }
    return titles.get(section) or section.replace("_", " ").capitalize()


def words_of(rs: RuleSet) -> dict[str, Any]:
    """One variant with its options in words: title, summary, columns, boxes, rules."""
    return {
        "name": rs.name,
        "options": dict(rs.options),
        "title": gettext(rs.title),
        "summary": gettext(rs.summary),
        "columns": {
            c: {"title": gettext(rs.column_title(c)), "rule": gettext(rs.column_rule(c))}
            for c in rs.columns
        },
        "boxes": {
            k: {"title": gettext(rs.box_title(k)), "rule": said(rs.box_rule_phrase(k))}
            for k in rs.categories
        },
        "sections": {name: section_title(name) for name, _keys in rs.sections},
        "special_rules": [said(p) for p in rs.special_rule_phrases()],
    }


def every_ruleset(names: tuple[str, ...] | None = None) -> list[RuleSet]:
    """Each variant of ``names`` (default all) with each combination of its options."""
    found = []
    for name in names or rulesets.names():
        choices = rulesets.option_choices(name)
        for values in product(*choices.values()):
            found.append(rulesets.get(name, **dict(zip(choices, values, strict=True))))
    return found


@lru_cache(maxsize=32)
def _rule_texts(language: str | None, names: tuple[str, ...] | None) -> list[dict[str, Any]]:
    with translation.override(language):
        return [words_of(rs) for rs in every_ruleset(names)]


def rule_texts(names: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """``words_of`` every variant of ``names`` (default all) and option combination, in
    the active language: what a page embeds with ``json_script`` as ``rule-texts``."""
    return _rule_texts(translation.get_language(), names)


@dataclass(frozen=True)
class VariantView:
    """A variant as the home page and the settings form list it, in the active language."""

    name: str
    title: str
    summary: str
    categories: tuple[str, ...]
    columns: tuple[str, ...]

    @property
    def shape(self) -> str:
        """ "13 boxes", or "12 boxes x 4 columns" (with a multiplication sign)."""
        if len(self.columns) > 1:
            return gettext("%(boxes)s boxes × %(columns)s columns") % {  # noqa: RUF001
                "boxes": len(self.categories),
                "columns": len(self.columns),
            }
        return gettext("%(boxes)s boxes") % {"boxes": len(self.categories)}


def variant_list() -> list[VariantView]:
    """Every variant with its default options, in the order the site shows them."""
    found = []
    for name in rulesets.names():
        rs = rulesets.get(name)
        found.append(
            VariantView(
                name=name,
                title=gettext(rs.title),
                summary=gettext(rs.summary),
                categories=rs.categories,
                columns=rs.columns,
            )
        )
    return found


def bot_level_title(level: str) -> str:
    """A bot level in words ("Beginner"), in the active language."""
    titles = {
        "beginner": pgettext("bot level", "Beginner"),
        "expert": pgettext("bot level", "Expert"),
    }
    return titles.get(level) or level.replace("_", " ").capitalize()
