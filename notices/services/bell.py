"""The bell, the site's own inbox (docs/notices.md, "The bell"): items rung for players
(a game's end, new chat in a room by the day), an unread item of the same key updated in
place, items marked read one by one or all at once. Every service returns the ``Bell``
news of the players whose bell changed, for the caller to publish after the commit; old
read items are pruned as new ones come (``KEEP_READ``)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext

from accounts.models import Player
from accounts.selectors.players import player_by_id
from common.clock import now
from common.errors import ServiceError
from common.news import Bell, News, Outcome
from notices.models import BellItem
from notices.selectors.bell import bell_kinds_off
from notices.selectors.bell_kinds import (
    FRIEND_ACCEPTED,
    FRIEND_REQUEST,
    GAME_RESULT,
    KINDS,
    ROOM_CHAT,
)
from play.modes import mode_of
from play.selectors.games import finished_cards
from rooms.models import Room

KEEP_READ = timedelta(days=30)  # a read item older than this goes when a new one comes
CHAT_QUOTE = 140  # characters of the last line an unread chat item shows


def bell_ring(
    *, player_ids: Collection[int], kind: str, link: str, data: Mapping[str, Any], key: str = ""
) -> list[News]:
    """Give each of these players an item of ``kind`` (unless they turned the kind off):
    a new one, or, for a kind that merges and a ``key`` with an unread item, that item
    updated and made newest (``ValueError`` for a kind the bell does not know). A
    player's read items older than ``KEEP_READ`` are pruned."""
    if kind not in KINDS:  # a bug of the caller's, not a visitor's input
        raise ValueError(f"no bell kind {kind!r}")
    merge = KINDS[kind].merge
    with transaction.atomic():
        off = bell_kinds_off(list(player_ids))
        ringing = [pk for pk in player_ids if kind not in off.get(pk, frozenset())]
        moment = now()
        BellItem.objects.filter(player__in=ringing, read_at__lt=moment - KEEP_READ).delete()
        unread = (
            {
                item.player_id: item
                for item in BellItem.objects.select_for_update().filter(
                    player__in=ringing, key=key, read_at__isnull=True
                )
            }
            if key and merge is not None
            else {}
        )
        for pk in ringing:
            item = unread.get(pk)
            if item is not None and merge is not None:
                item.data, item.created_at = merge(item.data, data), moment
                item.save(update_fields=["data", "created_at"])
            else:
                BellItem.objects.create(
                    player_id=pk, kind=kind, data=dict(data), link=link, key=key, created_at=moment
                )
    return [Bell(pk) for pk in ringing]


def bell_chat_ring(
    *, room: Room, author: Player, text: str, readers: Collection[int]
) -> list[News]:
    """New chat ``text`` by ``author`` in ``room``: each of ``readers`` (the room's other
    people) gets the room's one unread chat item, counting the new lines and showing the
    last, where the room's pace says chat rings the bell. In the caller's transaction."""
    if not mode_of(room).timing.notices_chat:
        return []
    quote = text if len(text) <= CHAT_QUOTE else text[: CHAT_QUOTE - 1] + "…"
    return bell_ring(
        player_ids=[pk for pk in readers if pk != author.pk],
        kind=ROOM_CHAT.name,
        link=reverse("games:room", args=[room.code]),
        data={"room": room.code, "count": 1, "author": author.name, "text": quote},
        key=f"chat:{room.code}",
    )


def bell_game_result(*, game_id: int) -> list[News]:
    """A finished game's result for every person seated in it (bots left out; a seat a bot
    keeps for a person counts as theirs), where its table says results ring the bell
    (not the daily's solo game): their place and total."""
    cards = finished_cards(game_id)
    if not cards:
        return []
    game = cards[0].game
    if not mode_of(game.room, game).table.notices_results:
        return []
    news: list[News] = []
    link = reverse("games:room", args=[game.room.code])
    with transaction.atomic():
        for card in cards:
            person = card.held_for if card.player.is_bot else card.player
            if person is None or person.is_bot or card.rank is None:
                continue
            news += bell_ring(
                player_ids=[person.pk],
                kind=GAME_RESULT.name,
                link=link,
                data={
                    "room": game.room.code,
                    "game": game.number,
                    "rank": card.rank,
                    "total": card.total,
                    "seats": len(cards),
                },
            )
    return news


def bell_friend_ring(*, kind: str, player_id: int, about_id: int) -> list[News]:
    """Tell the player with id ``player_id`` of a friend request (``FRIEND_REQUEST``) or an
    accepted one (``FRIEND_ACCEPTED``) from the player with id ``about_id``: nothing when
    either is gone."""
    if kind not in (FRIEND_REQUEST.name, FRIEND_ACCEPTED.name):  # a caller's bug
        raise ValueError(f"not a friends' bell kind: {kind!r}")
    about = player_by_id(about_id)
    if about is None or player_by_id(player_id) is None:
        return []
    return bell_ring(
        player_ids=[player_id],
        kind=kind,
        link=reverse("games:friends"),
        data={"name": about.name},
    )


def bell_read(*, player: Player, item_id: int) -> Outcome[str]:
    """Mark the player's item ``item_id`` read (once: reading it again changes nothing);
    its value is where the item leads. ``unknown_item`` when it is not theirs."""
    with transaction.atomic():
        item = BellItem.objects.select_for_update().filter(pk=item_id, player=player).first()
        if item is None:
            raise ServiceError("unknown_item", gettext("no such notice of yours"))
        if item.read_at is not None:
            return Outcome(item.link)
        item.read_at = now()
        item.save(update_fields=["read_at"])
    return Outcome(item.link, (Bell(player.pk),))


def bell_read_all(*, player: Player) -> list[News]:
    """Mark every unread item of the player read."""
    with transaction.atomic():
        changed = BellItem.objects.filter(player=player, read_at__isnull=True).update(read_at=now())
    return [Bell(player.pk)] if changed else []
