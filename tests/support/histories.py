"""Game histories built by hand in the database, with answers known in advance.

Rooms, games, scorecards and turns are written directly (no services, no dice), so a
test states exactly what was played: each seat's final sheet and the dice of each of
its rolls.  Ranks follow the services' rule: equal totals share a rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import count

from django.utils import timezone

from games.models import Game, GameReview, Membership, Player, Room, Scorecard, Turn
from scoring import scorecard_json
from scoring.scorecard import Scorecard as Sheet
from tests.support.sheets import UPPER_63, filled, sheet

_codes = count(1)
_clock = count(1)


@dataclass
class Seat:
    """One seat of a hand-built game: who holds its card at the end (``player``), their
    final sheet, and the dice of each roll of each of their turns.  A seat a bot took
    over has the bot as ``player`` and the person's earlier turns in ``before``, played
    by ``before_by``."""

    player: Player
    sheet: Sheet
    turns: Sequence[Sequence[Sequence[int]]] = ()
    before_by: Player | None = None
    before: Sequence[Sequence[Sequence[int]]] = field(default=())


def room_of(host: Player, ruleset: str, members: Sequence[Player] = ()) -> Room:
    """A room of ``ruleset`` hosted by ``host``, with ``members`` (seated in order)."""
    room = Room.objects.create(code=f"hist{next(_codes):04d}", host=host, ruleset=ruleset,
                               seat_count=max(1, 1 + len(members)),
                               last_activity_at=timezone.now())
    for seat, player in enumerate([host, *members]):
        Membership.objects.create(room=room, player=player, seat=seat)
    return room


def played(room: Room, seats: Sequence[Seat], *, status: str = Game.Status.FINISHED,
           finished_at: datetime | None = None) -> Game:
    """A game of ``room`` with these seats' final sheets and rolls, finished (or ended)
    one minute after the previous hand-built game unless ``finished_at`` says when."""
    when = finished_at or timezone.now() - timedelta(days=1) + timedelta(minutes=next(_clock))
    game = Game.objects.create(room=room, number=room.games.count() + 1, ruleset=room.ruleset,
                               status=status, finished_at=when)
    totals = [seat.sheet.total for seat in seats]
    number = count(1)
    for index, seat in enumerate(seats):
        rank = 1 + sum(other > totals[index] for other in totals)
        Scorecard.objects.create(
            game=game, seat=index, player=seat.player, data=scorecard_json.to_json(seat.sheet),
            total=seat.sheet.total, rank=rank if status == Game.Status.FINISHED else None)
        for turn_rolls, roller in [*((t, seat.before_by) for t in seat.before),
                                   *((t, seat.player) for t in seat.turns)]:
            Turn.objects.create(
                game=game, number=next(number), seat=index, player=roller, state={},
                rolls=[{"by": roller.name, "player": roller.pk, "held": [], "dice": list(d)}
                       for d in turn_rolls],
                finish=Turn.Finish.PLAYED)
    return game


def games_for_host(code: str) -> None:
    """Three finished Yahtzee games in room ``code`` between its host and a new player
    Bea, who scores 109 each time: the host wins on 148, loses on 98, wins on 148,
    rolling one Yahtzee a game, and has a review of each (accuracy 60, 75, 90).  A
    browser test runs it in a process of its own, against the live server's database."""
    room = Room.objects.get(code=code)
    bea = Player.objects.create(name="Bea")
    win = sheet("yahtzee", [*UPPER_63, ((6, 6, 6, 6, 6), "yahtzee")])
    upper = sheet("yahtzee", UPPER_63)
    bea_sheet = sheet("yahtzee", [*UPPER_63[:4], ((5, 5, 5, 5, 5), "yahtzee"),
                                  ((6, 6, 6, 6, 5), "chance")])
    assert (win.total, upper.total, bea_sheet.total) == (148, 98, 109)
    for host_sheet, accuracy in ((win, 60), (upper, 75), (win, 90)):
        game = played(room, [Seat(room.host, host_sheet, turns=[[(6, 6, 6, 6, 6)]]),
                             Seat(bea, bea_sheet)])
        GameReview.objects.create(game=game, player=room.host, data={"accuracy": accuracy})



# Yam's boxes filled with scores a real roll can make.
YAMS_SCORES = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18,
               "maximum": 26, "minimum": 9, "full_house": 20, "four_of_a_kind": 30,
               "straight": 40, "yams": 0}


def yams_near_the_end(code: str, open_boxes: Sequence[str]) -> None:
    """Fill the sheets of room ``code``'s Yam's game in play, leaving open only
    ``open_boxes[seat]`` ("column/box") on each seat's sheet, and make it the first
    seat's turn (no roll yet): the game ends after one more turn each.  Only the first
    seat scored its four of a kinds: it leads by 120, more than a last turn can make up,
    so it wins.  The room's version moves on, so every page that reloads draws the new
    sheets."""
    room = Room.objects.get(code=code)
    game = room.games.get(status=Game.Status.PLAYING)
    for card in game.scorecards.order_by("seat"):
        column_boxes: dict[str, dict[str, int]] = {}
        for column in ("free", "down", "up", "announced"):
            column_boxes[column] = {
                box: 0 if box == "four_of_a_kind" and card.seat else score
                for box, score in YAMS_SCORES.items()
                if f"{column}/{box}" != open_boxes[card.seat]}
        full = filled("yams", column_boxes)
        card.data, card.total = scorecard_json.to_json(full), full.total
        card.save(update_fields=["data", "total"])
    Room.objects.filter(pk=room.pk).update(version=room.version + 1)
    Game.objects.filter(pk=game.pk).update(version=game.version + 1)
