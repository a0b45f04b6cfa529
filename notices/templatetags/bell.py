"""The header's bell: its button with the unread count, for the player of the page
(nothing for a visitor who is no one, who has no bell and opens no socket)."""

from __future__ import annotations

from typing import Any

from django import template

from accounts.services.players import current_player
from notices.selectors.bell import bell_unread

register = template.Library()


@register.inclusion_tag("notices/bell_button.html", takes_context=True)
def bell_button(context: template.Context) -> dict[str, Any]:
    """The bell's button and panel when the page's visitor is a player, with their
    unread count."""
    request = context.get("request")
    # A page answered before the session or the user is known (a host the site does not
    # answer to) shows no bell.
    session, user = getattr(request, "session", None), getattr(request, "user", None)
    player = None if session is None or user is None else current_player(session, user)
    return {
        "player": player,
        "unread": 0 if player is None else bell_unread(player.pk),
    }
