"""What every play mode answers, axis by axis (DESIGN.md, "Modes are rules, not flags").

A game's mode is five policies chosen once (``play.modes.choice.mode_of``): its turn
order (who plays when), its dice (where they come from, what the log may tell of them,
whether the game is compared), its pace (live or by the day: clocks, notices, holidays)
and its table (an open table or a daily challenge's solo table: who may join, the coach,
what a result counts for), and its ranking (casual or rated: whether a game changes the
players' ratings). A policy decides over models and values; it writes nothing
but the rows of its own turn bookkeeping, and never raises the services' errors: what it
refuses it returns as a ``Refusal`` for the service to raise.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import QuerySet

from accounts.models import Player
from common.errors import ServiceError
from play.models import Game, Scorecard, Turn
from scoring.dice import DiceSource


@dataclass(frozen=True)
class Refusal:
    """Why a mode refuses something: the error ``code`` and its ``message`` in the
    active language, for the service to raise as it raises its own."""

    code: str
    message: str


def raise_refusal(refusal: Refusal | None) -> None:
    """Raise what a play mode refuses as a ``ServiceError`` with its code and message;
    nothing when it refuses nothing."""
    if refusal is not None:
        raise ServiceError(refusal.code, refusal.message)


class TurnOrder:
    """Who plays when: the seats whose turn is open, where a turn's deadline is kept,
    and how long a box may be taken back."""

    name: str
    # Each round opens a turn for every seat at once, each with its own deadline, the
    # game holding the earliest; else one turn is open at a time, timed by the game.
    rounds: bool

    def open_seats(self, game: Game) -> Collection[int] | QuerySet[Turn, int]:
        """The seats whose turn is open (a set of seats, or a query of them)."""
        raise NotImplementedError

    def seat_in_turn(self, game: Game) -> int | None:
        """The one seat whose turn it is; ``None`` when every seat plays its own."""
        raise NotImplementedError

    def expired_seat(self, game: Game, at: datetime) -> int | None:
        """The seat whose turn expired first by ``at`` (the game's deadline has passed)."""
        raise NotImplementedError

    def deadline_of(self, game: Game, turn: Turn) -> datetime | None:
        """When ``turn``, open, runs out."""
        raise NotImplementedError

    def bot_acts_again(self, game: Game, card: Scorecard) -> bool:
        """After an action of the bot at ``card``'s seat, with a bot still due: whether
        it comes soon (the same bot's next action, or another's of the round)."""
        raise NotImplementedError

    def card_to_play(self, game: Game, player: Player) -> Scorecard | Refusal:
        """``player``'s scorecard if they have a turn to play now, else why not."""
        raise NotImplementedError

    def turn_to_play(self, game: Game, card: Scorecard | None) -> tuple[Scorecard, Turn]:
        """The open turn of ``card``'s seat with its card (``DoesNotExist`` if none)."""
        raise NotImplementedError

    def card_to_skip(self, game: Game, seat: int | None) -> Scorecard | Refusal:
        """The scorecard, with its player, whose open turn the host asks to skip."""
        raise NotImplementedError

    def keep_deadline(self, game: Game) -> None:
        """Before a placement that may be taken back: keep the turn's deadline on it."""
        raise NotImplementedError

    def placed_turn(self, game: Game, card: Scorecard) -> Turn | Refusal:
        """The turn whose box the player at ``card``'s seat filled last, or why none."""
        raise NotImplementedError

    def take_back_closed(self, game: Game) -> Refusal | None:
        """Why a box just filled may no longer be taken back, if something came since."""
        raise NotImplementedError


class Dice:
    """Where a game's dice come from and what may be told of them."""

    name: str
    # Why a game on these dice counts (decision 0054), or None.
    counts: str | None
    # Whether a finished game is shown round by round beside the others' and par.
    compared: bool
    # Whether a round's dice, holds and scores stay secret from the other seats until
    # the round closes (its log says only whose move it was).
    sealed: bool
    # Whether each closed round's turns of every seat are told (the last one in the
    # game's state; in full by the placement that closes it).
    reveals_rounds: bool

    def new_seed(self) -> str:
        """The secret a new game's dice come from, in hex ("" for the system's dice)."""
        raise NotImplementedError

    def seed_of(self, game: Game) -> bytes | None:
        """The secret ``game``'s dice come from; ``None``: the system's random dice."""
        raise NotImplementedError

    def source(self, game: Game, turn: Turn, roll: int, hold: Sequence[int]) -> DiceSource | None:
        """Where roll ``roll`` of ``turn`` keeping ``hold`` draws from; ``None``: the
        system's random source."""
        raise NotImplementedError

    def logged(self, game: Game, kind: str, data: Mapping[str, object]) -> Mapping[str, object]:
        """What the room's log keeps of event ``kind`` with ``data`` of ``game``."""
        raise NotImplementedError


class Pace:
    """Live or by the day: how long things wait, and what a player may ask of the clock."""

    name: str
    # Whether a turn is announced by push and email ("your turn").
    notices_turns: bool
    # Whether new chat rings the bell of the room's other members (one item per room).
    notices_chat: bool
    # Whether everyone's turn at once is the default of a new room.
    rounds_by_default: bool
    # The room form's field for the turn limit, and how many seconds its unit is.
    timer_field: str
    timer_unit: int

    def idle_limit(self, *, live: timedelta, by_the_day: timedelta) -> timedelta:
        """How long an open room stays without activity before it closes."""
        raise NotImplementedError

    def host_away(self, live: timedelta) -> timedelta:
        """How long a host is gone before the role passes on (``live``: a live room's)."""
        raise NotImplementedError

    def hurry_refusal(self) -> Refusal | None:
        """Why nobody may play a turn for its player before its deadline, if so."""
        raise NotImplementedError

    def holiday_refusal(self) -> Refusal | None:
        """Why a player may not pause their clock, if so."""
        raise NotImplementedError

    def turn_limit(self, seconds: int | None) -> int | Refusal | None:
        """The turn limit asked for (``None``: none asked), as the room keeps it, or why
        it is refused."""
        raise NotImplementedError


class Table:
    """Who may sit at a table, what it refuses, and what its results count for."""

    name: str
    # Why a game at this table counts (decision 0054), or None.
    counts: str | None
    # A finished game is the day's attempt: its score goes to the challenge.
    records_attempt: bool
    # The table belongs to a challenge whose page it links to.
    has_challenge_page: bool
    # A finished game rings the bell of every person seated, with their place and score.
    notices_results: bool

    def refusal(self, action: str) -> Refusal | None:
        """Why the table refuses room action ``action``, if it does."""
        raise NotImplementedError

    def coach_refusal(self) -> Refusal | None:
        """Why the coach is off at this table whatever the room's setting, if it is."""
        raise NotImplementedError

    def publish_refusal(self, *, public: bool) -> Refusal | None:
        """Why the host may not open the table to anyone (``public``) or close it again
        to invited people only, if so (the room's own state is checked by its service)."""
        raise NotImplementedError

    def seat_from_bot(self) -> bool:
        """Whether a person arriving with every seat taken before the first game takes a
        bot's seat (the bot leaves)."""
        raise NotImplementedError

    def chat_hidden(
        self,
        blocked: Mapping[int, frozenset[int]],
        consenting: Collection[int],
        people: Collection[int],
    ) -> dict[int, frozenset[int]]:
        """For each of ``people`` (player ids) the authors whose chat lines they do not
        see: those they ``blocked`` (a mapping as ``friends.selectors.blocks.hidden_among``
        gives) and whatever the table keeps apart (``consenting``: those who chat with
        strangers)."""
        raise NotImplementedError


class Ranking:
    """Whether a table's games change the players' ratings (decision 0070)."""

    name: str
    counts: str | None  # why its games count ("rated"), or None

    def rates(self, *, people: int, bots: int) -> bool:
        """Whether a game that began with ``people`` accounts and ``bots`` bots seated is
        rated."""
        raise NotImplementedError

    def bots_refusal(self, bots: int) -> Refusal | None:
        """Why the table refuses ``bots`` bots seated for its next game, if it does."""
        raise NotImplementedError
