"""Where a player's friends are, for the friends' pages (which cannot import the rooms
app): ``rooms.selectors.whereabouts``."""

from __future__ import annotations

from collections.abc import Sequence

from django import template

from accounts.models import Player
from rooms.selectors.whereabouts import Whereabouts, whereabouts_label, whereabouts_of

register = template.Library()


@register.simple_tag
def whereabouts(
    people: Sequence[Player], viewer: Player | None
) -> list[tuple[Player, Whereabouts, str]]:
    """Each of ``people`` with where they are as ``viewer`` sees it, and its words."""
    found = whereabouts_of([p.pk for p in people], viewer)
    return [(p, found[p.pk], whereabouts_label(found[p.pk])) for p in people]
