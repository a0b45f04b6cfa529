"""Invites to a room (docs/invites.md): send them to people (``invites_send``: who may be
invited is ``rooms.services.invite_sending``'s), take one (one tap: join the room and take
a seat) or decline it. Each service is one transaction on the locked room and returns an
``Answer`` whose news (the room's change, the bells rung) the caller publishes."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from accounts.models import Player
from common.clock import now
from common.errors import ServiceError
from common.news import Answer
from notices.services.invite_notices import notice_invites_expired
from play.services.core import Done, room_act
from rooms.models import Invite, Membership, Room
from rooms.selectors.invites import invite_by_id
from rooms.services.invite_sending import require_invitable, send_locked
from rooms.services.rooms import join_locked, seat_take


def invites_send(
    *,
    sender: Player,
    room: Room,
    receivers: Sequence[Player],
    through_group: bool = False,
) -> Answer:
    """``sender`` invites ``receivers`` to a seat in ``room``: the answer's ``invited``
    (each ``player`` id and ``name``) and ``refused`` (with a ``code`` and a ``message``:
    ``guest``, ``in_room``, ``not_friend``, ``no_invites`` (their privacy, or a block
    either way: neither is told), ``already_invited``, ``no_seat``). Whom their privacy
    lets in through a group (``through_group``: the groups app checked they share one) may
    be invited without being a friend. A sender who is not a member, a room that is
    closed, a daily's or in play, or no receiver: a ``ServiceError``, nothing sent."""

    def step(locked: Room) -> Done:
        require_invitable(locked, sender)
        sent = send_locked(locked, sender, receivers, through_group=through_group)
        return Done(None, extra=sent.as_json(), remember=False, news=tuple(sent.news))

    return room_act("invite", sender, room.code, None, step)


def _pending_for(invite_id: int, player: Player) -> Invite:
    """The receiver's invite ``invite_id``, locked with its room, while it is pending."""
    invite = Invite.objects.select_for_update().filter(pk=invite_id, receiver=player).first()
    if invite is None:
        raise ServiceError("unknown_invite", gettext("there is no such invite for you"))
    if invite.state == Invite.State.EXPIRED:
        raise ServiceError("invite_expired", gettext("this invite has expired"))
    if invite.state != Invite.State.PENDING:
        raise ServiceError("invite_used", gettext("this invite was already answered"))
    return invite


def _code_of(invite_id: int) -> str:
    """The code of the room of invite ``invite_id`` (``unknown_invite`` when there is none)."""
    found = invite_by_id(invite_id)
    if found is None:
        raise ServiceError("unknown_invite", gettext("there is no such invite for you"))
    return found.room.code


def invite_take(*, player: Player, invite_id: int) -> Answer:
    """One tap: the receiver of invite ``invite_id`` joins its room and takes a seat; the
    invite is taken. An invite not theirs, answered or expired, a full room, a game being
    played or a block at the table: a ``ServiceError``, nothing changed."""

    def step(room: Room) -> Done:
        invite = _pending_for(invite_id, player)
        invite.state, invite.ended_at = Invite.State.TAKEN, now()
        invite.save(update_fields=["state", "ended_at"])
        member = Membership.objects.filter(
            room=room, player=player, state=Membership.State.ACTIVE
        ).first()
        done = join_locked(room, player) if member is None else None
        if done is not None and done.extra.get("seat") is not None:
            return done
        taken = seat_take(room, player)
        return Done(
            taken.event, extra=taken.extra, news=(*(done.news if done else ()), *taken.news)
        )

    return room_act("take_invite", player, _code_of(invite_id), None, step)


def invite_decline(*, player: Player, invite_id: int) -> Answer:
    """The receiver declines invite ``invite_id`` (its bell item then says it expired:
    nothing more to do with it)."""

    def step(room: Room) -> Done:
        invite = _pending_for(invite_id, player)
        invite.state, invite.ended_at = Invite.State.DECLINED, now()
        invite.save(update_fields=["state", "ended_at"])
        return Done(None, remember=False, news=tuple(notice_invites_expired(invites=[invite])))

    return room_act("decline_invite", player, _code_of(invite_id), None, step, allow_closed=True)
