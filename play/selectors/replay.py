"""A room's past games and the move-by-move replay of one of them.

The replay is rebuilt from the move log (``Turn`` rows): every roll of every player, in
order, then the placement that closed the turn, with each seat's sheet replayed by the
scoring engine so that a placement step carries the sheet as it stood then.  For the
rule sets the coach knows exactly (Yahtzee, Yatzy) each decision (the dice kept for a
roll, the box filled) is valued against the coach's best choice, as the review does
(``coach.services.reviews``); those values are computed once per game and kept in the
cache, since a finished game never changes.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from django.core.cache import cache
from django.utils.translation import gettext

from accounts.models import Player
from common.errors import ServiceError
from play import advice as coach
from play.models import Game, Scorecard, Turn
from play.selectors.rule_sets import ruleset_of
from play.selectors.views import ruleset_view_of
from rooms.models import Room
from scoring import scorecard_json
from scoring.ruleset import RuleSet
from scoring.scorecard import Scorecard as Sheet
from scoring.strategy import advisors
from scoring.strategy.advice import Choice

MAX_ROLLS = 3
PAST = (Game.Status.FINISHED, Game.Status.ENDED)
# The coach's values of a game, kept this long (a finished game never changes).
VALUES_SECONDS = 24 * 3600
VALUES_FORMAT = 2  # 2: exact values, rounded only when printed
# A decision of the replay: its step's index, the sheet, the dice, rolls left, the choice.
Move = tuple[int, Sheet, list[int], int, Choice]


@dataclass(frozen=True)
class Result:
    """One seat's final line: who, their total and rank."""

    seat: int
    name: str
    bot: bool
    total: int
    rank: int | None
    is_viewer: bool


@dataclass(frozen=True)
class PastGame:
    """A finished or ended game of a room, as its history page lists it."""

    number: int
    status: str
    ruleset: str
    options: dict[str, Any]
    when: datetime
    results: list[Result]
    reviewable: bool
    duplicate: bool = False  # played with the same dice for everyone


def past_games(room: Room, viewer: Player) -> list[PastGame]:
    """The room's finished and ended games, newest first, each with its seats ranked
    (rank, then total, then seat) and whether ``viewer`` has a review of it (a finished
    game they had turns in)."""
    games = list(room.games.filter(status__in=PAST).order_by("-number"))
    cards = Scorecard.objects.filter(game__in=games).select_related("player")
    by_game: dict[int, list[Scorecard]] = {}
    for card in cards:
        by_game.setdefault(card.game_id, []).append(card)
    played = set(
        Turn.objects.filter(game__in=games, player=viewer)
        .values_list("game_id", flat=True)
        .distinct()
    )
    found = []
    for game in games:
        seats = sorted(
            by_game.get(game.pk, []), key=lambda c: (c.rank is None, c.rank or 0, -c.total, c.seat)
        )
        found.append(
            PastGame(
                number=game.number,
                status=game.status,
                ruleset=game.ruleset,
                options=game.options,
                when=game.finished_at or game.started_at,
                results=[
                    Result(
                        seat=c.seat,
                        name=c.player.name,
                        bot=c.player.is_bot,
                        total=c.total,
                        rank=c.rank,
                        is_viewer=c.player_id == viewer.pk,
                    )
                    for c in seats
                ],
                reviewable=game.status == Game.Status.FINISHED
                and game.pk in played
                and not viewer.is_bot,
                duplicate=game.duplicate,
            )
        )
    return found


def past_game(room: Room, number: int) -> Game:
    """The finished or ended game ``number`` of ``room``; ``unknown_game`` otherwise."""
    game = room.games.filter(number=number, status__in=PAST).first()
    if game is None:
        raise ServiceError(
            "unknown_game", gettext("this room has no finished game with that number")
        )
    return game


def seat_view(seat: int, player: Player, sheet: Sheet) -> dict[str, Any]:
    """A seat as the room's scorecards draw it (the snapshot's seat shape)."""
    return {
        "seat": seat,
        "player": player.pk,
        "name": player.name,
        "bot": player.is_bot,
        "bot_level": player.bot_level or None,
        "boxes": scorecard_json.to_json(sheet)["boxes"],
        "totals": [asdict(t) | {"subtotal": t.subtotal, "total": t.total} for t in sheet.totals()],
        "total": sheet.total,
        "rank": None,
    }


def _place_text(rs: RuleSet, turn: Turn, who: str, round_number: int, points: int | None) -> str:
    """The sentence of a placement, in the active language."""
    where = gettext(rs.box_title(turn.box))
    if len(rs.columns) > 1 and turn.column:
        where = gettext("%(box)s (%(column)s)") % {
            "box": where,
            "column": gettext(rs.column_title(turn.column)),
        }
    values = {
        "name": who,
        "turn": round_number,
        "where": where,
        "bonus": turn.bonus,
        "points": points if points is not None else turn.points,
    }
    if turn.bonus:
        text = (
            gettext(
                "%(name)s, turn %(turn)s: scored %(points)s in %(where)s plus a %(bonus)s bonus"
            )
            % values
        )
    else:
        text = gettext("%(name)s, turn %(turn)s: scored %(points)s in %(where)s") % values
    if turn.finish == Turn.Finish.TIMEOUT:
        text = gettext("%(text)s (time ran out)") % {"text": text}
    elif turn.finish == Turn.Finish.SKIPPED:
        text = gettext("%(text)s (skipped by the host)") % {"text": text}
    return text


def _roll_text(
    rs: RuleSet,
    who: str,
    round_number: int,
    index: int,
    dice: list[int],
    kept: list[int],
    announced: str | None,
) -> str:
    """The sentence of a roll, in the active language."""
    values = {
        "name": who,
        "turn": round_number,
        "roll": index + 1,
        "dice": " ".join(map(str, dice)),
        "kept": " ".join(map(str, kept)),
    }
    if index and kept:
        return gettext("%(name)s, turn %(turn)s, roll %(roll)s: %(dice)s, kept %(kept)s") % values
    if index:
        return (
            gettext("%(name)s, turn %(turn)s, roll %(roll)s: %(dice)s, rerolled all five") % values
        )
    if announced:
        return gettext("%(name)s, turn %(turn)s, roll %(roll)s: %(dice)s, announced %(box)s") % (
            values | {"box": gettext(rs.box_title(announced))}
        )
    return gettext("%(name)s, turn %(turn)s, roll %(roll)s: %(dice)s") % values


def replay_of(game: Game) -> dict[str, Any]:
    """Every step of ``game`` in order, for the replay page (see docs/games.md).

    ``steps``: a ``roll`` step per roll (``dice``, ``held`` positions kept from the
    roll before and their values ``kept``) and a ``place`` step per filled box (with
    ``card``: the seat's sheet after it); each has ``text``, the sentence read to
    screen readers, and ``coach`` (the value of the choice made and of the best one, or
    ``None``).  ``coach_status``: ``ready``, ``not_ready`` (the tables are still being
    built) or ``none`` (a rule set the coach only estimates).
    """
    rs = ruleset_of(game)
    turns = list(
        Turn.objects.filter(game=game)
        .order_by("number")
        .select_related("player", "placed_by", "announced_by")
    )
    cards = list(Scorecard.objects.filter(game=game).select_related("player").order_by("seat"))
    steps: list[dict[str, Any]] = []
    moves: list[Move] = []
    _replay_turns(rs, turns, cards, steps, moves)
    status = _attach_values(game, rs, steps, moves)
    return {
        "number": game.number,
        "status": game.status,
        "ruleset": ruleset_view_of(game.ruleset, game.options),
        "seats": [seat_view(c.seat, c.player, rs.new_scorecard()) for c in cards],
        "coach_status": status,
        "steps": steps,
    }


def _replay_turns(
    rs: RuleSet,
    turns: list[Turn],
    cards: list[Scorecard],
    steps: list[dict[str, Any]],
    moves: list[Move],
) -> None:
    """Append to ``steps`` every roll and placement of ``turns``, each seat's sheet
    replayed, and to ``moves`` each decision the coach may value."""
    players = {c.seat: c.player for c in cards}
    sheets = {c.seat: rs.new_scorecard() for c in cards}
    rounds = dict.fromkeys(sheets, 0)
    for turn in turns:
        rounds[turn.seat] = rounds.get(turn.seat, 0) + 1
        round_number = rounds[turn.seat]
        sheet = sheets.setdefault(turn.seat, rs.new_scorecard())
        _roll_steps(rs, turn, round_number, sheet, steps, moves)
        if turn.box and turn.rolls:
            player = players.get(turn.seat, turn.player)
            sheets[turn.seat] = _place_step(rs, turn, round_number, sheet, player, steps, moves)


def _roll_steps(
    rs: RuleSet,
    turn: Turn,
    round_number: int,
    sheet: Sheet,
    steps: list[dict[str, Any]],
    moves: list[Move],
) -> None:
    """Append a step per roll of ``turn``, and a move per roll after the first (the
    dice kept from the roll before)."""
    rolls = list(turn.rolls or [])
    announced = (turn.state or {}).get("announced")
    for index, roll in enumerate(rolls):
        held = [int(p) for p in roll.get("held", [])]
        kept = [roll["dice"][p] for p in held]
        who = roll.get("by") or turn.player.name  # who held the seat then (maybe a bot)
        text = _roll_text(rs, who, round_number, index, roll["dice"], kept, announced)
        step = {
            "kind": "roll",
            "seat": turn.seat,
            "name": who,
            "round": round_number,
            "roll": index + 1,
            "dice": list(roll["dice"]),
            "held": held,
            "kept": kept,
            "announced": announced,
            "text": text,
            "coach": None,
        }
        if index:
            before = rolls[index - 1]["dice"]
            moves.append(
                (
                    len(steps),
                    sheet,
                    list(before),
                    MAX_ROLLS - index,
                    Choice("keep", 0.0, keep=tuple(sorted(before[p] for p in held))),
                )
            )
        steps.append(step)


def _place_step(
    rs: RuleSet,
    turn: Turn,
    round_number: int,
    sheet: Sheet,
    player: Player,
    steps: list[dict[str, Any]],
    moves: list[Move],
) -> Sheet:
    """Append the step and the move of ``turn``'s placement; return the seat's sheet
    after it (``player``: who sits the seat in the room's scorecards)."""
    rolls = list(turn.rolls or [])
    announced = (turn.state or {}).get("announced")
    dice = tuple(rolls[-1]["dice"])
    placed = sheet.place(dice, turn.box, turn.column or None, announced=announced)
    who = turn.placed_by.name if turn.placed_by is not None else turn.player.name
    text = _place_text(rs, turn, who, round_number, turn.points)
    moves.append(
        (
            len(steps),
            sheet,
            list(dice),
            MAX_ROLLS - len(rolls),
            Choice("place", 0.0, box=turn.box, column=turn.column or None),
        )
    )
    steps.append(
        {
            "kind": "place",
            "seat": turn.seat,
            "name": who,
            "round": round_number,
            "roll": len(rolls),
            "dice": list(dice),
            "held": [],
            "kept": [],
            "announced": announced,
            "box": turn.box,
            "column": turn.column or None,
            "points": turn.points,
            "bonus": turn.bonus,
            "finish": turn.finish,
            "text": text,
            "coach": None,
            "card": seat_view(turn.seat, player, placed),
        }
    )
    return placed


def _attach_values(game: Game, rs: RuleSet, steps: list[dict[str, Any]], moves: list[Move]) -> str:
    if not advisors.is_exact(rs):
        return "none"
    key = f"replay-values:{VALUES_FORMAT}:{game.pk}:{game.version}"
    values = cache.get(key)
    if values is None:
        if not coach.warm(rs):
            return "not_ready"
        values = move_values(rs, moves)
        cache.set(key, values, VALUES_SECONDS)
    for (index, *_), value in zip(moves, values, strict=True):
        steps[index]["coach"] = coach.relabel(value, rs)  # cached for every language
    return "ready"


def move_values(rs: RuleSet, moves: list[Move]) -> list[dict[str, Any] | None]:
    """The coach's value of each move made and of the best choice at that point (the
    expected final score with the best play from there on), or ``None`` where the move
    is not among the coach's choices."""
    adv = coach.advisor(rs)
    found: list[dict[str, Any] | None] = []
    for _, sheet, dice, left, made in moves:
        choices = tuple(adv.advise(sheet, tuple(dice), left))
        chosen = next((c for c in choices if coach.same_choice(c, made)), None)
        if chosen is None:
            found.append(None)
            continue
        best = choices[0]
        found.append(
            {
                "chosen": coach.choice_view(chosen, rs, best.value),
                "best": coach.choice_view(best, rs, best.value),
                "loss": max(0.0, float(best.value - chosen.value)),
            }
        )
    return found
