"""The three-roll cycle of one turn: dice, held positions, rolls used, announcement."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from scoring.dice import DICE_COUNT, Dice, DiceSource, draw, validate_dice
from scoring.errors import RulesError
from scoring.scorecard import Scorecard
from scoring.words import gettext_noop

MAX_ROLLS = 3


@dataclass(frozen=True)
class Turn:
    """One player's turn so far.  Every method returns a new ``Turn``.

    ``dice`` is empty before the first roll; ``held`` are the positions (0-4)
    kept at the last roll; ``announced`` is the Yam's box announced this turn.

    >>> from scoring import rulesets
    >>> from scoring.dice import scripted
    >>> card = rulesets.get("yahtzee").new_scorecard()
    >>> turn = Turn().roll(scripted([6, 6, 2, 3, 6]), card=card)
    >>> turn = turn.roll(scripted([6, 1]), hold=[0, 1, 4], card=card)
    >>> turn.dice, turn.rolls_left
    ((6, 6, 6, 1, 6), 1)
    """

    dice: Dice = ()
    held: tuple[int, ...] = ()
    rolls_used: int = 0
    announced: str | None = None

    @property
    def has_rolled(self) -> bool:
        """Whether the first roll has happened (a box can be filled only after it)."""
        return self.rolls_used > 0

    @property
    def rolls_left(self) -> int:
        """How many rolls remain, out of three."""
        return MAX_ROLLS - self.rolls_used

    def roll(self, source: DiceSource, hold: Iterable[int] = (), *, card: Scorecard) -> Turn:
        """Roll every die not in ``hold``.  ``card`` is the player's sheet: a finished
        sheet cannot roll, and a Yam's turn that must announce cannot roll past the
        moment to do so."""
        if card.is_complete:
            raise RulesError("game_over", gettext_noop("every box is filled: the game is over"))
        if self.rolls_used >= MAX_ROLLS:
            raise RulesError("no_rolls_left", gettext_noop("all three rolls are used: fill a box"))
        positions = _check_hold(hold)
        if not self.has_rolled and positions:
            raise RulesError(
                "bad_hold", gettext_noop("the first roll throws all five dice: hold nothing")
            )
        if len(positions) == DICE_COUNT:
            raise RulesError(
                "bad_hold", gettext_noop("all five dice are held: release one to roll")
            )
        if self.announced is None and self.has_rolled and card.must_announce:
            raise RulesError(
                "announcement_required",
                gettext_noop(
                    "only announced-column boxes are left: announce one before rolling again"
                ),
            )
        fresh = iter(draw(source, DICE_COUNT - len(positions)))
        old = self.dice or (0,) * DICE_COUNT
        dice = tuple(old[i] if i in positions else next(fresh) for i in range(DICE_COUNT))
        return Turn(dice, positions, self.rolls_used + 1, self.announced)

    def keep(self, hold: Iterable[int]) -> tuple[int, ...]:
        """The positions ``hold`` names, sorted, as dice a player may mark to keep for the
        next roll: after a roll, while rolls remain (marking all five is allowed; rolling
        them is not).

        >>> from scoring import rulesets
        >>> from scoring.dice import scripted
        >>> card = rulesets.get("yatzy").new_scorecard()
        >>> Turn().roll(scripted([6, 6, 2, 3, 6]), card=card).keep([4, 0, 1])
        (0, 1, 4)
        """
        if not self.has_rolled:
            raise RulesError("not_rolled", gettext_noop("roll the dice before holding any"))
        if self.rolls_used >= MAX_ROLLS:
            raise RulesError("no_rolls_left", gettext_noop("all three rolls are used: fill a box"))
        return _check_hold(hold)

    def announce(self, box: str, card: Scorecard) -> Turn:
        """Announce a box of the announced column (Yam's), right after the first roll."""
        rs = card.ruleset
        if rs.announce_column is None:
            raise RulesError(
                "no_announcements",
                gettext_noop("%(variant)s has no announcements"),
                variant=rs.title,
            )
        if not self.has_rolled:
            raise RulesError("not_rolled", gettext_noop("announce after the first roll"))
        if self.announced is not None:
            raise RulesError(
                "already_announced",
                gettext_noop("%(box)s is announced"),
                box=rs.box_title(self.announced),
            )
        if self.rolls_used > 1:
            raise RulesError(
                "announce_too_late", gettext_noop("a box is announced right after the first roll")
            )
        rs.check_announcement(card, box)
        return Turn(self.dice, self.held, self.rolls_used, box)

    def place(self, card: Scorecard, box: str, column: str | None = None) -> Scorecard:
        """Score this turn's dice on ``card`` (honouring the announcement; after one,
        the column defaults to the announced column)."""
        if not self.has_rolled:
            raise RulesError("not_rolled", gettext_noop("roll the dice before filling a box"))
        if column is None and self.announced is not None:
            column = card.ruleset.announce_column
        return card.place(self.dice, box, column, announced=self.announced)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data; ``Turn.from_json`` reads it back."""
        return {
            "dice": list(self.dice),
            "held": list(self.held),
            "rolls_used": self.rolls_used,
            "announced": self.announced,
        }

    @classmethod
    def from_json(cls, data: object, *, card: Scorecard) -> Turn:
        """Rebuild a turn from ``to_json`` data, checking that a game played on ``card``
        could have reached it."""
        try:
            return cls._read(data, card)
        except RulesError as exc:
            if exc.code == "bad_turn":
                raise
            raise RulesError("bad_turn", f"not a possible turn: {exc.message}") from None

    @classmethod
    def _read(cls, data: object, card: Scorecard) -> Turn:
        keys = {"dice", "held", "rolls_used", "announced"}
        if not isinstance(data, Mapping) or set(data) != keys:
            raise RulesError("bad_turn", "a turn has the keys dice, held, rolls_used, announced")
        rolls = data["rolls_used"]
        if type(rolls) is not int or not 0 <= rolls <= MAX_ROLLS:
            raise RulesError("bad_turn", f"rolls_used must be 0 to {MAX_ROLLS}")
        if not rolls:
            if data["dice"] != [] or data["held"] != [] or data["announced"] is not None:
                raise RulesError(
                    "bad_turn", "a turn without rolls has no dice, holds or announcement"
                )
            return cls()
        dice = validate_dice(data["dice"])
        held = _check_hold(data["held"])
        if (rolls == 1 and held) or len(held) == DICE_COUNT:
            raise RulesError("bad_turn", "the first roll holds nothing and no roll holds all five")
        announced = data["announced"]
        if announced is not None:
            if not isinstance(announced, str):
                raise RulesError("bad_turn", "announced must be a box name")
            card.ruleset.check_announcement(card, announced)
        return cls(dice, held, rolls, announced)


def _check_hold(hold: Iterable[int]) -> tuple[int, ...]:
    if isinstance(hold, (str, bytes)) or not isinstance(hold, Iterable):
        raise RulesError("bad_hold", gettext_noop("hold must be a list of dice positions 0-4"))
    positions = list(hold)
    if not all(type(p) is int and 0 <= p < DICE_COUNT for p in positions):
        raise RulesError("bad_hold", f"hold must list dice positions 0-4; got {positions!r}")
    if len(set(positions)) != len(positions):
        raise RulesError("bad_hold", f"hold lists a position twice: {positions!r}")
    return tuple(sorted(positions))
