"""The state's ``game``: the latest game of the room as one viewer sees it
(docs/protocol.md, ``state``)."""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict, get_args

from msgspec import Meta

from common.protocol.keys import (
    BotLevel,
    BoxKey,
    ColumnKey,
    Dice,
    Die,
    Held,
    Position,
    RollsLeft,
    Seat,
    schema_says,
)
from common.protocol.ruleset import Ruleset

Points = Annotated[int, Meta(ge=0)]
# A box the viewer's dice can fill now: [points, bonus, gain].
Option = tuple[Points, Points, int]
# Objects by column key.
BY_COLUMN = schema_says(propertyNames={"enum": list(get_args(ColumnKey))})
Options = Annotated[
    dict[ColumnKey, Annotated[dict[str, Option], schema_says(propertyNames={"minLength": 1})]],
    BY_COLUMN,
    Meta(
        description="The boxes the viewer's dice can fill now, by column key, then box key, "
        "in column then sheet order: [points, bonus, gain]; {} when it is not the viewer's "
        "turn or before a roll."
    ),
]


class Totals(TypedDict):
    """One column's sums."""

    upper: int
    upper_bonus: int
    middle: int
    lower: int
    yahtzee_bonus: int
    multiplier: int
    subtotal: int
    total: int
    column: ColumnKey


class HeldFor(TypedDict):
    player: int
    name: str


class SeatView(TypedDict):
    """A seat of the game: who plays it and their sheet."""

    seat: Seat
    player: int
    name: str
    bot: bool
    bot_level: BotLevel | None
    boxes: Annotated[dict[ColumnKey, dict[str, int]], BY_COLUMN]
    totals: list[Totals]
    total: int
    rank: Annotated[int, Meta(ge=1)] | None
    held_for: Annotated[
        HeldFor | None,
        Meta(
            description="The person a bot keeps this seat for until they are back (they "
            "missed three turns in a row); null otherwise."
        ),
    ]
    holiday_until: Annotated[
        Annotated[str, schema_says(format="date-time")] | None,
        Meta(
            description="By the day: the seat's clock is paused for a holiday until then "
            "(ISO 8601); null otherwise (or once it passed, which the page checks)."
        ),
    ]
    holiday_left: Annotated[
        int,
        Meta(
            ge=0,
            description="Seconds of holiday the seat may still take in this game (7 days at "
            "first).",
        ),
    ]


class TurnView(TypedDict):
    """Everyone's turn at once: a seat's turn of the round."""

    seat: Seat
    dice: Dice
    held: Held
    rolls_left: RollsLeft
    announced: BoxKey | None
    done: Annotated[bool, Meta(description="The seat has scored its turn of the round.")]


class RevealedRoll(TypedDict):
    held: list[Position]
    dice: Annotated[list[Die], Meta(min_length=5, max_length=5)]


class RevealedTurn(TypedDict):
    """Duplicate dice: a seat's whole turn of a closed round."""

    seat: Seat
    rolls: Annotated[list[RevealedRoll], Meta(max_length=3)]
    announced: str | None
    box: str
    column: str
    points: int | None
    bonus: int
    finish: str


class Undoable(TypedDict):
    """A placement its player may still take back."""

    seat: Seat
    player: int
    box: BoxKey
    column: BoxKey


class GameView(TypedDict):
    """The room's latest game (also once it is over, until the next one starts)."""

    number: Annotated[int, Meta(ge=1)]
    status: Literal["playing", "finished", "ended"]
    version: Annotated[int, Meta(ge=0)]
    ruleset: Ruleset
    current_seat: Annotated[
        Seat | None,
        Meta(
            description="The seat whose turn is shown: one seat after another, the seat to "
            "play; everyone's turn at once, the viewer's own seat while their turn of the "
            "round is open, else null."
        ),
    ]
    turn: Annotated[int, Meta(ge=0)]
    seconds_left: Annotated[int, Meta(ge=0)] | None
    seats: list[SeatView]
    dice: Dice
    held: Held
    rolls_left: RollsLeft
    announced: BoxKey | None
    must_announce: bool
    options: Options
    together: Annotated[
        bool,
        Meta(
            description="Everyone's turn at once: dice, held, rolls_left, announced, "
            "must_announce and options are then the viewer's own turn of the round (empty "
            "when they have none open), and turns lists every seat's."
        ),
    ]
    round: Annotated[
        int,
        Meta(
            ge=0,
            description="The round in play: 1 to 13 (39 in Triple Yahtzee); 0 before any turn.",
        ),
    ]
    turns: Annotated[
        list[TurnView] | None,
        Meta(
            description="Everyone's turn at once, while the game is played: each seat's turn "
            "of the round, in seat order, for all to see; null otherwise."
        ),
    ]
    duplicate: Annotated[
        bool,
        Meta(
            description="Every seat rolls the same dice: nobody is sent another seat's dice, "
            "holds, announcement or score of the open round, and the seed is never sent."
        ),
    ]
    revealed: Annotated[
        list[RevealedTurn] | None,
        Meta(
            description="Duplicate dice: every seat's turn of the last closed round (the last "
            "round once the game is over), [] before one closes; null without duplicate dice."
        ),
    ]
    undoable: Annotated[
        list[Undoable],
        Meta(
            description="The placements their players may still take back (take_back_place): "
            "one seat after another, the last one until the next seat rolls; everyone at "
            "once, those of the open round. Always empty in a game that counts (a daily "
            "challenge, the same dice for everyone)."
        ),
    ]
