"""Which policies make a game's mode, chosen once from what the room and the game
store, and the registration of every policy by the value it is stored as.

A new policy is a new module of ``play.modes`` plus its line in a table below (and,
for a new axis value, the field or choice the room or the game keeps it in).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.utils.translation import gettext

from play.models import Game
from play.modes.base import Dice, Pace, Ranking, Refusal, Table, TurnOrder
from play.modes.by_the_day import BY_THE_DAY
from play.modes.casual import CASUAL
from play.modes.daily_dice import DAILY_DICE
from play.modes.daily_table import DAILY_TABLE
from play.modes.everyone_at_once import EVERYONE_AT_ONCE
from play.modes.live import LIVE
from play.modes.one_after_another import ONE_AFTER_ANOTHER
from play.modes.open_table import OPEN_TABLE
from play.modes.own_dice import OWN_DICE
from play.modes.public_table import PUBLIC_TABLE
from play.modes.rated import RATED
from play.modes.shared_dice import SHARED_DICE
from rooms.models import Room

# Game.together (or, before a game, Room.together).
TURN_ORDERS: dict[bool, TurnOrder] = {False: ONE_AFTER_ANOTHER, True: EVERYONE_AT_ONCE}
# Room.pace.
PACES: dict[str, Pace] = {policy.name: policy for policy in (LIVE, BY_THE_DAY)}
# (Room.daily, Room.public): a daily challenge's table is never public.
TABLES: dict[tuple[bool, bool], Table] = {
    (False, False): OPEN_TABLE,
    (False, True): PUBLIC_TABLE,
    (True, False): DAILY_TABLE,
    (True, True): DAILY_TABLE,
}
# (whether the game has a seed, or before a game Room.duplicate; Room.daily).
DICE: dict[tuple[bool, bool], Dice] = {
    (False, False): OWN_DICE,
    (False, True): OWN_DICE,
    (True, False): SHARED_DICE,
    (True, True): DAILY_DICE,
}
# (Room.rated, Room.daily): a daily challenge's table is never rated.
RANKINGS: dict[tuple[bool, bool], Ranking] = {
    (False, False): CASUAL,
    (True, False): RATED,
    (False, True): CASUAL,
    (True, True): CASUAL,
}


@dataclass(frozen=True)
class Mode:
    """How a game is played, one policy per axis."""

    turns: TurnOrder
    dice: Dice
    timing: Pace  # the room's pace (not named so: the counting test knows that name)
    table: Table
    ranking: Ranking

    @property
    def counts(self) -> str | None:
        """Why the game's results count (``"daily"``, ``"duplicate"``, ``"rated"``), or
        ``None`` for a casual game (decision 0054)."""
        return self.table.counts or self.dice.counts or self.ranking.counts

    def take_back_refusal(self) -> Refusal | None:
        """Why a filled box may not be taken back (a game that counts), if so."""
        why = self.counts
        if why == "daily":
            return Refusal(
                "room_counts", gettext("a daily challenge counts: a filled box stays filled")
            )
        if why == "duplicate":
            return Refusal(
                "room_counts",
                gettext(
                    "with the same dice for everyone, the game counts: a filled box stays filled"
                ),
            )
        if why == "rated":
            return Refusal("room_counts", gettext("a rated game counts: a filled box stays filled"))
        return None


@cache
def _mode(turns: TurnOrder, dice: Dice, timing: Pace, table: Table, ranking: Ranking) -> Mode:
    return Mode(turns, dice, timing, table, ranking)


def mode_for(
    *, pace: str, together: bool, seeded: bool, daily: bool, rated: bool, public: bool = False
) -> Mode:
    """The mode of a game stored with these values (read as rows, not models): its
    room's ``pace``, ``daily``, ``rated`` and ``public``, the game's ``together`` and
    whether it has a seed. One shared object per combination of policies."""
    return _mode(
        TURN_ORDERS[together],
        DICE[seeded, daily],
        pace_named(pace),
        TABLES[daily, public],
        RANKINGS[rated, daily],
    )


def mode_of(room: Room, game: Game | None = None) -> Mode:
    """The mode of ``game`` of ``room`` (without a game: of the room's next game, as its
    settings stand)."""
    if game is None:
        return mode_for(
            pace=room.pace,
            together=room.together,
            seeded=room.duplicate,
            daily=room.daily,
            rated=room.rated,
            public=room.public,
        )
    return mode_for(
        pace=room.pace,
        together=game.together,
        seeded=bool(game.seed),
        daily=room.daily,
        rated=room.rated,
        public=room.public,
    )


def turn_order_of(game: Game) -> TurnOrder:
    """The turn order of ``game`` (its mode's, which the game alone decides)."""
    return TURN_ORDERS[game.together]


def pace_named(name: str) -> Pace:
    """The pace stored as ``name``; live for anything else (a form not checked yet)."""
    return PACES.get(name, LIVE)
