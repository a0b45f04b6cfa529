"""A room's past games and the replay of one, for the room's members.

As with the review page, a visitor who is not a member of the room is refused (403) and
an unknown room or game is not found (404).
"""

from __future__ import annotations

import json

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from accounts.models import Player
from accounts.services.players import current_player
from coach.web.review import BLUNDER, LUCKY, players_luck, points
from common.errors import ServiceError
from common.rule_texts import rule_texts
from games import selectors
from play import advice as coach
from play.modes import mode_of
from play.selectors.compare import comparison
from play.selectors.replay import PastGame, past_game, past_games, replay_of
from play.services.duplicate import par_of
from rooms.models import Room
from rooms.selectors.devices import shared_devices
from rooms.web.access import guess_limited, room_or_404
from scoring import rulesets
from scoring.strategy import advisors

MEMBERS_ONLY = gettext_lazy("Only the players at this table can see its past games.")
NOT_DUPLICATE = gettext_lazy("This game was not played with the same dice for everyone.")
# A replay shown before the coach's tables were ready reloads itself after this.
VALUES_RETRY_SECONDS = 3


def _member(request: HttpRequest, code: str) -> tuple[Room, Player]:
    """The room and the visitor, a member of it (403 for anyone else)."""
    room = room_or_404(request, code)
    player = current_player(request.session, request.user)
    if player is None or not selectors.is_member(room, player):
        raise PermissionDenied(str(MEMBERS_ONLY))
    return room, player


def warm_coach(games: list[PastGame]) -> None:
    """Start loading the exact coach of the listed games' rules (in the background), so
    that their replays show its values when opened."""
    for name, options in {(g.ruleset, json.dumps(g.options, sort_keys=True)) for g in games}:
        rs = rulesets.get(name, **json.loads(options))
        if advisors.is_exact(rs):
            coach.warm(rs)


@require_GET
@guess_limited
def game_history(request: HttpRequest, code: str) -> HttpResponse:
    """The room's finished and ended games, newest first, with their final scores."""
    room, player = _member(request, code)
    games = past_games(room, player)
    warm_coach(games)
    context = {
        "room": room,
        "ruleset": selectors.ruleset_of(room),
        "games": games,
        "room_url": reverse("games:room", args=[room.code]),
    }
    return render(request, "history.html", context)


@require_GET
@guess_limited
def game_replay(request: HttpRequest, code: str, number: int) -> HttpResponse:
    """Every roll, hold and placement of a past game, step by step."""
    room, player = _member(request, code)
    try:
        game = past_game(room, number)
    except ServiceError as exc:
        raise Http404(exc.message) from None
    data = replay_of(game)
    luck, luck_pending = players_luck(game, player)
    context = {
        "luck": luck,
        "luck_pending": luck_pending,
        "lucky_at": points(LUCKY, 0),
        "blunder_at": points(BLUNDER, 0),
        "room": room,
        "game": game,
        "ruleset": selectors.ruleset_of(game),
        "replay": data,
        "rule_texts": rule_texts((game.ruleset,)),
        "retry": VALUES_RETRY_SECONDS,
        "player": player,
        "room_url": reverse("games:room", args=[room.code]),
        "history_url": reverse("games:game_history", args=[room.code]),
    }
    return render(request, "replay.html", context)


@require_GET
@guess_limited
def game_compare(request: HttpRequest, code: str, number: int) -> HttpResponse:
    """A past game played with the same dice for everyone: every round side by side,
    with par (the expert bot on the same dice) and the seed the dice came from."""
    room, player = _member(request, code)
    try:
        game = past_game(room, number)
    except ServiceError as exc:
        raise Http404(exc.message) from None
    if not mode_of(room, game).dice.compared:  # a daily game's seed is the day's, for all
        raise Http404(str(NOT_DUPLICATE))
    context = {
        "room": room,
        "game": game,
        "ruleset": selectors.ruleset_of(game),
        "compare": comparison(
            game,
            par=par_of(game),
            shared_with=lambda players: shared_devices(game.room_id, players),
        ),
        "retry": VALUES_RETRY_SECONDS,
        "player": player,
        "room_url": reverse("games:room", args=[room.code]),
        "history_url": reverse("games:game_history", args=[room.code]),
    }
    return render(request, "compare.html", context)
