"""The guest limit: when one address may create new guest players, and how many.

A guest is a player made for a browser without one (the name asked on the home page or a
room page); an account's first player counts as one too.  The rules
(docs/decisions/0025-guest-limits-per-address.md):

- **Joining a room through its link** as a new guest is not limited: a household, an
  office or a café behind one address fills its tables, and the room's host can kick
  anyone (which refuses that browser).
- **Opening a room** as a new guest is: ``settings.GUEST_LIMIT`` (default 20) within
  ``settings.GUEST_LIMIT_WINDOW`` seconds of the address's first, then refused
  (``too_many_guests``, HTTP 429 with ``Retry-After``) until that window ends.
- **An address under a ban.**  Every new player is remembered against its address for
  ``REMEMBER_SECONDS``, and so is a banned player who shows up from an address.  While
  one of the players remembered at an address is banned, new guests from it, joining or
  opening, are limited to ``settings.GUEST_LIMIT_UNDER_BAN`` (default 2) per window: a
  banned person's private windows buy a couple of new names an hour, each a kick away.

Addresses are counted as the guess limit counts them (``common.throttle.client_key``: an
IPv6 address by its /64), in Django's default cache (shared by every process with
``REDIS_URL``).  Addresses in ``settings.GUEST_LIMIT_TRUSTED`` (networks, e.g. a test
machine's loopback) are never limited nor remembered.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import ngettext

from accounts.selectors.bans import any_banned
from common import throttle
from common.errors import ServiceError
from common.windows import Windows

KEY_PREFIX = "new-guests"
UNDER_BAN_PREFIX = "new-guests-under-ban"
PLAYERS_PREFIX = "guests-of"
# How long an address remembers the players made from it: a day, as home and phone
# addresses change hands within days and the mark should not fall on the next holder.
REMEMBER_SECONDS = 24 * 3600
# The newest players remembered per address (a café makes many; a ban is usually of one
# of the newest).
REMEMBERED = 50

_opened = Windows(KEY_PREFIX)
_under_ban = Windows(UNDER_BAN_PREFIX)


def trusted(address: str | None) -> bool:
    """Whether ``address`` is in one of the networks of ``GUEST_LIMIT_TRUSTED``."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(
        ip in ipaddress.ip_network(net, strict=False) for net in settings.GUEST_LIMIT_TRUSTED
    )


def _count_key(key: str) -> str:
    return f"{PLAYERS_PREFIX}:{key}:n"


def _slot_key(key: str, slot: int) -> str:
    return f"{PLAYERS_PREFIX}:{key}:{slot % REMEMBERED}"


def remember(address: str | None, player_id: int) -> None:
    """Note that player ``player_id`` was made at, or came back from, ``address`` (kept
    for ``REMEMBER_SECONDS``; the newest ``REMEMBERED`` per address)."""
    if trusted(address) or player_id in remembered(address):
        return
    key = throttle.client_key(address)
    cache.add(_count_key(key), 0, REMEMBER_SECONDS)
    try:
        slot = cache.incr(_count_key(key))
    except ValueError:  # it expired between the two calls
        slot = 1
        cache.set(_count_key(key), slot, REMEMBER_SECONDS)
    cache.set(_slot_key(key, slot), player_id, REMEMBER_SECONDS)


def remembered(address: str | None) -> list[int]:
    """The ids of the players made at, or seen banned from, ``address`` lately."""
    key = throttle.client_key(address)
    found = cache.get_many([_slot_key(key, slot) for slot in range(REMEMBERED)])
    return [player for player in found.values() if isinstance(player, int)]


def under_ban(address: str | None) -> bool:
    """Whether a player remembered at ``address`` is banned now."""
    if trusted(address):
        return False
    players = remembered(address)
    return bool(players) and any_banned(players)


@dataclass(frozen=True)
class Admission:
    """A new guest let in, and what to count once their player exists."""

    address: str | None
    opening: bool
    under_ban: bool

    def record(self, player_id: int) -> None:
        """Count the new guest ``player_id`` against its address and remember it there."""
        if trusted(self.address):
            return
        key, now = throttle.client_key(self.address), throttle.clock()
        window = settings.GUEST_LIMIT_WINDOW
        if self.opening:
            _opened.count(key, now, window)
        if self.under_ban:
            _under_ban.count(key, now, window)
        remember(self.address, player_id)


class TooManyGuests(ServiceError):
    """A new guest refused (``too_many_guests``); ``wait`` is the seconds until one is let
    in again."""

    def __init__(self, code: str, message: str, *, wait: int) -> None:
        super().__init__(code, message)
        self.wait = wait


def _refusal(wait: int) -> TooManyGuests:
    """The refusal of a new guest who may come back in ``wait`` seconds."""
    minutes = throttle.wait_minutes(wait)
    return TooManyGuests(
        "too_many_guests",
        ngettext(
            "Too many new players from your address; try again in %(n)s minute.",
            "Too many new players from your address; try again in %(n)s minutes.",
            minutes,
        )
        % {"n": minutes},
        wait=wait,
    )


def wait_seconds(address: str | None, *, opening: bool) -> int:
    """Seconds until ``address`` may make a new guest again (``opening`` a room, else
    joining one); 0 when it may now."""
    if trusted(address):
        return 0
    return _wait(address, opening=opening, banned=under_ban(address))


def _wait(address: str | None, *, opening: bool, banned: bool) -> int:
    key, now = throttle.client_key(address), throttle.clock()
    window = settings.GUEST_LIMIT_WINDOW
    waits = [0]
    if banned:
        waits.append(_under_ban.wait(key, now, settings.GUEST_LIMIT_UNDER_BAN, window))
    if opening:
        waits.append(_opened.wait(key, now, settings.GUEST_LIMIT, window))
    return max(waits)


def admit(address: str | None, *, opening: bool) -> Admission:
    """Let a new guest from ``address`` in (``opening`` a room, else joining one through
    its link), or refuse them with ``TooManyGuests``; the caller records the admission
    once the player exists."""
    if trusted(address):
        return Admission(address, opening, under_ban=False)
    banned = under_ban(address)
    wait = _wait(address, opening=opening, banned=banned)
    if wait:
        raise _refusal(wait)
    return Admission(address, opening, under_ban=banned)
