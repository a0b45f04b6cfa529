"""Template tags for links that leave the site: absolute URLs for link previews."""

from __future__ import annotations

from django import template
from django.templatetags.static import static

register = template.Library()


@register.simple_tag(takes_context=True)
def absolute_static(context: template.Context, path: str) -> str:
    """The full URL (scheme and host of the current request) of static file ``path``, as
    Open Graph previews need."""
    return context["request"].build_absolute_uri(static(path))


@register.simple_tag(takes_context=True)
def absolute_url(context: template.Context) -> str:
    """The full URL of the current page."""
    return context["request"].build_absolute_uri()
