"""Start-up guard shared by the ASGI and WSGI entry points."""

from __future__ import annotations

from django.core.checks import Tags, run_checks
from django.core.exceptions import ImproperlyConfigured


def refuse_unsafe_settings() -> None:
    """Raise ``ImproperlyConfigured`` if a security system check reports an error.

    Servers such as Daphne do not run Django's system checks themselves; calling
    this at import time makes a production process with local-only settings
    (DEBUG off plus a default SECRET_KEY, no ALLOWED_HOSTS or an in-memory
    channel layer) stop at once with the checks' messages. With DEBUG on it
    does nothing.
    """
    errors = [m for m in run_checks(tags=[Tags.security]) if m.is_serious() and not m.is_silenced()]
    if errors:
        lines = "\n".join(f"  {m.id}: {m.msg} {m.hint or ''}".rstrip() for m in errors)
        raise ImproperlyConfigured(f"Refusing to start with unsafe settings:\n{lines}")
