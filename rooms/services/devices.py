"""The browser and the network each member plays from, kept to show the seats of a room
that share one (docs/decisions/0056-seats-that-share-a-device.md).

``Membership.browser`` holds the id of the browser a member joined or last connected a
socket from (``common.browsers``), ``Membership.address`` the keyed hash of that
address (``accounts.addresses``). A value that another member of the room shares is kept
for good, so that a share once seen stays on record for the comparison page and the
moderators, whichever browser the seat moves to afterwards.
"""

from __future__ import annotations

from rooms.models import Membership


def note_device(member: Membership, *, browser: str, address: str) -> list[str]:
    """Set ``member``'s browser and address to these (an empty one, unknown or trusted,
    changes nothing; neither does a new one where the kept one is shared with another
    member of the room). Returns the fields changed, for the caller to save in its
    transaction."""
    changed = []
    for field, value in (("browser", browser), ("address", address)):
        kept = getattr(member, field)
        if not value or value == kept or (kept and _shared(member, field, kept)):
            continue
        setattr(member, field, value)
        changed.append(field)
    return changed


def _shared(member: Membership, field: str, value: str) -> bool:
    """Whether another member of ``member``'s room has ``value`` in ``field``."""
    others = Membership.objects.filter(room_id=member.room_id, **{field: value})
    return others.exclude(pk=member.pk).exists()
