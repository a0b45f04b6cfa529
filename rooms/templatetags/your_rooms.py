"""The rooms a player sits in, for the pages of other parts of the site (the account
page counts them) without their code reaching into the rooms app."""

from __future__ import annotations

from django import template

from accounts.models import Player
from rooms.selectors.your_rooms import YourRoom, rooms_of

register = template.Library()


@register.simple_tag
def your_rooms_of(player: Player | None) -> list[YourRoom]:
    """``rooms_of(player)``: the rooms shown on the home page, newest first."""
    return rooms_of(player)
