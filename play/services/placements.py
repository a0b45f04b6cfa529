"""Filling a box, and taking it back in a casual room (docs/decisions/0054).

``game_place`` fills a box for the player whose turn it is. ``placement_take_back``
empties it again for that player while nobody has acted since: one seat after another,
until the next seat rolls; everyone at once, until the round closes. Whether a game
allows it at all is its mode's to say (not in a daily challenge, not with the
same dice for everyone). After a placement that may be taken back, no bot acts for
``common.counting.take_back_grace``, so that a bot's first roll does not close the
window before the player has seen their mistake.

Taking back restores what was: the sheet is rebuilt by the engine from the seat's
placements in the move log (and must then give back, with this placement, the sheet
stored), the turn reopens with its dice, holds, rolls left and announcement untouched,
and its clock gets back the time it had left when the box was filled.
"""

from __future__ import annotations

from datetime import timedelta
from typing import cast

from django.utils.translation import gettext

from accounts.models import Player
from common.clock import now
from common.counting import take_back_grace
from common.errors import ServiceError
from common.news import Answer
from common.protocol.events import Move
from common.protocol.keys import ColumnKey
from play import sql, sql_writes
from play.models import Game, Scorecard, Turn
from play.modes import Mode, Refusal, mode_of, raise_refusal
from play.selectors.rule_sets import ruleset_of
from play.services.core import Done, bump, membership, playing_game, room_act, rules
from play.services.play import do_place, your_turn
from play.services.turns import bot_delay, schedule_round
from play.signals import turn_withdrawn
from rooms.models import Room
from scoring import scorecard_json
from scoring.scorecard import Scorecard as Sheet
from scoring.turn import Turn as TurnState


def game_place(
    *,
    player: Player,
    code: str,
    box: str,
    column: str | None = None,
    request_id: str | None = None,
) -> Answer:
    """Fill a box (and column) with the turn's dice."""
    return room_act(
        "place", player, code, request_id, lambda room: _place(room, player, box, column)
    )


def _place(room: Room, player: Player, box: str, column: str | None) -> Done:
    game, card = your_turn(room, player)
    mode = mode_of(room, game)
    casual = mode.counts is None
    if casual:  # the turn keeps its deadline: taken back, it has the same time left
        mode.turns.keep_deadline(game)
    data = do_place(room, game, box, column, card=card)
    if casual and game.status == Game.Status.PLAYING and game.bot_due_at is not None:
        game.bot_due_at = max(game.bot_due_at, now() + take_back_grace(bot_delay()))
    return Done(bump(room, "place", actor=player, game=game, data=data), game)


def placement_take_back(*, player: Player, code: str, request_id: str | None = None) -> Answer:
    """Empty the box the player filled last, and give them that turn again as it stood,
    while nobody has acted since (casual games only: ``play.modes.Mode.counts``)."""
    return room_act(
        "take_back_place", player, code, request_id, lambda room: _take_back(room, player)
    )


def _take_back(room: Room, player: Player) -> Done:
    membership(room, player)
    game = playing_game(room)
    mode = mode_of(room, game)
    raise_refusal(mode.take_back_refusal())
    card = sql.card_of(game, player.pk)
    if card is None:
        raise ServiceError("nothing_to_take_back", gettext("you are not playing this game"))
    placed = _placed_turn(game, card, player, mode)
    before = _sheet_before(game, card, placed)
    card.data, card.total = scorecard_json.to_json(before), before.total
    sql_writes.write_card(card)
    deadline = None
    if placed.deadline is not None and placed.finished_at is not None:
        deadline = now() + max(placed.deadline - placed.finished_at, timedelta(0))
    data: Move = {
        "seat": placed.seat,
        "box": placed.box,
        "column": cast(ColumnKey, placed.column),  # a column key, as the engine wrote it
        "points": placed.points,
        "bonus": placed.bonus,
        "total": before.total,
    }
    rounds = mode.turns.rounds  # each turn of a round keeps its own deadline
    Turn.objects.filter(pk=placed.pk).update(
        box="",
        column="",
        points=None,
        bonus=0,
        finish="",
        placed_by=None,
        finished_at=None,
        deadline=deadline if rounds else None,
    )
    if rounds:
        schedule_round(game)  # the reopened turn's deadline counts again
    else:
        # The next seat's turn had not begun: it goes, with any notice of it.
        Turn.objects.filter(game=game, number=game.turn_count).delete()
        turn_withdrawn.send(sender=Turn, game=game, number=game.turn_count)
        game.turn_count -= 1
        game.current_seat = placed.seat
        game.turn_deadline, game.bot_due_at = deadline, None
    return Done(bump(room, "place_taken_back", actor=player, game=game, data=data), game)


def _placed_turn(game: Game, card: Scorecard, player: Player, mode: Mode) -> Turn:
    """The turn whose box ``player`` (at ``card``'s seat) may take back, or why not."""
    turn = mode.turns.placed_turn(game, card)
    if isinstance(turn, Refusal):
        raise ServiceError(turn.code, turn.message)
    if (
        turn.player_id != player.pk
        or turn.finish != Turn.Finish.PLAYED
        or turn.placed_by_id != player.pk
    ):
        raise ServiceError(
            "placed_for_you",
            gettext("that box was filled for you (by a bot or the clock): it stays filled"),
        )
    raise_refusal(mode.turns.take_back_closed(game))
    return turn


def _sheet_before(game: Game, card: Scorecard, placed: Turn) -> Sheet:
    """The seat's sheet before ``placed``'s box, rebuilt by the engine from the seat's
    placements before it in the move log; it must give the stored sheet back with
    ``placed``'s box."""
    sheet = ruleset_of(game).new_scorecard()
    for turn in (
        Turn.objects.filter(game=game, seat=card.seat, number__lt=placed.number)
        .exclude(box="")
        .order_by("number")
    ):
        sheet = _replayed(sheet, turn)
    if scorecard_json.to_json(_replayed(sheet, placed)) != card.data:
        raise ServiceError("take_back_closed", gettext("this box can no longer be taken back"))
    return sheet


def _replayed(sheet: Sheet, turn: Turn) -> Sheet:
    """``sheet`` with ``turn``'s box filled by its dice, as the turn filled it."""
    state = rules(lambda: TurnState.from_json(turn.state, card=sheet))
    return rules(
        lambda: sheet.place(state.dice, turn.box, turn.column or None, announced=state.announced)
    )
