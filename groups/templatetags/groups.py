"""Template filters of the groups pages: a variant's title, a season's month."""

from __future__ import annotations

from datetime import date

from django import template
from django.utils.formats import date_format

from common.rule_texts import variant_title

register = template.Library()


@register.filter
def variant(name: str) -> str:
    """The title of the variant named ``name`` in the active language."""
    return variant_title(name)


@register.filter
def season(key: str) -> str:
    """A season (``YYYY-MM``) as its month and year in the active language."""
    year, month = key.split("-")
    return date_format(date(int(year), int(month), 1), "YEAR_MONTH_FORMAT")
