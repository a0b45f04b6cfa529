"""Playing a game: turns, rolls, announcements, placements, and finishing for the absent.

Every rule question goes to the ``scoring`` engine; these functions only load,
ask, store and record. The ``place`` service, and taking a box back, are in
``play.services.placements``; a person's seat handed to a bot, in
``rooms.services.bot_seats``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import cast

from django.db import transaction
from django.utils.translation import gettext

from accounts.models import Player
from common.clock import now
from common.errors import ServiceError
from common.news import Answer
from common.protocol.events import Move, Rank, TurnFinished
from common.protocol.keys import ColumnKey
from play import sql, sql_writes
from play.models import Game, Scorecard, Turn
from play.modes import Refusal, mode_of, turn_order_of
from play.selectors.rule_sets import ruleset_of
from play.services import dice
from play.services.core import (
    Done,
    bump,
    membership,
    playing_game,
    require_host,
    require_live,
    room_act,
    rules,
)
from play.services.duplicate import revealed
from play.services.turns import (
    open_turns,
    schedule_round,
    start_round,
    start_turn,
)
from play.signals import attempt_finished, game_finished
from rooms.models import Membership, Room
from scoring import scorecard_json
from scoring.scorecard import Placement
from scoring.scorecard import Scorecard as Sheet
from scoring.turn import Turn as TurnState

# Seconds of holiday each seat may take in a game (play.services.holidays).
HOLIDAY_ALLOWANCE = 7 * 24 * 3600


def sheet_of(card: Scorecard) -> Sheet:
    """The engine's sheet stored in a scorecard row."""
    return scorecard_json.from_json(card.data)


# -- starting ---------------------------------------------------------------


def begin_game(room: Room, seated: Sequence[Membership], seed: str | None = None) -> Game:
    """Create the next game of ``room`` with ``seated`` in seat order, and its first turn
    (``seed``: the dice's, for a daily challenge; else a new one with duplicate dice)."""
    rs = ruleset_of(room)
    number = room.games.count() + 1
    game = Game.objects.create(
        room=room,
        number=number,
        ruleset=room.ruleset,
        options=dict(rs.options),
        together=room.together,
        seed=seed or mode_of(room).dice.new_seed(),
    )
    empty = scorecard_json.to_json(rs.new_scorecard())
    # A bot keeping a seat for someone (rooms.services.absence) keeps it in a rematch too,
    # and a holiday under way goes on (each game allows 7 days: it counts against them).
    before = {
        card.player_id: card
        for card in Scorecard.objects.filter(game__room=room, game__number=number - 1)
    }
    moment = now()
    for index, member in enumerate(seated):
        last = before.get(member.player_id)
        away = (
            last.holiday_until
            if last is not None and last.holiday_until is not None and last.holiday_until > moment
            else None
        )
        left = (
            HOLIDAY_ALLOWANCE - int((away - moment).total_seconds()) if away else HOLIDAY_ALLOWANCE
        )
        Scorecard.objects.create(
            game=game,
            seat=index,
            player=member.player,
            first_player=member.player,
            data=empty,
            held_for_id=last.held_for_id if last is not None else None,
            holiday_until=away,
            holiday_left=max(0, left),
        )
    if turn_order_of(game).rounds:
        start_round(room, game, cards_of(game))
    else:
        start_turn(room, game, 0)
    return game


# -- one step of a turn -----------------------------------------------------


def cards_of(game: Game) -> list[Scorecard]:
    """The game's scorecards in seat order, with their players."""
    return list(game.scorecards.select_related("player").order_by("seat"))


def card_at(game: Game, seat: int) -> Scorecard:
    """The game's scorecard at ``seat``, with its player (``DoesNotExist`` if none)."""
    return game.scorecards.select_related("player").get(seat=seat)


def card_after(game: Game, seat: int) -> Scorecard:
    """The scorecard of the seat whose turn comes after ``seat``'s: the next seat, or the
    first after the last (``DoesNotExist`` if the game has none)."""
    found = sql.card_after(game, seat)
    if found is None:
        raise Scorecard.DoesNotExist("the game has no scorecards")
    return found


def open_turn(
    game: Game, card: Scorecard | None = None
) -> tuple[Scorecard, Turn, Sheet, TurnState]:
    """The open turn of ``card``'s seat (one seat after another: the current seat's, its
    card read when ``card`` is not it), with the card, its sheet and the turn's state."""
    card, turn = turn_order_of(game).turn_to_play(game, card)
    sheet = sheet_of(card)
    state = rules(lambda: TurnState.from_json(turn.state, card=sheet))
    return card, turn, sheet, state


def do_roll(game: Game, hold: Sequence[int], card: Scorecard | None = None) -> Move:
    """Roll the current turn's dice (the server draws them); returns the event data.
    ``card``: the current seat's scorecard, when already read."""
    card, turn, sheet, state = open_turn(game, card)
    source = dice.source_for(game, turn, state.rolls_used + 1, hold)  # the mode's dice
    rolled = rules(lambda: state.roll(source, hold, card=sheet))
    drawn = [rolled.dice[i] for i in range(5) if i not in rolled.held]
    turn.state = rolled.to_json()
    turn.holding = list(rolled.held)  # kept dice stay marked until the player releases them
    turn.rolls = [
        *turn.rolls,
        {
            "by": card.player.name,
            "player": card.player.pk,
            "held": list(rolled.held),
            "drawn": drawn,
            "dice": list(rolled.dice),
            "at": now().isoformat(),
        },
    ]
    sql_writes.write_turn_play(turn)
    return {
        "seat": card.seat,
        "dice": list(rolled.dice),
        "held": list(rolled.held),
        "drawn": drawn,
        "rolls_left": rolled.rolls_left,
    }


def do_announce(game: Game, box: str, by: Player | None, card: Scorecard | None = None) -> Move:
    """Announce a Yam's box for the current turn (``by`` the player or bot who chose it;
    ``None`` for the clock)."""
    card, turn, sheet, state = open_turn(game, card)
    announced = rules(lambda: state.announce(box, sheet))
    turn.state = announced.to_json()
    turn.announced_by = by
    sql_writes.write_announcement(turn)
    return {"seat": card.seat, "box": box}


def do_place(
    room: Room,
    game: Game,
    box: str,
    column: str | None,
    how: str = Turn.Finish.PLAYED,
    card: Scorecard | None = None,
) -> Move:
    """Fill a box with the current dice, then pass the turn on (or finish the game)."""
    card, turn, sheet, state = open_turn(game, card)
    if not state.has_rolled:
        raise ServiceError("not_rolled", gettext("roll the dice before filling a box"))
    if column is None and state.announced is not None:
        column = sheet.ruleset.announce_column
    chosen: Placement = rules(
        lambda: sheet.placement(state.dice, box, column, announced=state.announced)
    )
    placed = rules(lambda: sheet.place(state.dice, box, column, announced=state.announced))
    card.data, card.total = scorecard_json.to_json(placed), placed.total
    sql_writes.write_card(card)
    turn.box, turn.column, turn.points, turn.bonus = box, chosen.column, chosen.points, chosen.bonus
    turn.finish, turn.finished_at, turn.placed_by = how, now(), card.player
    sql_writes.write_turn_end(turn)
    data: Move = {
        "seat": card.seat,
        "box": box,
        "column": cast(ColumnKey, chosen.column),  # the engine's columns are the protocol's
        "points": chosen.points,
        "bonus": chosen.bonus,
        "dice": list(state.dice),
        "total": placed.total,
    }
    if turn_order_of(game).rounds:
        end_of_round(room, game, data)
        return data
    # Only a placement that completes its own sheet can end the game: the others need
    # just the next seat's card, not every card read and parsed.
    cards = cards_of(game) if placed.is_complete else [card_after(game, card.seat)]
    if placed.is_complete and all(sheet_of(c).is_complete for c in cards):
        data["ranking"] = finish_game(room, game, cards)
    elif placed.is_complete:
        start_turn(room, game, (game.current_seat + 1) % len(cards), cards)
    else:
        start_turn(room, game, cards[0].seat, cards)
    return data


def end_of_round(room: Room, game: Game, data: Move) -> None:
    """Everyone's turn at once, after a placement: while other turns of the round are
    open, time the game by them; once all are scored, open the next round or finish the
    game (its ranking goes in ``data``)."""
    if open_turns(game).exists():
        schedule_round(game)
        return
    cards = cards_of(game)
    if mode_of(room, game).dice.reveals_rounds:  # duplicate dice: the round is told now
        data["revealed"] = revealed(game, game.turn_count // len(cards))
    if all(sheet_of(c).is_complete for c in cards):
        data["ranking"] = finish_game(room, game, cards)
    else:
        start_round(room, game, cards)


def finish_game(room: Room, game: Game, cards: Sequence[Scorecard]) -> list[Rank]:
    """Rank the seats (equal totals share a rank) and close the game (``cards``: all of
    its scorecards, with their players, as ``cards_of`` reads them)."""
    ranking: list[Rank] = []
    ranks = {card.seat: 1 + sum(other.total > card.total for other in cards) for card in cards}
    for card in cards:
        card.rank = ranks[card.seat]
        card.save(update_fields=["rank"])
    for card in sorted(cards, key=lambda c: (ranks[c.seat], c.seat)):
        ranking.append(
            {
                "seat": card.seat,
                "player": card.player.name,
                "total": card.total,
                "rank": ranks[card.seat],
            }
        )
    game.status, game.finished_at = Game.Status.FINISHED, now()
    game.turn_deadline = game.bot_due_at = None
    if mode_of(room, game).table.records_attempt:  # the attempt's score counts from now
        attempt_finished.send(sender=Game, game=game, score=cards[0].total)
    transaction.on_commit(partial(game_finished.send, sender=Game, game_id=game.pk))
    return ranking


def best_placement(sheet: Sheet, state: TurnState) -> Placement:
    """The legal placement that adds the most to the score right now; ties go to the
    least valuable box, then sheet order."""
    options = sheet.options(state.dice, announced=state.announced)
    return max(options, key=lambda p: (sheet.gain(p), -sheet.ruleset.box_bounds(p.box)[1]))


def finish_for_absent(
    room: Room, game: Game, how: str, card: Scorecard | None = None
) -> TurnFinished:
    """End the open turn of ``card``'s seat (one seat after another: the current one) for
    a player who is not there: roll if they had not, announce if Yam's requires it, and
    take the best immediate score."""
    card, _, sheet, state = open_turn(game, card)
    events: TurnFinished = {}
    if not state.has_rolled:
        events["roll"] = do_roll(game, [], card)
        card, _, sheet, state = open_turn(game, card)
    if state.announced is None and sheet.must_announce:
        column = sheet.ruleset.announce_column
        best = max(sheet.open_boxes(column), key=lambda b: sheet.ruleset.score(state.dice, b))
        events["announce"] = do_announce(game, best, None, card)
        card, _, sheet, state = open_turn(game, card)
    choice = best_placement(sheet, state)
    events["place"] = do_place(room, game, choice.box, choice.column, how, card)
    return events


# -- the services people call -----------------------------------------------


def your_turn(room: Room, player: Player) -> tuple[Game, Scorecard]:
    """The game in play and the scorecard of ``player``, a member whose turn it is."""
    membership(room, player)
    game = playing_game(room)
    mine = turn_order_of(game).card_to_play(game, player)
    if isinstance(mine, Refusal):
        raise ServiceError(mine.code, mine.message)
    mine.player = player  # the card's player is the one acting: no need to read it
    return game, mine


def game_roll(
    *, player: Player, code: str, hold: Sequence[int] = (), request_id: str | None = None
) -> Answer:
    """Roll (the first roll throws all five; later ones keep the ``hold`` positions)."""
    return room_act("roll", player, code, request_id, lambda room: _roll(room, player, hold))


def _roll(room: Room, player: Player, hold: Sequence[int]) -> Done:
    game, card = your_turn(room, player)
    data = do_roll(game, hold, card)
    return Done(bump(room, "roll", actor=player, game=game, data=data), game)


def game_hold(
    *, player: Player, code: str, hold: Sequence[int], request_id: str | None = None
) -> Answer:
    """Mark the dice to keep for the next roll (positions 0-4), for everyone to see at
    once; the next ``roll`` still says what it keeps."""
    return room_act("hold", player, code, request_id, lambda room: _hold(room, player, hold))


def _hold(room: Room, player: Player, hold: Sequence[int]) -> Done:
    game, card = your_turn(room, player)
    _card, turn, _sheet, state = open_turn(game, card)
    positions = list(rules(lambda: state.keep(hold)))
    if positions == turn.holding:
        return Done(None, remember=False)
    turn.holding = positions
    sql_writes.write_turn_play(turn)
    return Done(
        bump(room, "hold", actor=player, game=game, data={"seat": card.seat, "held": positions}),
        game,
    )


def game_announce(*, player: Player, code: str, box: str, request_id: str | None = None) -> Answer:
    """Announce a box of the Yam's announced column, right after the first roll."""
    return room_act("announce", player, code, request_id, lambda room: _announce(room, player, box))


def _announce(room: Room, player: Player, box: str) -> Done:
    game, card = your_turn(room, player)
    data = do_announce(game, box, player, card)
    return Done(bump(room, "announce", actor=player, game=game, data=data), game)


def game_skip(
    *, player: Player, code: str, seat: int | None = None, request_id: str | None = None
) -> Answer:
    """The host finishes an absent player's turn (best immediate score): the current
    one, or everyone's turn at once the open turn of ``seat``. Not by the day, where
    each turn has its deadline."""
    return room_act("skip", player, code, request_id, lambda room: _skip(room, player, seat))


def _skip(room: Room, player: Player, seat: int | None) -> Done:
    require_host(room, player)
    require_live(room)
    game = playing_game(room)
    current = turn_order_of(game).card_to_skip(game, seat)
    if isinstance(current, Refusal):
        raise ServiceError(current.code, current.message)
    if current.player.is_bot or current.player_id == player.pk:
        raise ServiceError("cannot_skip", gettext("only another person's turn can be skipped"))
    data = finish_for_absent(room, game, Turn.Finish.SKIPPED, current)
    return Done(bump(room, "skip", actor=player, game=game, data=data), game)


def end_game(game: Game, reason: str) -> None:
    """Stop a game where it stands (a moderator, the room closing, no people left)."""
    game.status, game.finished_at, game.ended_reason = Game.Status.ENDED, now(), reason
    game.turn_deadline = game.bot_due_at = None
    game.turns.filter(finished_at__isnull=True).update(finish=Turn.Finish.ENDED, finished_at=now())
    game.save()
