"""The post-game review: every decision a player made in a finished game, set against
the coach's best choice.

The player's sheet is rebuilt turn by turn from the move log (``Turn`` rows).  A
*decision* is a point where the player themself chose: after each roll but the last
one they rolled, what they did next (the next roll's held dice, or filling a box at
once); the box they filled after their final roll; and, in Yam's, an announcement.
Moves made by the clock (a turn that ran out of time), by the host's skip or by a bot
that took the seat over are not theirs and are left out.

Each decision is valued with the advisor of the game's rules (``scoring.strategy``):
``loss`` is the best choice's expected final score minus that of the choice made
(never negative).  A review is built once and stored (``GameReview``); building one
for Yam's can take seconds, so every finished game's reviews are also precomputed in
the background when the game ends (``games.background.review_jobs``): read and computed
by a child process on spare CPU (``games.background.reviews``).
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from accounts.models import Player
from accounts.selectors.players import people_of_game
from coach.models import GameReview
from coach.signals import review_made, review_stored
from common.errors import ServiceError
from common.figures import rounded
from play import advice as coach
from play.models import Game, Turn
from play.selectors.games import finished_game, game_of_id, turns_of
from play.selectors.rule_sets import ruleset_of
from rooms.selectors.rooms import member_room
from scoring.ruleset import RuleSet
from scoring.scorecard import Scorecard as Sheet
from scoring.strategy.advice import Choice

log = logging.getLogger(__name__)

# A decision losing less than this (in expected final points) counts as accurate.
ACCURATE = 0.01
# How many of the coach's best choices each decision keeps.
ALTERNATIVES = 3
MAX_ROLLS = 3
# The layout of ``GameReview.data`` (2: luck and the path of the expectation; 3: every
# value exact, rounded only when printed: docs/decisions/0051).
FORMAT = 3

_locks_guard = threading.Lock()
_locks: dict[tuple[int, int], threading.Lock] = {}


@contextmanager
def _building(game_id: int, player_id: int) -> Iterator[None]:
    """One build per review at a time in this process (other processes are kept from
    storing twice by the unique constraint)."""
    with _locks_guard:
        lock = _locks.setdefault((game_id, player_id), threading.Lock())
    with lock:
        yield
    with _locks_guard:
        if not lock.locked():
            _locks.pop((game_id, player_id), None)


def review_of(*, player: Player, code: str, number: int) -> GameReview:
    """The review of ``player``'s play in game ``number`` of room ``code``, for a member
    of the room; refused with ``unknown_room``, ``not_in_room``, ``unknown_game``,
    ``not_finished`` or ``not_played``."""
    room = member_room(code=code, player=player)
    game = room.games.filter(number=number).first()
    if game is None:
        raise ServiceError("unknown_game", gettext("this room has no game with that number"))
    return review_for(game=game, player=player)


def review_for(*, game: Game, player: Player) -> GameReview:
    """The stored review of ``player`` in ``game``, built and stored on first use.

    Only for finished games (``not_finished``) and players who had turns in it
    (``not_played``); ``review_not_ready`` while the coach's tables are being built (it
    never waits for them).  Concurrent callers get the same stored review, its choices'
    labels in the active language (``coach.relabel``; not saved).
    """
    found = GameReview.objects.filter(game=game, player=player).first()
    rs = ruleset_of(game)
    # One in an older layout is built again, once the coach is ready; until then it shows.
    if found is not None and (
        found.data.get("format") == FORMAT
        or game.status != Game.Status.FINISHED
        or not coach.warm(rs)
    ):
        return _in_language(found, rs)
    if game.status != Game.Status.FINISHED:
        raise ServiceError("not_finished", gettext("a game is reviewed once it is finished"))
    turns = turns_of(game)
    if player.is_bot or not any(t.player_id == player.pk for t in turns):
        raise ServiceError("not_played", gettext("you did not play in this game"))
    if not coach.warm(rs):
        raise ServiceError(
            "review_not_ready",
            gettext("the coach is getting ready: your review will be here in a moment"),
        )
    with _building(game.pk, player.pk):
        found = GameReview.objects.filter(game=game, player=player).first()
        if found is None:
            found = _store(game, player, build_review(rs, turns, player))
        elif found.data.get("format") != FORMAT:  # an older layout: built again
            found.data = build_review(rs, turns, player)
            found.save(update_fields=["data"])
        return _in_language(found, rs)


def _in_language(review: GameReview, rs: RuleSet) -> GameReview:
    """``review`` to show: the labels of its choices made in the active language."""
    review.data = coach.relabel(review.data, rs)
    return review


def _store(game: Game, player: Player, data: dict[str, Any]) -> GameReview:
    review, made = GameReview.objects.get_or_create(
        game=game, player=player, defaults={"data": data}
    )
    if made:
        review_made.send(sender=GameReview, game=game, player=player, accuracy=data.get("accuracy"))
        review_stored.send(sender=GameReview, game=game)
    return review


def review_texts(game_id: int) -> list[tuple[int, str]]:
    """(player id, review data as JSON text) of every person who played in a finished
    game and has no stored review yet: read and computed, nothing stored."""
    game = finished_game(game_id)
    if game is None:
        return []
    turns = turns_of(game)
    stored = set(GameReview.objects.filter(game=game).values_list("player_id", flat=True))
    people = people_of_game(game.pk, excluding=stored)
    rs = ruleset_of(game)
    return [(person.pk, json.dumps(build_review(rs, turns, person))) for person in people]


def store_review_texts(game_id: int, texts: Sequence[tuple[int, str]]) -> int:
    """Store reviews given as ``review_texts`` gives them, in one transaction (one
    already stored stays as it is); returns how many were new."""
    with transaction.atomic():
        stored = GameReview.objects.filter(game_id=game_id)
        before = stored.count()
        made = [
            GameReview(game_id=game_id, player_id=player_id, data=json.loads(text))
            for player_id, text in texts
        ]
        GameReview.objects.bulk_create(made, ignore_conflicts=True)
        game = game_of_id(game_id)
        for review in made:  # a daily attempt keeps its accuracy
            review_made.send(
                sender=GameReview,
                game=game,
                player=Player(pk=review.player_id),
                accuracy=review.data.get("accuracy"),
            )
        if made:
            review_stored.send(sender=GameReview, game=game)
        return stored.count() - before


def reviews_precompute(*, game_id: int) -> int:
    """Build and store the reviews of every person who played in a finished game, here;
    returns how many people of the game have one stored."""
    store_review_texts(game_id, review_texts(game_id))
    return GameReview.objects.filter(game_id=game_id).count()


# -- building ---------------------------------------------------------------------


def _rolled_by(roll: dict[str, Any], player: Player) -> bool:
    """Whether ``player`` made this roll (older logs name the roller only)."""
    if "player" in roll:
        return bool(roll["player"] == player.pk)
    return bool(roll.get("by") == player.name)


def _decision(
    rs: RuleSet,
    choices: Sequence[Choice],
    dice: Sequence[int],
    rolls_left: int,
    announced: str | None,
    chosen: Choice,
    turn: int,
) -> dict[str, Any]:
    best = choices[0]
    loss = max(0.0, best.value - chosen.value)
    return {
        "turn": turn,
        "dice": list(dice),
        "rolls_left": rolls_left,
        "announced": announced,
        "chosen": coach.choice_view(chosen, rs, best.value),
        "best": coach.choice_view(best, rs, best.value),
        "loss": float(loss),
        "alternatives": [coach.choice_view(c, rs, best.value) for c in choices[:ALTERNATIVES]],
    }


class _Path:
    """The expectation of the seat's final score as the game went: each roll moves it by
    luck (the best value after the roll against the value of the choice before it), each
    decision by what it gave away (the best value against the value of the choice made).
    From the expectation at the start, the two add up to the final score."""

    def __init__(self, start: float) -> None:
        self.expected = start
        self.luck = 0.0
        self.others_lost = 0.0  # decisions of the clock, the host's skip or a bot
        self.steps: list[dict[str, Any]] = []

    def rolled(self, choices: Sequence[Choice], turn: int, roll: int) -> None:
        luck = choices[0].value - self.expected
        self.luck += luck
        self.expected = choices[0].value
        self.steps.append(
            {
                "turn": turn,
                "roll": roll,
                "luck": float(luck),
                "expected": float(self.expected),
                "lost": 0.0,
                "yours": True,
            }
        )

    def chose(self, choices: Sequence[Choice], chosen: Choice, yours: bool) -> None:
        loss = max(0.0, choices[0].value - chosen.value)
        if not yours:
            self.others_lost += loss
        self.expected = chosen.value
        step = self.steps[-1]
        step["lost"] = step["lost"] + float(loss)
        step["yours"] = step["yours"] and yours

    def drifted(self, choices: Sequence[Choice]) -> None:
        """The same dice valued again after an announcement: an estimate's drift (none
        where the coach is exact) counts as luck."""
        drift = choices[0].value - self.expected
        self.luck += drift
        self.expected = choices[0].value
        self.steps[-1]["luck"] = self.steps[-1]["luck"] + float(drift)


def _matching(choices: Sequence[Choice], made: Choice) -> Choice | None:
    found = next((c for c in choices if coach.same_choice(c, made)), None)
    if found is None:  # not among the advisor's choices: nothing to compare it with
        log.warning("review: %s not among the choices", made)
    return found


def build_review(rs: RuleSet, turns: Sequence[Turn], player: Player) -> dict[str, Any]:
    """The review data of ``player`` from the game's whole move log (``turns`` in order).

    The sheet of the player's seat is replayed turn by turn (a bot that took the seat
    over goes on filling it); each decision the player made is valued on the sheet as it
    stood then, and every roll and decision of the seat moves the expected final score
    (``_Path``): the score is the expectation at the start, plus luck, minus what the
    player's decisions and the others' gave away.
    """
    adv = coach.advisor(rs)
    seat = next(t.seat for t in turns if t.player_id == player.pk)
    sheet = rs.new_scorecard()
    expected_start = sheet.total + adv.state_value(sheet)
    path = _Path(expected_start)
    decisions: list[dict[str, Any]] = []
    round_number = 0
    for turn in turns:
        if turn.seat != seat:
            continue
        round_number += 1
        rolls = list(turn.rolls or [])
        _review_turn(rs, adv, sheet, turn, player, round_number, path, decisions)
        if turn.box and rolls:
            sheet = sheet.place(
                tuple(rolls[-1]["dice"]),
                turn.box,
                turn.column or None,
                announced=(turn.state or {}).get("announced"),
            )
    accurate = sum(1 for d in decisions if d["loss"] < ACCURATE)
    return {
        "format": FORMAT,
        "ruleset": rs.name,
        "exact": bool(adv.exact),
        "seat": seat,
        "total": sheet.total,
        # The final score, split: expected_start + luck - total_lost - others_lost; every
        # value exact, rounded only when printed (common.figures).
        "expected_start": float(expected_start),
        "luck": float(path.luck),
        "others_lost": float(path.others_lost),
        "path": path.steps,
        "decisions_count": len(decisions),
        "total_lost": float(sum(d["loss"] for d in decisions)),
        "accurate": accurate,
        "accuracy": float(rounded(100 * accurate / len(decisions))) if decisions else None,
        "decisions": decisions,
    }


def _review_turn(
    rs: RuleSet,
    adv: Any,
    sheet: Sheet,
    turn: Turn,
    player: Player,
    round_number: int,
    path: _Path,
    decisions: list[dict[str, Any]],
) -> None:
    """Move ``path`` by each roll of ``turn`` (played on ``sheet``) and by the choice
    that followed it, and append to ``decisions`` each choice ``player`` made."""
    rolls = list(turn.rolls or [])
    announced = (turn.state or {}).get("announced")
    mine = turn.player_id == player.pk
    for index, roll in enumerate(rolls):
        dice, left = tuple(roll["dice"]), MAX_ROLLS - index - 1
        first = index == 0 and announced is not None
        choices = tuple(adv.advise(sheet, dice, left, announced=None if first else announced))
        path.rolled(choices, round_number, index + 1)
        if first:
            yours = mine and turn.announced_by_id == player.pk
            chosen = _matching(
                choices, Choice("announce", 0.0, box=announced, column=rs.announce_column)
            )
            if chosen is not None:
                path.chose(choices, chosen, yours)
                if yours:
                    decisions.append(_decision(rs, choices, dice, left, None, chosen, round_number))
            choices = tuple(adv.advise(sheet, dice, left, announced=announced))
            path.drifted(choices)
        move = _move_after(turn, rolls, index, dice, mine, player)
        chosen = _matching(choices, move[0]) if move is not None else None
        if move is None or chosen is None:
            continue
        path.chose(choices, chosen, move[1])
        if move[1]:
            decisions.append(_decision(rs, choices, dice, left, announced, chosen, round_number))


def _move_after(
    turn: Turn,
    rolls: list[dict[str, Any]],
    index: int,
    dice: tuple[int, ...],
    mine: bool,
    player: Player,
) -> tuple[Choice, bool] | None:
    """What was done after roll ``index`` of ``turn`` (the next roll's kept dice, or the
    box filled after the last) and whether ``player`` did it; ``None``: nothing."""
    if index + 1 < len(rolls):
        after = rolls[index + 1]
        made = Choice("keep", 0.0, keep=tuple(sorted(dice[p] for p in after["held"])))
        return made, mine and _rolled_by(after, player)
    if turn.box:
        return (
            Choice("place", 0.0, box=turn.box, column=turn.column),
            mine and turn.finish == Turn.Finish.PLAYED and turn.placed_by_id == player.pk,
        )
    return None
