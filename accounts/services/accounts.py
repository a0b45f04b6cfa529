"""Accounts: a guest player kept by signing up, found again by signing in, and deleted.

A guest is a ``Player`` bound to a browser session.  An account (Django's auth user)
holds at most one player (``Player.user``): the guest that signed up, or the player the
account made first.  Signing in on another browser brings that player back there.
"""

from __future__ import annotations

from typing import cast

from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction
from django.utils.translation import gettext

from accounts.models import Player
from accounts.services.players import ACCOUNT_KEY, SESSION_KEY
from accounts.signals import player_leaving
from common.errors import ServiceError
from common.news import News, Outcome

DELETED_NAME = "Deleted player"
# The backend a new account is signed in with (django-axes' backend only counts failures).
MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"
LANGUAGE_CODES = frozenset(code for code, _name in settings.LANGUAGES)


def _leave_rooms(player: Player) -> list[News]:
    """Have ``player`` leave the site's rooms (``signals.player_leaving``); the news of
    what its receivers committed."""
    news: list[News] = []
    for _receiver, committed in player_leaving.send(sender=Player, player=player):
        news.extend(cast("list[News]", committed))
    return news


def account_sign_in(
    *, session: SessionBase, user: User, guest: Player | None
) -> Outcome[Player | None]:
    """Bind this browser to ``user``'s player, after Django's ``login``; ``guest`` is the
    player the browser had before.  An account without a player takes the guest (its
    seats, games and reviews); an account that has one keeps it, and the guest, no
    longer reachable from any browser, leaves its open rooms (a live seat goes to a bot).
    Returns the player the browser now is (``None``: neither had one), with the news of
    the rooms the guest left."""
    news: list[News] = []
    with transaction.atomic():
        own = Player.objects.select_for_update().filter(user=user).first()
        if guest is not None:
            guest = Player.objects.select_for_update().get(pk=guest.pk)
        if own is None and guest is not None and guest.user_id is None:
            guest.user = user
            guest.save(update_fields=["user"])
            own = guest
        elif guest is not None and own is not None and guest.pk != own.pk and guest.user_id is None:
            news = _leave_rooms(guest)
    if own is not None:
        session[SESSION_KEY], session[ACCOUNT_KEY] = own.pk, user.pk
    else:
        session.pop(SESSION_KEY, None)
    return Outcome(own, tuple(news))


def account_delete(*, user: User) -> list[News]:
    """Delete ``user``'s account.  Their player stays in the games they played, named
    ``DELETED_NAME`` (scores, ranks and the move log are others' history too), leaves
    every open room as leaving does, and belongs to no one; the user is removed.
    The caller ends the session (Django's ``logout``). Returns the news of the rooms
    left."""
    if not user.is_authenticated or user.pk is None:
        raise ServiceError("not_signed_in", gettext("sign in to delete your account"))
    news: list[News] = []
    with transaction.atomic():
        player = Player.objects.select_for_update().filter(user=user).first()
        if player is not None:
            player.name = DELETED_NAME
            player.user = None
            player.save(update_fields=["name", "user"])
            news = _leave_rooms(player)
        user.delete()
    return news


def account_create(*, username: str, password: str) -> User:
    """A new account named ``username`` (checked by the sign-up form) with ``password``
    (stored hashed); ``taken`` when that name has an account already."""
    with transaction.atomic():
        if User.objects.filter(username=username).exists():
            raise ServiceError("taken", gettext("that name has an account already"))
        return User.objects.create_user(username=username, password=password)


def _check_language(code: str) -> None:
    if code not in LANGUAGE_CODES:
        raise ServiceError(
            "unknown_language",
            gettext("This site has no language “%(code)s”.") % {"code": code[:16]},
        )


def account_language_set(*, user: User, code: str) -> None:
    """Make ``code`` the language of ``user``'s account (its player's), the one every
    device they sign in on opens in; ``unknown_language`` when the site has none such."""
    _check_language(code)
    with transaction.atomic():
        Player.objects.filter(user=user).update(language=code)


def account_language_adopt(*, player: Player, code: str) -> bool:
    """Give ``player`` (an account's) the language ``code`` unless it has one already;
    whether it did. ``unknown_language`` when the site has no such language."""
    _check_language(code)
    with transaction.atomic():
        return Player.objects.filter(pk=player.pk, language="").update(language=code) > 0
