"""A room's past games and the move-by-move replay of one (play/selectors/replay.py,
games/web/history.py)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from accounts.models import Player
from accounts.services.players import SESSION_KEY
from games import services
from play import advice as coach
from play.models import Game, Scorecard, Turn
from play.selectors import replay
from rooms.models import Room
from scoring.strategy.advice import Advisor, hold_positions
from tests.support.clients import ClientResponse
from tests.support.fixture_types import MakePlayer, MakeRoom, ScriptDice
from tests.support.game_state import game_of, play_turn, state_of

# Not in the PostgreSQL pass (docs/decisions/0007): the replays only read through the ORM what
# the services tests of that pass write.
pytestmark = [pytest.mark.django_db, pytest.mark.sqlite_pass_only]


def _client_of(player: Player) -> Client:
    client = Client()
    session = client.session
    session[SESSION_KEY] = player.pk
    session.save()
    return client


def _dice(count: int) -> list[int]:
    """Fixed dice for the rest of a game (the scripted source must not run out)."""
    generator = random.Random(5)
    return [generator.randint(1, 6) for _ in range(count)]


def _replay_data(page: ClientResponse) -> dict[str, Any]:
    found = re.search(
        r'<script id="replay-data" type="application/json">(.*?)</script>',
        page.content.decode(),
        re.S,
    )
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


@pytest.fixture
def two_games(ada: Player, bob: Player, cy: Player, make_room: MakeRoom, staff: User) -> Room:
    """Ada and Bob's Yatzy room, Cy watching: game 1 played to the end with Bob scoring
    more (his dice are all sixes), game 2 stopped by a moderator after one turn."""
    room = make_room(ada, "yatzy", seats=2, joined=[bob], start=True)
    services.room_join(player=cy, code=room.code)
    for _ in range(15):
        play_turn(ada, room.code)
        play_turn(bob, room.code)
    first = game_of(room.code)
    assert first.status == Game.Status.FINISHED
    services.room_rematch(player=ada, code=room.code)
    play_turn(ada, room.code)
    services.mod_end_game(moderator=staff, game=game_of(room.code), reason="test")
    return room


def test_the_history_lists_past_games_newest_first_for_members(
    two_games: Room, ada: Player, cy: Player, make_player: MakePlayer
) -> None:
    page = _client_of(ada).get(f"/r/{two_games.code}/games/")
    assert page.status_code == 200
    html = page.content.decode()
    numbers = re.findall(
        r'data-testid="history-game" data-number="(\d+)" '
        r'data-status="(\w+)"',
        html,
    )
    assert numbers == [("2", "ended"), ("1", "finished")]
    first = html[html.index('data-number="1"') :]
    cards = Scorecard.objects.filter(game__number=1, game__room=two_games)
    ranked = sorted(cards, key=lambda c: (c.rank, -c.total, c.seat))
    rows = re.findall(
        r'data-testid="history-result" data-rank="(\d*)" data-total="(\d+)" '
        r'data-name="(\w+)"',
        first,
    )
    assert rows == [(str(c.rank), str(c.total), c.player.name) for c in ranked]
    assert [r[0] for r in rows] in (["1", "2"], ["1", "1"])
    # A replay of each game; a review only of the finished one Ada played in.
    assert f"/r/{two_games.code}/games/2/replay/" in html
    assert f"/r/{two_games.code}/games/1/replay/" in html
    assert html.count('data-testid="history-review"') == 1
    assert f"/r/{two_games.code}/games/1/review/" in html

    # Only the room's members see it.
    url = f"/r/{two_games.code}/games/"
    watcher = _client_of(cy).get(url)  # a spectator is a member, but played no game
    assert watcher.status_code == 200
    assert 'data-testid="history-review"' not in watcher.content.decode()
    eve = _client_of(make_player("Eve"))
    assert eve.get(url).status_code == 403
    assert eve.get(f"/r/{two_games.code}/games/1/replay/").status_code == 403
    assert Client().get(url).status_code == 403
    assert Client().get(f"/r/{two_games.code}/games/1/replay/").status_code == 403
    assert _client_of(cy).get("/r/nosuchroom/games/").status_code == 404


def test_a_room_without_past_games_says_so(ada: Player, make_room: MakeRoom) -> None:
    room = make_room(ada, "yatzy", seats=1, start=True)
    page = _client_of(ada).get(f"/r/{room.code}/games/")
    assert 'data-testid="history-empty"' in page.content.decode()
    # A game still being played has no replay yet; nor has a game that never was.
    assert _client_of(ada).get(f"/r/{room.code}/games/1/replay/").status_code == 404
    assert _client_of(ada).get(f"/r/{room.code}/games/9/replay/").status_code == 404


def test_the_replay_has_every_roll_hold_and_placement_in_order(
    ada: Player, bob: Player, make_room: MakeRoom, script_dice: ScriptDice
) -> None:
    room = make_room(ada, "yatzy", seats=2, joined=[bob], start=True)
    # Ada's first turn: three rolls, keeping the sixes.
    script_dice([6, 1, 2, 6, 3])
    services.game_roll(player=ada, code=room.code)
    script_dice([6, 4, 5])
    services.game_roll(player=ada, code=room.code, hold=[0, 3])
    script_dice([6, 2])
    services.game_roll(player=ada, code=room.code, hold=[0, 1, 3])
    services.game_place(player=ada, code=room.code, box="sixes")
    script_dice(_dice(29 * 5))
    for n in range(29):
        play_turn(bob if n % 2 == 0 else ada, room.code)
    game = game_of(room.code)
    assert game.status == Game.Status.FINISHED

    data = replay.replay_of(game)
    steps = data["steps"]
    assert [s["kind"] for s in steps[:4]] == ["roll", "roll", "roll", "place"]
    assert [s["dice"] for s in steps[:3]] == [[6, 1, 2, 6, 3], [6, 6, 4, 6, 5], [6, 6, 6, 6, 2]]
    assert [s["held"] for s in steps[:3]] == [[], [0, 3], [0, 1, 3]]
    assert steps[2]["text"] == "Ada, turn 1, roll 3: 6 6 6 6 2, kept 6 6 6"
    assert (steps[3]["box"], steps[3]["points"]) == ("sixes", 24)
    assert steps[3]["card"]["boxes"] == {"main": {"sixes": 24}}

    # Every turn's rolls then its placement, in the order of the move log.
    expected = []
    for turn in Turn.objects.filter(game=game).order_by("number"):
        expected += [("roll", turn.seat, r["dice"], r["held"]) for r in turn.rolls]
        expected.append(("place", turn.seat, turn.rolls[-1]["dice"], []))
    assert [(s["kind"], s["seat"], s["dice"], s["held"]) for s in steps] == expected
    assert [s["round"] for s in steps if s["kind"] == "place" and s["seat"] == 0] == list(
        range(1, 16)
    )
    # The sheets after the last placements are the stored ones.
    last = {s["seat"]: s["card"] for s in steps if s["kind"] == "place"}
    for card in Scorecard.objects.filter(game=game):
        assert last[card.seat]["boxes"] == card.data["boxes"]
        assert last[card.seat]["total"] == card.total


def test_the_coach_values_every_decision_of_every_seat(
    ada: Player, make_room: MakeRoom, script_dice: ScriptDice, yahtzee_coach: Advisor
) -> None:
    room = make_room(ada, "yahtzee", seats=2, bots=["beginner"], start=True)
    code = room.code
    script_dice([6, 6, 2, 3, 6])
    services.game_roll(player=ada, code=code)
    _, sheet, turn = state_of(code)
    best = yahtzee_coach.advise(sheet, turn.dice, turn.rolls_left)[0]
    assert best.kind == "keep"
    script_dice([6, 6])
    services.game_roll(player=ada, code=code, hold=hold_positions([6, 6, 2, 3, 6], best.keep))
    services.game_place(player=ada, code=code, box="chance")  # five sixes: a poor choice
    script_dice(_dice(2000))
    while (game := game_of(code)).status == Game.Status.PLAYING:
        if game.current_seat == 0:
            play_turn(ada, code)
        else:
            services.games_run_due(at=game.bot_due_at)
    game = game_of(code)

    data = replay.replay_of(game)
    assert data["coach_status"] == "ready"
    steps = data["steps"]
    decisions = [s for s in steps if s["kind"] == "place" or s["roll"] > 1]
    assert {s["seat"] for s in decisions} == {0, 1}  # the bot's moves are valued too
    assert all(s["coach"] is not None for s in decisions)
    assert all(s["coach"] is None for s in steps if s not in decisions)
    for s in decisions:
        assert s["coach"]["chosen"]["value"] <= s["coach"]["best"]["value"]
    keep, chance = steps[1]["coach"], steps[2]["coach"]
    assert keep["loss"] == 0 and keep["chosen"] == keep["best"]  # the coach's own keep
    assert chance["chosen"]["label"] == "Chance" and chance["best"]["label"] == "Yahtzee"
    assert chance["loss"] > 10
    # The same values as Ada's review of her own play.
    review = services.review_for(game=game, player=ada).data["decisions"]
    mine = [s["coach"] for s in decisions if s["seat"] == 0]
    assert [d["chosen"]["value"] for d in review] == [c["chosen"]["value"] for c in mine]

    page = _client_of(ada).get(f"/r/{code}/games/1/replay/")
    assert page.status_code == 200
    assert _replay_data(page)["steps"] == json.loads(json.dumps(steps))
    assert 'http-equiv="refresh"' not in page.content.decode()


def test_without_the_coachs_tables_the_replay_says_values_are_not_ready(
    ada: Player, make_room: MakeRoom, monkeypatch: pytest.MonkeyPatch
) -> None:
    room = make_room(ada, "yatzy", seats=1, start=True)
    for _ in range(15):
        play_turn(ada, room.code)
    monkeypatch.setattr(coach, "warm", lambda rs: False)
    page = _client_of(ada).get(f"/r/{room.code}/games/1/replay/")
    assert page.status_code == 200
    data = _replay_data(page)
    assert data["coach_status"] == "not_ready"
    assert all(s["coach"] is None for s in data["steps"])
    assert "not available yet" in page.content.decode()
    assert 'http-equiv="refresh"' in page.content.decode()  # it asks again by itself


@pytest.mark.parametrize("ruleset", ["yams", "triple_yahtzee"])
def test_yams_and_triple_yahtzee_replay_without_values(
    ada: Player, bob: Player, make_room: MakeRoom, staff: User, ruleset: str
) -> None:
    room = make_room(ada, ruleset, seats=2, joined=[bob], start=True)
    for _ in range(2):
        play_turn(ada, room.code)
        play_turn(bob, room.code)
    services.mod_end_game(moderator=staff, game=game_of(room.code), reason="test")
    page = _client_of(bob).get(f"/r/{room.code}/games/1/replay/")
    assert page.status_code == 200
    data = _replay_data(page)
    assert data["coach_status"] == "none"
    assert [s["kind"] for s in data["steps"]] == ["roll", "place"] * 4
    assert all(s["coach"] is None for s in data["steps"])
    cards = {c.seat: c for c in Scorecard.objects.filter(game__room=room)}
    last = {s["seat"]: s["card"] for s in data["steps"] if s["kind"] == "place"}
    assert {seat: card["boxes"] for seat, card in last.items()} == {
        seat: card.data["boxes"] for seat, card in cards.items()
    }
    assert "Yahtzee and Yatzy only" in page.content.decode()
