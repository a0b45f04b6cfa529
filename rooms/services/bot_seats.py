"""Bots in people's seats: a new bot named apart from the table, and a person's seat
handed to one (they leave, are kicked, are gone: ``rooms.services.rooms``,
``rooms.services.absence``), the game ended when no person is left at it.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from accounts.models import Player
from accounts.services.players import bot_player_create
from common.errors import ServiceError
from play.models import Game
from play.services.game_locks import card_hand_to_bot
from play.services.play import end_game
from rooms.models import Membership, Room
from scoring.strategy import levels

BOT_NAMES = ("Ada", "Blaise", "Carl", "Dora", "Emmy", "Felix", "Grace", "Hedy")


def new_bot(level: str, taken: Sequence[str] = ()) -> Player:
    """A bot player of ``level`` with a name not yet used at the table."""
    if level not in levels.names():
        raise ServiceError(
            "bad_level", gettext("bot levels: %(levels)s") % {"levels": ", ".join(levels.names())}
        )
    name = next(
        (f"Bot {n}" for n in BOT_NAMES if n not in taken and f"Bot {n}" not in taken), "Bot"
    )
    return bot_player_create(name=name, level=level)


def hand_seat_to_bot(
    room: Room, game: Game | None, member: Membership, level: str = "beginner"
) -> Player | None:
    """Give a person's game seat (and room seat) to a new bot; they stay as a spectator."""
    seat = member.seat
    taken = list(
        Membership.objects.filter(room=room, state=Membership.State.ACTIVE).values_list(
            "player__name", flat=True
        )
    )
    bot = None
    if game is not None and game.status == Game.Status.PLAYING:
        card = game.scorecards.filter(player=member.player).first()
        if card is not None:
            bot = new_bot(level, taken)
            card_hand_to_bot(room=room, game=game, card=card, bot=bot)
    member.seat = None
    member.save(update_fields=["seat"])
    if bot is not None and seat is not None:
        Membership.objects.create(room=room, player=bot, seat=seat)
    if (
        game is not None
        and game.status == Game.Status.PLAYING
        and not game.scorecards.filter(player__bot_level="").exists()
    ):
        end_game(game, "no people left at the table")
    return bot
