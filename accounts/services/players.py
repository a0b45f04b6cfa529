"""Who is acting: a display name bound to the browser session (and to a user account)."""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Iterable
from datetime import datetime
from functools import cache
from typing import cast

import regex
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from accounts.models import Player
from accounts.signals import player_renaming
from common.clock import now
from common.errors import ServiceError
from common.text import (
    characters,
    likenesses,
    most_marks,
    runs_of_words,
    visible_only,
    word_likenesses,
)

SESSION_KEY = "player_id"
# Set while this browser's player is an account's: a player that has lost its account
# since (deleted elsewhere) is then no one's, not this browser's guest.
ACCOUNT_KEY = "player_account"
NAME_MAX = 24  # characters as people count them: "👩‍💻" is one
NAME_MAX_CODE_POINTS = 96  # what the column holds (an emoji can take seven)

# Unicode categories that cannot be shown: control characters, surrogates, private use,
# unassigned.
_UNSHOWABLE = {"Cc", "Cs", "Co", "Cn"}
MAX_MARKS = 4  # marks over or under one letter (UTS #39's limit): docs/decisions/0050
# Words a name may not hold (as a word, or as the whole name) in any script's look-alike
# letters, ignoring case and accents: the site's name, and staff's titles in its languages
# (docs/decisions/0050).
RESERVED_WORDS = (
    "Five Dice",
    "admin",
    "admins",
    "administrator",
    "administrators",
    "moderator",
    "moderators",
    "mod",
    "mods",
    "staff",
    "system",
    "support",
    "sysop",
    "webmaster",
    # French
    "administrateur",
    "administrateurs",
    "administratrice",
    "modérateur",
    "modérateurs",
    "modératrice",
    "modo",
    "modos",
    "système",
    "assistance",
    # Swedish
    "administratör",
    "administratören",
    "administratörer",
    "moderatorn",
    "moderatorer",
    "systemet",
    "supporten",
    "personalen",
)


def clean_name(raw: str) -> str:
    """A display name: any name a person could type, trimmed, its runs of spaces made
    one, in Unicode's composed form, without invisible characters (``visible_only``);
    1 to ``NAME_MAX`` characters as people count them.  Refused: characters that cannot
    be shown (controls, unassigned), a name with nothing visible, and more than
    ``MAX_MARKS`` marks piled over or under one letter.

    >>> clean_name("  Ada   Lovelace ")
    'Ada Lovelace'
    >>> clean_name("b\\u202eoB\\u200b")  # a direction override, a zero-width space
    'boB'
    >>> clean_name("A\\tda")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    common.errors.ServiceError: a name cannot contain control characters (such as tabs ...)
    """
    name = visible_only(unicodedata.normalize("NFC", raw))
    name = regex.sub(r" {2,}", " ", name.strip())
    if any(unicodedata.category(ch) in _UNSHOWABLE for ch in name):
        raise ServiceError(
            "bad_name",
            gettext("a name cannot contain control characters (such as tabs or line breaks)"),
        )
    if not name or not any(unicodedata.category(ch)[0] in "LMNPS" for ch in name):
        raise ServiceError("bad_name", gettext("a name needs at least one visible character"))
    if characters(name) > NAME_MAX or len(name) > NAME_MAX_CODE_POINTS:
        raise ServiceError(
            "bad_name", gettext("a name has at most %(max)s characters") % {"max": NAME_MAX}
        )
    if most_marks(name) > MAX_MARKS:
        raise ServiceError(
            "bad_name",
            gettext("a name has at most %(max)s accents or marks on one letter")
            % {"max": MAX_MARKS},
        )
    return name


@cache
def _reserved() -> frozenset[str]:
    """The likenesses of the reserved words, in small letters and in capitals (where a 1
    passes for an I)."""
    return frozenset().union(
        *(word_likenesses(word) | word_likenesses(word.upper()) for word in RESERVED_WORDS)
    )


def _staff_likenesses() -> frozenset[str]:
    """The likenesses of every staff account's username and its player's name."""
    staff = User.objects.filter(Q(is_staff=True) | Q(is_superuser=True))
    names = [
        name for pair in staff.values_list("username", "player__name") for name in pair if name
    ]
    return frozenset().union(*(word_likenesses(name) for name in names))


def is_staff(user: User | AnonymousUser | None) -> bool:
    """Whether ``user`` is a staff or superuser account."""
    return bool(user is not None and (user.is_staff or user.is_superuser))


def holds_reserved_word(name: str) -> bool:
    """Whether ``name`` holds a reserved word (``RESERVED_WORDS``) as a word or a run of
    words, in any script's look-alike letters, ignoring case, accents, spaces and
    punctuation.

    >>> holds_reserved_word("Badminton Bob"), holds_reserved_word("Bob the \u041cod")
    (False, True)
    >>> holds_reserved_word("A.D.M.I.N"), holds_reserved_word("Five-Dice")
    (True, True)
    """
    reserved = _reserved()
    return any(word_likenesses(run) & reserved for run in runs_of_words(name))


def name_check_official(name: str, *, user: User | AnonymousUser | None = None) -> None:
    """Refuse ``name`` (``bad_name``) when it could pass for the site or its staff: when it
    holds a reserved word (``holds_reserved_word``), or looks like a staff account's
    username or its player's name (ignoring case, accents, spaces and punctuation).  A
    staff ``user`` names themselves as they like.  The refusal never says which staff
    name it met."""
    if is_staff(user):
        return
    if holds_reserved_word(name) or word_likenesses(name) & _staff_likenesses():
        raise ServiceError(
            "bad_name",
            gettext("this name could pass for the site or its staff: please choose another"),
        )


def unique_name(name: str, taken: Iterable[str]) -> str:
    """``name``, or else ``name 2``, ``name 3``...: the first that looks like none of
    ``taken`` (``likenesses``: ignoring case, invisible characters and look-alike letters
    such as a Cyrillic o for a Latin one), shortened if need be to stay within
    ``NAME_MAX`` characters.

    >>> unique_name("Alice", ["Bob"]), unique_name("Alice", ["alice", "Alice 2"])
    ('Alice', 'Alice 3')
    >>> unique_name("\\u0412\\u043eb", ["Bob"]) == "\\u0412\\u043eb 2"  # Cyrillic Ve and o
    True
    """
    used = frozenset().union(*(likenesses(t) for t in taken))
    if not likenesses(name) & used:
        return name
    letters = regex.findall(r"\X", name)
    for n in itertools.count(2):
        suffix = f" {n}"
        candidate = "".join(letters[: NAME_MAX - len(suffix)]).rstrip() + suffix
        if not likenesses(candidate) & used:
            return candidate
    raise AssertionError("unreachable")  # pragma: no cover


def _signed_in(user: User | AnonymousUser | None) -> User | None:
    return user if isinstance(user, User) else None


def current_player(session: SessionBase, user: User | AnonymousUser | None = None) -> Player | None:
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


def _names_beside(player: Player) -> set[str]:
    """The names ``player``'s new name must not look like (``signals.player_renaming``)."""
    taken: set[str] = set()
    for _receiver, names in player_renaming.send(sender=Player, player=player):
        taken |= cast("set[str]", names)
    return taken


def player_lock(player: Player) -> None:
    """Lock ``player``'s row in the caller's transaction (what one player does at a time,
    such as counting their recent messages)."""
    Player.objects.select_for_update().filter(pk=player.pk).first()


def player_locked(player: Player) -> Player:
    """``player``'s row read afresh and locked in the caller's transaction."""
    return Player.objects.select_for_update().get(pk=player.pk)


def player_rename(*, player: Player, name: str) -> None:
    """Give ``player`` the name ``name`` (made apart by the caller), in the caller's
    transaction."""
    player.name = name
    player.save(update_fields=["name"])


def player_ban(*, player: Player, reason: str, until: datetime | None) -> None:
    """Mark ``player`` (their row locked) banned from now until ``until`` (``None``: for
    good) for ``reason``, in the caller's transaction."""
    player.banned_at, player.ban_reason, player.banned_until = now(), reason[:200], until
    player.save(update_fields=["banned_at", "ban_reason", "banned_until"])


def player_unban(*, player: Player) -> None:
    """Lift ``player``'s ban (their row locked), in the caller's transaction."""
    player.banned_at, player.ban_reason, player.banned_until = None, "", None
    player.save(update_fields=["banned_at", "ban_reason", "banned_until"])


def bot_player_create(*, name: str, level: str) -> Player:
    """A new bot player named ``name``, playing at ``level``."""
    return Player.objects.create(name=name, bot_level=level)


def player_register(
    *, session: SessionBase, name: str, user: User | AnonymousUser | None = None
) -> Player:
    """Become (or rename) the player of this session; links a signed-in user.  A new or
    changed name must not pass for the site or its staff (``name_check_official``)."""
    cleaned = clean_name(name)
    with transaction.atomic():
        player = current_player(session, user)
        if player is None or player.name != cleaned:
            name_check_official(cleaned, user=user if player is None else player.user)
        if player is None:
            player = Player.objects.create(name=cleaned, user=_signed_in(user))
        elif player.name != cleaned:
            player.name = unique_name(cleaned, _names_beside(player))
            player.save(update_fields=["name"])
    session[SESSION_KEY] = player.pk
    return player
