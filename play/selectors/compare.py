"""Duplicate dice after the game: every round side by side, each seat's turn and par's
(the expert bot on the same dice), for the comparison page, with the seats that share a
device or a network (as the caller finds them: ``rooms.selectors.devices``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from accounts.models import Player
from common.protocol.game import RevealedTurn
from play.advice import label
from play.models import Game, Turn
from scoring.ruleset import RuleSet
from scoring.rulesets import get as ruleset
from scoring.strategy import advisors
from scoring.strategy.advice import Choice

# A played turn's fields, as ``turn_view`` reads them (``play.sql.ROUND_PLAYED``).
PLAYED_FIELDS = ("seat", "state", "rolls", "box", "column", "points", "bonus", "finish")
# What each of the given players shares a device or a network with, by player id.
SharedWith = Callable[[Sequence[Player]], Mapping[int, Sequence[object]]]


def turn_view(row: Mapping[str, Any]) -> RevealedTurn:
    """A played turn (a row of ``PLAYED_FIELDS``) as the reveal and the comparison of a
    duplicate game show it."""
    return {
        "seat": row["seat"],
        "rolls": [{"held": roll["held"], "dice": roll["dice"]} for roll in row["rolls"]],
        "announced": row["state"].get("announced"),
        "box": row["box"],
        "column": row["column"],
        "points": row["points"],
        "bonus": row["bonus"],
        "finish": row["finish"],
    }


@dataclass
class Cell:
    """One seat's turn of a round (or par's): its rolls, and the box it filled."""

    rolls: list[dict[str, Any]]
    box: str
    column: str
    points: int | None
    bonus: int
    announced: str | None = None
    finish: str = ""
    as_par: bool = False  # the same box as par chose
    where: str = ""  # the box (and column) in the active language

    @property
    def faces(self) -> list[list[tuple[int, bool]]]:
        """Each roll's dice as (face, kept) pairs."""
        return [
            [(face, slot in roll["held"]) for slot, face in enumerate(roll["dice"])]
            for roll in self.rolls
        ]


@dataclass
class Round:
    """A round of the game: each seat's cell in seat order, and par's."""

    number: int
    cells: list[Cell | None]
    par: Cell | None


@dataclass
class Comparison:
    """A duplicate game's rounds, its seats (name, total, difference to par, the other
    seats it shares a device or a network with) and par."""

    rounds: list[Round]
    seats: list[dict[str, Any]]
    par_total: int | None
    seed: str
    exact: bool = field(default=False)

    @property
    def shares_devices(self) -> bool:
        """Whether any seat shares a device or a network with another."""
        return any(seat["shared"] for seat in self.seats)


def _cell(data: Mapping[str, Any], rs: RuleSet) -> Cell:
    where = (
        label(Choice("place", 0.0, box=data["box"], column=data["column"]), rs)
        if data["box"]
        else ""
    )
    return Cell(
        rolls=data["rolls"],
        box=data["box"],
        column=data["column"],
        points=data["points"],
        bonus=data["bonus"],
        announced=data["announced"],
        finish=data.get("finish", ""),
        where=where,
    )


def comparison(game: Game, *, par: dict[str, Any] | None, shared_with: SharedWith) -> Comparison:
    """Every round of duplicate ``game`` (finished or ended) side by side with ``par``'s
    game (``play.services.duplicate.par_of``, which works it out and stores it); without
    it (the expert's tables still warming) ``par_total`` is ``None``; each seat with what
    ``shared_with`` says its player shares."""
    rs = ruleset(game.ruleset, **game.options)
    cards = list(game.scorecards.select_related("player").order_by("seat"))
    par_rounds = par["rounds"] if par is not None else []
    rounds: dict[int, Round] = {}
    for turn in Turn.objects.filter(game=game).order_by("number").values("number", *PLAYED_FIELDS):
        number = (turn["number"] - 1) // len(cards) + 1
        found = rounds.get(number)
        if found is None:
            expert = _cell(par_rounds[number - 1], rs) if number <= len(par_rounds) else None
            found = rounds[number] = Round(number, [None] * len(cards), expert)
        cell = _cell(turn_view(turn), rs)
        cell.as_par = found.par is not None and (found.par.box, found.par.column) == (
            cell.box,
            cell.column,
        )
        found.cells[turn["seat"]] = cell
    par_total = par["total"] if par is not None else None
    shared = shared_with([card.player for card in cards])
    seats = [
        {
            "seat": card.seat,
            "name": card.player.name,
            "bot": card.player.is_bot,
            "total": card.total,
            "rank": card.rank,
            "to_par": card.total - par_total if par_total is not None else None,
            "shared": shared.get(card.player_id, []),
        }
        for card in cards
    ]
    return Comparison(
        rounds=[rounds[k] for k in sorted(rounds)],
        seats=seats,
        par_total=par_total,
        seed=game.seed,
        exact=advisors.is_exact(rs),
    )
