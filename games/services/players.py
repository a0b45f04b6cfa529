"""Who is acting: a display name bound to the browser session (and to a user account)."""

from __future__ import annotations

import unicodedata

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction

from games.errors import ServiceError
from games.models import Player

SESSION_KEY = "player_id"
NAME_MAX = 24


def clean_name(raw: object) -> str:
    """A display name: 1-24 characters once trimmed, no control characters.

    >>> clean_name("  Ada  ")
    'Ada'
    >>> clean_name("A\\tda")
    Traceback (most recent call last):
    ...
    games.errors.ServiceError: a name cannot contain control characters
    """
    if not isinstance(raw, str):
        raise ServiceError("bad_name", "a name must be text")
    name = raw.strip()
    if not 1 <= len(name) <= NAME_MAX:
        raise ServiceError("bad_name", f"a name has 1 to {NAME_MAX} characters")
    if any(unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Co", "Cn"} for ch in name):
        raise ServiceError("bad_name", "a name cannot contain control characters")
    return name


def _signed_in(user: AbstractBaseUser | AnonymousUser | None) -> AbstractBaseUser | None:
    return user if user is not None and user.is_authenticated else None


def current_player(
    session: SessionBase, user: AbstractBaseUser | AnonymousUser | None = None
) -> Player | None:
    """The player of this browser session (or of the signed-in user), if they have one."""
    account = _signed_in(user)
    if account is not None:
        player = Player.objects.filter(user=account).first()
        if player is not None:
            session[SESSION_KEY] = player.pk
            return player
    player_id = session.get(SESSION_KEY)
    if player_id is None:
        return None
    player = Player.objects.filter(pk=player_id, bot_level="").first()
    if player is not None and account is not None and player.user_id not in (None, account.pk):
        return None  # this browser's player belongs to another account
    if player is not None and account is not None and player.user_id is None:
        player.user = account
        player.save(update_fields=["user"])
    return player


def player_register(
    *, session: SessionBase, name: object, user: AbstractBaseUser | AnonymousUser | None = None
) -> Player:
    """Become (or rename) the player of this session; links a signed-in user."""
    cleaned = clean_name(name)
    with transaction.atomic():
        player = current_player(session, user)
        if player is None:
            player = Player.objects.create(name=cleaned, user=_signed_in(user))
        elif player.name != cleaned:
            player.name = cleaned
            player.save(update_fields=["name"])
    session[SESSION_KEY] = player.pk
    return player
