"""Sending invites to a room (docs/invites.md), on a room its caller locked: who may be
invited (an account, not in the room, not apart from the sender by a block either way,
whose privacy lets the sender invite them), one pending invite per room and receiver,
each invite rung on the receiver's bell with its push and email in the outbox; and a
rematch's invites of the last game's people who are not at the table now.
``rooms.services.invites`` holds the services that lock the room and call these."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from accounts.models import Player
from common.clock import now
from common.errors import ServiceError
from common.news import News
from friends.models import Privacy
from friends.selectors.blocks import blocked_ids
from friends.selectors.friends import friend_ids
from friends.selectors.privacy import invite_choices
from notices.services.invite_notices import notice_invite
from play.modes import mode_of, raise_refusal
from play.selectors.games import latest_game, playing_game_of, seats_at_start
from rooms.models import Invite, Membership, Room
from rooms.services.seating import free_seat

MAX_RECEIVERS = 50  # people one call may invite: more is not a table's worth


@dataclass(frozen=True)
class Refusal:
    """Why a person was not invited: a stable ``code`` and the words for the sender."""

    player: Player
    code: str
    message: str


@dataclass
class Sent:
    """Who was invited (their invites) and who was refused, and the bells to publish."""

    invites: list[Invite] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)
    news: list[News] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """The answer's fields: the people invited and those refused, with why."""
        return {
            "invited": [
                {"player": invite.receiver_id, "name": invite.receiver.name}
                for invite in self.invites
            ],
            "refused": [
                {"player": r.player.pk, "name": r.player.name, "code": r.code, "message": r.message}
                for r in self.refused
            ],
        }


def require_invitable(room: Room, sender: Player) -> None:
    """Refuse an invite to ``room`` by ``sender`` unless they are a member of it and it
    can seat someone new: not a daily challenge's table, no game being played."""
    raise_refusal(mode_of(room).table.refusal("join"))  # nobody joins a daily's table
    if not Membership.objects.filter(
        room=room, player=sender, state=Membership.State.ACTIVE
    ).exists():
        raise ServiceError("not_in_room", gettext("only the room's members may invite to it"))
    if playing_game_of(room) is not None:
        raise ServiceError(
            "game_in_progress", gettext("a game is being played: invite between games")
        )


def _refusal(person: Player, code: str) -> Refusal:
    words = {"name": person.name}
    messages = {
        "guest": gettext("%(name)s has no account to take invites"),
        "in_room": gettext("%(name)s is already in this room"),
        "not_friend": gettext("%(name)s is not your friend"),
        "no_invites": gettext("%(name)s does not take invites"),
        "already_invited": gettext("%(name)s is already invited"),
        "no_seat": gettext("no seat is free for %(name)s"),
    }
    return Refusal(person, code, messages[code] % words)


def _why_not(
    person: Player, sender: Player, apart: set[int], friends: set[int], choice: str, group: bool
) -> str | None:
    """Why ``person`` may not be invited by ``sender`` (a refusal's code), if so. A block
    either way reads as their privacy does: neither is told of it."""
    if person.user_id is None:  # a guest, or a bot
        return "guest"
    if person.pk in apart or choice == Privacy.Invites.NOBODY:
        return "no_invites"
    if person.pk in friends:
        return None
    if group and choice == Privacy.Invites.GROUPS:
        return None  # the groups app checked that they share a group
    return "not_friend"


def send_locked(
    room: Room,
    sender: Player,
    receivers: Sequence[Player],
    *,
    through_group: bool = False,
    rematch: bool = False,
) -> Sent:
    """Invite each of ``receivers`` to ``room`` (locked by the caller, who checked
    ``require_invitable``), refusing those who may not be (see the module)."""
    people = list({person.pk: person for person in receivers}.values())
    if not people:
        raise ServiceError("no_receivers", gettext("choose someone to invite"))
    if len(people) > MAX_RECEIVERS:
        raise ServiceError(
            "too_many", gettext("invite at most %(n)s people at once") % {"n": MAX_RECEIVERS}
        )
    ids = [person.pk for person in people]
    inside = set(
        Membership.objects.filter(
            room=room, player_id__in=ids, state=Membership.State.ACTIVE
        ).values_list("player_id", flat=True)
    ) | {sender.pk}
    invited = set(
        Invite.objects.filter(
            room=room, receiver_id__in=ids, state=Invite.State.PENDING
        ).values_list("receiver_id", flat=True)
    )
    apart, friends, choices = blocked_ids(sender), friend_ids(sender), invite_choices(ids)
    seat = free_seat(room)
    sent = Sent()
    for person in people:
        code = "in_room" if person.pk in inside else None
        code = code or _why_not(person, sender, apart, friends, choices[person.pk], through_group)
        if code is None and person.pk in invited:
            code = "already_invited"
        elif code is None and seat is None:
            code = "no_seat"
        if code is not None:
            sent.refused.append(_refusal(person, code))
            continue
        invite = Invite.objects.create(
            room=room, sender=sender, receiver=person, created_at=now(), rematch=rematch
        )
        sent.invites.append(invite)
        sent.news += notice_invite(invite=invite)
    return sent


def rematch_locked(room: Room, host: Player) -> Sent | None:
    """A rematch's invites: the people of ``room``'s last game who are not seated now and
    not yet invited, invited by ``host`` as ``send_locked`` would; ``None`` when nobody
    was (everyone is at the table, or those missing may not be invited): the rematch then
    starts."""
    game = latest_game(room.pk)
    if game is None:
        return None
    seated = set(
        Membership.objects.filter(
            room=room, state=Membership.State.ACTIVE, seat__isnull=False
        ).values_list("player_id", flat=True)
    )
    waiting = set(
        Invite.objects.filter(room=room, state=Invite.State.PENDING).values_list(
            "receiver_id", flat=True
        )
    )
    missing = [
        person
        for person in (card.first_player for card in seats_at_start(game))
        if person is not None
        and not person.is_bot
        and person.pk not in seated | waiting | {host.pk}
    ]
    if not missing:
        return None
    sent = send_locked(room, host, missing, rematch=True)
    return sent if sent.invites else None
