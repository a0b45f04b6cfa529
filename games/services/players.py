"""Who is acting: a display name bound to the browser session (and to a user account)."""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Iterable

import regex
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from games.errors import ServiceError
from games.models import Membership, Player, Room

SESSION_KEY = "player_id"
# Set while this browser's player is an account's: a player that has lost its account
# since (deleted elsewhere) is then no one's, not this browser's guest.
ACCOUNT_KEY = "player_account"
NAME_MAX = 24  # characters as people count them: "👩‍💻" is one
NAME_MAX_CODE_POINTS = 96  # what the column holds (an emoji can take seven)

# Unicode categories that cannot be shown: control characters, surrogates, private use,
# unassigned.  Format characters (Cf) stay: zero-width joiners build emoji and many
# scripts' words, and direction marks order right-to-left names.
_UNSHOWABLE = {"Cc", "Cs", "Co", "Cn"}
# Direction embeddings, overrides and isolates, each with the character that ends it.
_DIRECTION_OPENERS = {"\u202a": "\u202c", "\u202b": "\u202c", "\u202d": "\u202c",
                      "\u202e": "\u202c", "\u2066": "\u2069", "\u2067": "\u2069",
                      "\u2068": "\u2069"}
_DIRECTION_CLOSERS = {"\u202c", "\u2069"}


def characters(text: str) -> int:
    """How many characters a person sees in ``text`` (extended grapheme clusters).

    >>> characters("Ann"), characters("👩‍💻 Ann"), characters("🏳️‍🌈")
    (3, 5, 1)
    """
    return len(regex.findall(r"\X", text))


def _directions_balanced(name: str) -> bool:
    """Whether every direction embedding, override or isolate in ``name`` is ended, and
    nothing ends one that was not begun."""
    open_ones: list[str] = []
    for ch in name:
        if ch in _DIRECTION_OPENERS:
            open_ones.append(_DIRECTION_OPENERS[ch])
        elif ch in _DIRECTION_CLOSERS and (not open_ones or open_ones.pop() != ch):
            return False
    return not open_ones


def clean_name(raw: object) -> str:
    """A display name: any name a person could type, trimmed, its runs of spaces made
    one, in Unicode's composed form; 1 to ``NAME_MAX`` characters as people count them.
    Refused: characters that cannot be shown (controls, unassigned), a direction
    override left open (or closed without being opened), and a name with nothing visible.

    >>> clean_name("  Ada   Lovelace ")
    'Ada Lovelace'
    >>> clean_name("Ann\\u200d")  # a zero-width joiner is part of many names
    'Ann\\u200d'
    >>> clean_name("A\\tda")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.errors.ServiceError: a name cannot contain control characters (such as tabs ...)
    """
    if not isinstance(raw, str):
        raise ServiceError("bad_name", gettext("a name must be text"))
    name = regex.sub(r" {2,}", " ", unicodedata.normalize("NFC", raw).strip())
    if any(unicodedata.category(ch) in _UNSHOWABLE for ch in name):
        raise ServiceError("bad_name", gettext("a name cannot contain control characters (such as "
                                               "tabs or line breaks)"))
    if not _directions_balanced(name):
        raise ServiceError("bad_name", gettext("a name cannot leave a change of text direction "
                                               "open"))
    if not name or not any(unicodedata.category(ch)[0] in "LMNPS" for ch in name):
        raise ServiceError("bad_name", gettext("a name needs at least one visible character"))
    if characters(name) > NAME_MAX or len(name) > NAME_MAX_CODE_POINTS:
        raise ServiceError("bad_name", gettext("a name has at most %(max)s characters")
                           % {"max": NAME_MAX})
    return name


def unique_name(name: str, taken: Iterable[str]) -> str:
    """``name``, or else ``name 2``, ``name 3``...: the first that is none of ``taken``
    (ignoring case), shortened if need be to stay within ``NAME_MAX`` characters.

    >>> unique_name("Alice", ["Bob"]), unique_name("Alice", ["alice", "Alice 2"])
    ('Alice', 'Alice 3')
    """
    used = {t.casefold() for t in taken}
    if name.casefold() not in used:
        return name
    letters = regex.findall(r"\X", name)
    for n in itertools.count(2):
        suffix = f" {n}"
        candidate = "".join(letters[:NAME_MAX - len(suffix)]).rstrip() + suffix
        if candidate.casefold() not in used:
            return candidate
    raise AssertionError("unreachable")  # pragma: no cover


def names_beside(player: Player, room: Room | None = None) -> set[str]:
    """The names of everyone who shares a room with ``player``: every open room they are
    active in, and ``room`` (which they may be joining)."""
    rooms = Q(room__in=Membership.objects.filter(
        player=player, state=Membership.State.ACTIVE).exclude(
        room__status=Room.Status.CLOSED).values("room"))
    if room is not None:
        rooms |= Q(room=room)
    return set(Membership.objects.filter(rooms).exclude(player=player)
               .values_list("player__name", flat=True))


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
            session[SESSION_KEY], session[ACCOUNT_KEY] = player.pk, account.pk
            return player
    player_id = session.get(SESSION_KEY)
    if player_id is None:
        return None
    player = Player.objects.filter(pk=player_id, bot_level="").first()
    if player is not None and player.user_id is None and session.get(ACCOUNT_KEY):
        return None  # its account was deleted
    if player is not None and account is not None and player.user_id not in (None, account.pk):
        return None  # this browser's player belongs to another account
    if player is not None and account is not None and player.user_id is None:
        player.user = account
        player.save(update_fields=["user"])
        session[ACCOUNT_KEY] = account.pk
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
            player.name = unique_name(cleaned, names_beside(player))
            player.save(update_fields=["name"])
    session[SESSION_KEY] = player.pk
    return player
