"""System checks that refuse unsafe production settings.

They run with every management command (``migrate``, ``check``) and at ASGI
start-up (yahtzee_site/asgi.py), not only under ``check --deploy``: with DEBUG
off, the site must have a real SECRET_KEY, some ALLOWED_HOSTS and a channel
layer shared between processes (unless ``ONE_PROCESS`` says one process serves it all).
A site of several processes that writes its emails to the console is warned.
In every mode, a ``SITE_URL`` whose host is not in ``ALLOWED_HOSTS`` is warned about:
its invite links would lead to the 400 page.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from urllib.parse import urlsplit

from channels.layers import InMemoryChannelLayer
from django.apps import AppConfig
from django.conf import settings
from django.core.checks import Error, Tags, Warning, register
from django.utils.module_loading import import_string

from common.channel_layer import ProcessChannelLayer


def in_process_layer(backend: str) -> bool:
    """Whether the channel layer ``backend`` (a dotted path) keeps its messages inside one
    process: channels' in-memory layer, the site's own (``common.channel_layer``), or a
    subclass of either."""
    if not backend:
        return True
    try:
        layer = import_string(backend)
    except ImportError:
        return False  # a layer that cannot load fails at start-up with its own error
    return isinstance(layer, type) and issubclass(
        layer, (InMemoryChannelLayer, ProcessChannelLayer)
    )


@register(Tags.security)
def check_production_settings(
    app_configs: Sequence[AppConfig] | None = None, **kwargs: Any
) -> list[Error | Warning]:
    """Return errors for local-only settings used with DEBUG off.

    With DEBUG on (local play) every value is acceptable and nothing is returned.
    """
    if settings.DEBUG:
        return []
    return [*_production_errors(), *_email_warnings()]


def _email_warnings() -> Iterable[Warning]:
    """A production site of several processes whose password reset emails would only be
    written to a server's log.  (``make serve``, one process on a host's own machine,
    may keep the console: its host reads the links in the terminal.)"""
    console = settings.EMAIL_BACKEND == "django.core.mail.backends.console.EmailBackend"
    if console and not getattr(settings, "ONE_PROCESS", False):
        yield Warning(
            "Emails (password resets, address confirmations) are written to the console "
            "while DEBUG is off: nobody receives them.",
            hint="Set EMAIL_HOST (and EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, "
            "EMAIL_USE_TLS, DEFAULT_FROM_EMAIL) to send them over SMTP.",
            id="yahtzee_site.W001",
        )


def _production_errors() -> Iterable[Error]:
    secret_key = getattr(settings, "SECRET_KEY", "") or ""
    if not secret_key or secret_key.startswith("django-insecure-"):
        yield Error(
            "SECRET_KEY is the insecure local default while DEBUG is off.",
            hint="Set the SECRET_KEY environment variable to a long random value.",
            id="yahtzee_site.E001",
        )
    if not settings.ALLOWED_HOSTS:
        yield Error(
            "ALLOWED_HOSTS is empty while DEBUG is off, so every request would be refused.",
            hint="Set ALLOWED_HOSTS to the comma-separated host names the site is served on.",
            id="yahtzee_site.E002",
        )
    layers = getattr(settings, "CHANNEL_LAYERS", {}) or {}
    backend = layers.get("default", {}).get("BACKEND", "")
    if in_process_layer(backend) and not getattr(settings, "ONE_PROCESS", False):
        yield Error(
            "The channel layer is in-memory while DEBUG is off: players connected to "
            "different processes would not see each other's moves.",
            hint="Set REDIS_URL (e.g. redis://127.0.0.1:6379/0) to use the Redis channel layer, "
            "or ONE_PROCESS=1 if exactly one server process serves the site.",
            id="yahtzee_site.E003",
        )


# What Django allows when DEBUG is on and ALLOWED_HOSTS is empty.
_DEBUG_HOSTS = (".localhost", "127.0.0.1", "[::1]")


def host_allowed(host: str, patterns: Iterable[str]) -> bool:
    """Whether ``host`` (a name, or an IPv6 address in brackets) matches one of the
    ``ALLOWED_HOSTS`` entries ``patterns`` ("*", a name, or ".name" for it and its
    subdomains), as Django matches them.

    >>> host_allowed("www.dice.example", [".dice.example"]), host_allowed("x.test", ["y"])
    (True, False)
    """
    host = host.lower().rstrip(".")
    for pattern in (p.lower() for p in patterns):
        if pattern == "*" or pattern == host:
            return True
        if pattern.startswith(".") and (host.endswith(pattern) or host == pattern[1:]):
            return True
    return False


@register(Tags.security)
def check_site_url(app_configs: Sequence[AppConfig] | None = None, **kwargs: Any) -> list[Warning]:
    """Warn when ``SITE_URL``, which invite links use, names a host the site refuses."""
    site_url = getattr(settings, "SITE_URL", "")
    if not site_url:
        return []
    name = urlsplit(site_url).hostname or ""
    host = f"[{name}]" if ":" in name else name
    allowed = settings.ALLOWED_HOSTS or (_DEBUG_HOSTS if settings.DEBUG else [])
    if host_allowed(host, allowed):
        return []
    return [
        Warning(
            f"SITE_URL names the host {host!r}, which is not in ALLOWED_HOSTS: every invite "
            "link would lead to the 400 page.",
            hint=f"Add {host} to ALLOWED_HOSTS, or set SITE_URL to an address the site answers to.",
            id="yahtzee_site.W002",
        )
    ]
