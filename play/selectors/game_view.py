"""A room's latest game as everyone sees it, one part of its snapshot
(``rooms.selectors.snapshots``): the seats' scorecards, the open turn (one seat after
another) or the round's turns (everyone's turn at once), duplicate dice's closed round,
and the placements that may still be taken back, as the game's mode shows them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from common.protocol.game import Options, RevealedTurn, SeatView, Totals, TurnView
from common.protocol.keys import ColumnKey
from play import sql
from play.models import Game
from play.modes import Mode, mode_for
from play.selectors.compare import turn_view
from play.selectors.room_snapshot import Seats, Snapshot
from play.selectors.shared_state import NoTurn, OwnTurn, SharedGame, TurnShown
from play.selectors.take_backs import take_backs
from play.selectors.views import compact_json, ruleset_view_of
from scoring import scorecard_json
from scoring.scorecard import Scorecard as Sheet
from scoring.turn import Turn as TurnState

# A game's turn where no turn is open (everyone's turn at once, the shared part of the
# state: each player's own open turn comes on top, ``room_snapshot.Snapshot.own_of``).
NO_TURN: NoTurn = {
    "current_seat": None,
    "dice": [],
    "held": [],
    "rolls_left": 3,
    "announced": None,
    "must_announce": False,
    "options": {},
}
# Each seat's player and the engine's sheet of their scorecard, by seat.
Sheets = dict[int, tuple[int, Sheet]]


# A scorecard's view only changes with its row: a snapshot keeps its seats' views by row
# content (``Seats``), and the next one of the room redoes only the card that changed.


def _seat(card: dict[str, Any], known: Seats, seats: Seats) -> tuple[SeatView, Sheet]:
    data = card["data"]
    key = (
        card["id"],
        compact_json(data),
        card["total"],
        card["rank"],
        card["seat"],
        card["player_id"],
        card["player_name"],
        card["player_bot_level"],
        card["held_for_id"],
        card["held_for_name"],
        card["holiday_until"],
        card["holiday_left"],
    )
    found = known.get(key)
    if found is not None:
        seats[key] = found
        return found
    sheet = scorecard_json.from_json(data)
    view: SeatView = {
        "seat": card["seat"],
        "player": card["player_id"],
        "name": card["player_name"],
        "bot": bool(card["player_bot_level"]),
        "bot_level": card["player_bot_level"] or None,
        "boxes": data["boxes"],
        "totals": _totals(sheet),
        "total": card["total"],
        "rank": card["rank"],
        # The person a bot keeps this seat for until they are back (rooms.services.absence).
        "held_for": (
            {"player": card["held_for_id"], "name": card["held_for_name"]}
            if card["held_for_id"] is not None
            else None
        ),
        # By the day: the seat's clock is paused until then (play.services.holidays).
        "holiday_until": (
            card["holiday_until"].isoformat() if card["holiday_until"] is not None else None
        ),
        "holiday_left": card["holiday_left"],
    }
    found = seats[key] = (view, sheet)
    return found


def _totals(sheet: Sheet) -> list[Totals]:
    return [
        {
            "column": cast(ColumnKey, t.column),  # the engine's columns are the protocol's keys
            "upper": t.upper,
            "upper_bonus": t.upper_bonus,
            "middle": t.middle,
            "lower": t.lower,
            "yahtzee_bonus": t.yahtzee_bonus,
            "multiplier": t.multiplier,
            "subtotal": t.subtotal,
            "total": t.total,
        }
        for t in sheet.totals()
    ]


def _sheet_before(sheet: Sheet, row: dict[str, Any]) -> Sheet:
    """The seat's sheet as it stood before its box of the open round (``row``, its
    finished turn) was filled: the sheet that turn was played on."""
    data = scorecard_json.to_json(sheet)
    data["boxes"][row["column"]].pop(row["box"], None)
    if row["bonus"]:
        data["extra_yahtzees"][row["column"]] -= 1
    return scorecard_json.from_json(data)


def _before_round(view: SeatView, before: Sheet) -> SeatView:
    """Duplicate dice: the seat's view as it stood before its box of the open round was
    filled (``before``: its sheet then)."""
    boxes = scorecard_json.to_json(before)["boxes"]
    return {**view, "boxes": boxes, "totals": _totals(before), "total": before.total}


def game_view(
    room: dict[str, Any], known: Seats, seats_read: Seats, same_cards: Snapshot | None = None
) -> SharedGame | None:
    """The room's latest game as everyone sees it, plus ``deadline`` and ``player`` (whose
    turn it is), which the viewer's state turns into ``seconds_left`` and ``options``
    (everyone's turn at once: ``own``, each player's open turn of the round), and the
    placements that may still be taken back (``undoable``), as the game's mode shows it
    (``room``: the room's row).
    Seat views are taken from ``known`` when their row has not changed, or all of them
    from ``same_cards`` (a snapshot of the same game since which no scorecard changed);
    ``seats_read`` receives them all."""
    game = sql.first(sql.GAME, [room["id"]])
    if game is None:
        return None
    mode = _mode(room, game)
    seats, sheets = _seats(game, known, seats_read, same_cards)
    view = _shown(game, seats, rounds=mode.turns.rounds)
    playing = game["status"] == Game.Status.PLAYING
    if mode.dice.reveals_rounds and seats:
        view["revealed"] = _revealed(game, len(seats), view["round"], playing=playing)
    if not playing:
        return view
    if mode.turns.rounds:
        _round(
            view,
            sql.fetch(sql.ROUND, [game["id"], game["turn_count"] - len(seats)]),
            sheets,
            sealed=mode.dice.sealed,
        )
    else:
        _current_turn(view, game, sheets)
    view["undoable"] = take_backs(game, view, mode=mode)
    return view


def _seats(
    game: dict[str, Any], known: Seats, seats_read: Seats, same_cards: Snapshot | None
) -> tuple[list[SeatView], Sheets]:
    """The seats' views of ``game`` (its row) in seat order, and each seat's player and
    sheet: all kept from ``same_cards`` when it shows the same game, else each from
    ``known`` when its row has not changed (``seats_read`` receives them all)."""
    seats: list[SeatView] = []
    sheets: Sheets = {}
    before = same_cards.shared["game"] if same_cards is not None else None
    if same_cards is not None and before is not None and before["number"] == game["number"]:
        seats_read.update(same_cards.seats)
        kept = sorted(same_cards.seats.values(), key=lambda found: found[0]["seat"])
        # The seats as they are (with duplicate dice, those shown may be as they were).
        seats = [view for view, _sheet in kept] if before["own_seats"] else before["seats"]
        sheets = {view["seat"]: (view["player"], sheet) for view, sheet in kept}
    else:
        for card in sql.fetch(sql.CARDS, [game["id"]]):
            seat_view, sheet = _seat(card, known, seats_read)
            seats.append(seat_view)
            sheets[card["seat"]] = (card["player_id"], sheet)
    return seats, sheets


def _shown(game: dict[str, Any], seats: list[SeatView], *, rounds: bool) -> SharedGame:
    """The game's view before its turns are read: no turn open, nothing revealed
    (``rounds``: everyone's turn at once, where no seat is current)."""
    count = game["turn_count"]
    return {
        "number": game["number"],
        "status": game["status"],
        "version": game["version"],
        "ruleset": ruleset_view_of(game["ruleset"], game["options"]),
        "together": bool(game["together"]),
        "round": -(-count // len(seats)) if seats else 0,
        "duplicate": bool(game["duplicate"]),
        "revealed": None,
        "turns": None,
        "turn": count,
        "seconds_left": None,
        "seats": seats,
        **NO_TURN,
        "current_seat": None if rounds else game["current_seat"],
        "deadline": None,
        "player": None,
        "own": {},
        "own_seats": {},
        "undoable": [],
        "rounds": rounds,
    }


def _revealed(
    game: dict[str, Any], seated: int, round_number: int, *, playing: bool
) -> list[RevealedTurn]:
    """Duplicate dice: the last closed round (the last round, once the game is over) for
    all to compare (``seated``: how many seats the game has)."""
    shown = round_number - 1 if playing else round_number
    return [
        turn_view(row)
        for row in sql.fetch(sql.ROUND_PLAYED, [game["id"], (shown - 1) * seated, shown * seated])
    ]


def _current_turn(view: SharedGame, game: dict[str, Any], sheets: Sheets) -> None:
    """One seat after another: the current seat's open turn as its player sees it, its
    ``deadline`` and ``player``."""
    view["deadline"] = game["turn_deadline"]
    player, sheet = sheets[game["current_seat"]]
    view["player"] = player
    row = sql.fetch(sql.TURN, [game["id"], game["turn_count"]])[0]
    seen = _turn(row, sheet)
    view["dice"], view["held"], view["rolls_left"] = seen["dice"], seen["held"], seen["rolls_left"]
    view["announced"], view["must_announce"] = seen["announced"], seen["must_announce"]
    view["options"] = seen["options"]


def _mode(room: dict[str, Any], game: dict[str, Any]) -> Mode:
    """The mode of ``game`` of ``room`` (their rows)."""
    return mode_for(
        pace=room["pace"],
        together=bool(game["together"]),
        seeded=bool(game["duplicate"]),
        daily=bool(room["daily"]),
        rated=bool(room["rated"]),
        public=bool(room["public"]),
    )


def _turn(row: dict[str, Any], sheet: Sheet) -> TurnShown:
    """An open turn (its ``state`` and ``holding``) as its player sees it."""
    turn = TurnState.from_json(row["state"], card=sheet)
    seen: TurnShown = {
        # ``held``: the dice marked to keep now (``hold``), which start as the last roll's.
        "dice": list(turn.dice),
        "held": list(row["holding"]),
        "rolls_left": turn.rolls_left,
        "announced": turn.announced,
        "must_announce": turn.has_rolled and turn.announced is None and sheet.must_announce,
        "options": {},
    }
    if turn.has_rolled:
        options = sheet.options(turn.dice, announced=turn.announced)
        # By column, then box, as ``boxes`` are: a roll's patch names the boxes it changed.
        by_column: dict[str, dict[str, list[int]]] = {}
        for p, gain in zip(options, sheet.gains(options), strict=True):
            by_column.setdefault(p.column, {})[p.box] = [p.points, p.bonus, gain]
        # Lists, not tuples: equal to what a client sends back and diffs the same.
        seen["options"] = cast(Options, by_column)
    return seen


def _round(
    view: SharedGame,
    rows: list[dict[str, Any]],
    sheets: Sheets,
    *,
    sealed: bool,
) -> None:
    """Everyone's turn at once: the round's turn of each seat for all to see (``turns``;
    ``sealed``: without their dice, holds, announcements or scores, duplicate dice),
    each open one as its player sees it (``own``), and as ``deadline`` the latest of the
    open turns' (the round is over by then)."""
    turns: list[TurnView] = []
    own: dict[int, OwnTurn] = {}
    deadlines: list[datetime] = []
    seats = list(view["seats"])
    scored: dict[int, int] = {}  # duplicate dice: players who scored, by seat index
    for row in rows:
        player, sheet = sheets[row["seat"]]
        done = row["finished_at"] is not None
        # A turn that filled its box is read against the sheet it was played on: the box
        # it announced (Yam's) is filled on the sheet now.
        played_on = _sheet_before(sheet, row) if done and row["box"] else sheet
        seen = _turn(row, played_on)
        turns.append(
            {
                "seat": row["seat"],
                "dice": [] if sealed else seen["dice"],
                "held": [] if sealed else seen["held"],
                "rolls_left": seen["rolls_left"],
                "announced": None if sealed else seen["announced"],
                "done": done,
            }
        )
        if not done:
            own[player] = {**seen, "current_seat": row["seat"], "deadline": row["deadline"]}
            if row["deadline"] is not None:
                deadlines.append(row["deadline"])
        elif sealed and row["box"]:
            index = next(i for i, s in enumerate(seats) if s["seat"] == row["seat"])
            seats[index] = _before_round(seats[index], played_on)
            scored[player] = index
    view["turns"], view["own"] = turns, own
    view["deadline"] = max(deadlines, default=None)
    if scored:
        # Each who scored sees their own seat as it is; everyone else, as it was.
        view["own_seats"] = {
            player: [*seats[:index], view["seats"][index], *seats[index + 1 :]]
            for player, index in scored.items()
        }
        view["seats"] = seats
