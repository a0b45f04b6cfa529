"""Template tags for links that leave the site: absolute URLs for link previews."""

from __future__ import annotations

from django import template
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest
from django.templatetags.static import static

register = template.Library()


def _absolute(context: template.Context, location: str | None) -> str:
    request: HttpRequest = context["request"]
    try:
        return request.build_absolute_uri(location)
    except DisallowedHost:  # the 400 page for a host name that is not this site's
        return location if location is not None else request.get_full_path()


@register.simple_tag(takes_context=True)
def absolute_static(context: template.Context, path: str) -> str:
    """The full URL (scheme and host of the current request) of static file ``path``, as
    Open Graph previews need; just the path when the request's host is not allowed."""
    return _absolute(context, static(path))


@register.simple_tag(takes_context=True)
def absolute_url(context: template.Context) -> str:
    """The full URL of the current page (its path when the host is not allowed)."""
    return _absolute(context, None)
