"""Seats that share a device or a network: which members of a room joined or played from
the same browser, or from the same address (``rooms.services.devices`` keeps both), said
by name only: the ids and hashes stay in the database
(docs/decisions/0056-seats-that-share-a-device.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Exists, OuterRef

from accounts.models import Player
from rooms.models import Membership

DEVICE = "device"  # the same browser: most likely one person's hands
NETWORK = "network"  # the same address, another browser: a household's Wi-Fi as well


@dataclass(frozen=True)
class Share:
    """Another member one shares with: ``kind`` is ``DEVICE`` (the same browser) or
    ``NETWORK`` (the same address from another browser); ``name`` is theirs."""

    kind: str
    name: str


def shared_devices(room_id: int, players: Sequence[Player] | None = None) -> dict[int, list[Share]]:
    """For each member of the room (of ``players`` only when given, in their order; else
    every member, in joining order), by player id: the others among them with the same
    browser, or else the same address. Empty browsers and addresses (bots, unknown or
    trusted addresses) match nothing."""
    members = Membership.objects.filter(room_id=room_id).select_related("player")
    if players is not None:
        members = members.filter(player__in=players)
    kept = {m.player_id: m for m in members.order_by("pk")}
    order = [p.pk for p in players if p.pk in kept] if players is not None else list(kept)
    found: dict[int, list[Share]] = {}
    for pk in order:
        mine, shares = kept[pk], []
        for other in (kept[o] for o in order if o != pk):
            if mine.browser and mine.browser == other.browser:
                shares.append(Share(DEVICE, other.player.name))
            elif mine.address and mine.address == other.address:
                shares.append(Share(NETWORK, other.player.name))
        found[pk] = shares
    return found


def sharing(kind: str) -> Exists:
    """A condition on rooms: two of its members share a browser (``DEVICE``) or an
    address (``NETWORK``), whatever their state now."""
    field = "browser" if kind == DEVICE else "address"
    twin = Membership.objects.filter(room=OuterRef("room"), **{field: OuterRef(field)})
    return Exists(
        Membership.objects.filter(room=OuterRef("pk"))
        .exclude(**{field: ""})
        .filter(Exists(twin.exclude(pk=OuterRef("pk"))))
    )
