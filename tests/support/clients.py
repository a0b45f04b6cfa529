"""Browsers in tests: Django's test client with a player's session."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.test import Client

from accounts.models import Player
from accounts.services.players import SESSION_KEY

# What Django's test client answers: a response with the request, templates and context
# the client adds to it. django-stubs names that type; Django has no class of it (at run
# time the name, for annotations only, is the responses' base).
if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as ClientResponse
else:
    from django.http import HttpResponseBase as ClientResponse

__all__ = ["ClientResponse", "client_of"]


def client_of(player: Player | None = None, ip: str = "127.0.0.1", **kwargs: Any) -> Client:
    """A browser at ``ip`` whose session is ``player``'s (none: a first-time visitor)."""
    client = Client(REMOTE_ADDR=ip, **kwargs)
    if player is not None:
        session = client.session
        session[SESSION_KEY] = player.pk
        session.save()
    return client
