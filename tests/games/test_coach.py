"""The coach in rooms: its switch, the post-game review and its page, and warming the
advisors (expert bots: test_expert_bots.py; reviews worked out ahead, by the review
process and the worker: test_review_jobs.py)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import pytest
from django.test import Client

from accounts.models import Player
from coach.models import GameReview
from coach.services import reviews as review
from games import services
from play import advice as coach
from play.models import Game, Scorecard, Turn
from rooms.models import Room
from scoring import rulesets
from scoring.ruleset import RuleSet
from tests.support.clients import client_of
from tests.support.fixture_types import MakeRoom, ReviewedGame, ScriptDice
from tests.support.game_state import game_of, play_turn, refused
from tests.support.reviews import adds_up, review_figures_are_rounded_once
from tests.support.views import state_seen

pytestmark = pytest.mark.django_db


# -- the switch -----------------------------------------------------------------


def test_the_host_turns_the_coach_off_and_on_between_games(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yahtzee", seats=2, joined=[bob])
    assert room.coach_enabled and state_seen(room.code, bob)["room"]["coach"] is True
    settings: dict[str, Any] = {
        "ruleset": "yahtzee",
        "options": {},
        "seats": 2,
        "turn_seconds": None,
    }
    answer = services.room_configure(player=ada, code=room.code, coach=False, **settings)
    assert answer["event"]["data"]["coach"] is False
    assert state_seen(room.code, bob)["room"]["coach"] is False
    # Left out, the switch stays as it is.
    services.room_configure(player=ada, code=room.code, **settings)
    assert Room.objects.get(pk=room.pk).coach_enabled is False
    refused("not_host", services.room_configure, player=bob, code=room.code, coach=True, **settings)
    services.room_configure(player=ada, code=room.code, coach=True, **settings)
    assert Room.objects.get(pk=room.pk).coach_enabled is True
    services.room_start(player=ada, code=room.code)
    refused(
        "game_in_progress",
        services.room_configure,
        player=ada,
        code=room.code,
        coach=False,
        **settings,
    )


# -- warming ------------------------------------------------------------------------


def test_warm_builds_each_rule_set_once_in_the_background(monkeypatch: pytest.MonkeyPatch) -> None:
    rs = rulesets.get("yatzy", exact_counts=True)
    release, calls, ready = threading.Event(), list[str](), list[bool]()
    monkeypatch.setattr(coach, "is_ready", lambda r: bool(ready))

    def slow_build(r: RuleSet, key: str) -> None:
        calls.append(key)
        release.wait(5)
        ready.append(True)

    monkeypatch.setattr(coach, "_build", slow_build)
    assert coach.warm(rs) is False
    assert coach.warm(rs) is False  # still building: no second thread
    assert coach.level_ready("beginner", rs) is True  # the beginner needs no tables
    assert coach.level_ready("expert", rs) is False
    release.set()
    coach._warming[coach._key(rs)].join(5)
    assert calls == [coach._key(rs)]
    assert coach.warm(rs) is True


# -- the review ---------------------------------------------------------------------


def test_a_review_values_each_decision_of_the_player(
    reviewed_game: ReviewedGame, ada: Player
) -> None:
    stored = services.review_of(player=ada, code=reviewed_game["code"], number=1)
    data = stored.data
    decisions = data["decisions"]
    # Turn 1: one placement; turn 2: a keep and a placement; turn 3 was the clock's;
    # turns 4-13: one placement each.
    assert [d["turn"] for d in decisions] == [1, 2, 2, *range(4, 14)]
    assert data["decisions_count"] == len(decisions) == 13
    assert data["exact"] is True and data["ruleset"] == "yahtzee"

    chance = decisions[0]
    assert chance["dice"] == [6, 6, 6, 6, 6] and chance["rolls_left"] == 2
    assert (chance["chosen"]["kind"], chance["chosen"]["box"]) == ("place", "chance")
    assert chance["chosen"]["label"] == "Chance"
    assert (chance["best"]["box"], chance["best"]["label"]) == ("yahtzee", "Yahtzee")
    assert chance["loss"] > 10  # 50 for the Yahtzee against 30 in Chance, and more
    assert chance["loss"] == chance["best"]["value"] - chance["chosen"]["value"]  # exact
    assert chance["alternatives"][0] == chance["best"]

    keep = decisions[1]
    assert keep["chosen"]["kind"] == "keep" and keep["chosen"]["label"].startswith("keep ")
    assert keep["loss"] == 0 and keep["chosen"]["value"] == keep["best"]["value"]
    assert decisions[2]["dice"] == [6, 6, 1, 1, 6] and decisions[2]["rolls_left"] == 1

    losses = [d["loss"] for d in decisions]
    assert all(loss >= 0 for loss in losses)
    assert data["total_lost"] == pytest.approx(sum(losses), abs=1e-9)  # kept exact
    accurate = sum(loss < 0.01 for loss in losses)
    assert data["accurate"] == accurate
    assert data["accuracy"] == round(100 * accurate / 13, 1)
    assert data["total"] == Scorecard.objects.get(game=reviewed_game["game"]).total
    assert data["expected_start"] == pytest.approx(254.59, abs=0.01)
    # Luck and skill: five sixes at once moved the expectation up; the clock's turn lost
    # what it lost; and the parts add up to the score.
    assert adds_up(data)
    assert [(s["turn"], s["roll"]) for s in data["path"]][:4] == [(1, 1), (2, 1), (2, 2), (3, 1)]
    assert data["path"][0]["luck"] > 20 and data["path"][0]["lost"] == chance["loss"]
    assert data["path"][3]["yours"] is False and data["others_lost"] == data["path"][3]["lost"]


def test_a_review_is_built_once_and_stored(
    reviewed_game: ReviewedGame, ada: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = reviewed_game["game"]
    first = services.review_for(game=game, player=ada)
    monkeypatch.setattr(review, "build_review", lambda *a: pytest.fail("built twice"))
    assert services.review_for(game=game, player=ada).pk == first.pk
    assert GameReview.objects.filter(game=game).count() == 1


def test_a_review_stored_meanwhile_by_another_process_wins(
    reviewed_game: ReviewedGame, ada: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = reviewed_game["game"]
    build = review.build_review

    def racing(rs: RuleSet, turns: Sequence[Turn], player: Player) -> dict[str, Any]:
        data = build(rs, turns, player)
        GameReview.objects.create(game=game, player=ada, data={"theirs": True})
        return data

    monkeypatch.setattr(review, "build_review", racing)
    assert services.review_for(game=game, player=ada).data == {"theirs": True}
    assert GameReview.objects.filter(game=game, player=ada).count() == 1


def test_reviews_are_for_members_who_played_a_finished_game(
    reviewed_game: ReviewedGame, ada: Player, bob: Player, cy: Player
) -> None:
    code = reviewed_game["code"]
    refused("not_in_room", services.review_of, player=cy, code=code, number=1)
    refused("not_played", services.review_of, player=bob, code=code, number=1)
    refused("unknown_game", services.review_of, player=ada, code=code, number=2)
    refused("unknown_room", services.review_of, player=ada, code="nosuchroom", number=1)
    services.room_rematch(player=ada, code=code)
    refused("not_finished", services.review_of, player=ada, code=code, number=2)
    assert not GameReview.objects.exists()


def test_a_yams_review_counts_announcements_and_says_it_estimates(
    ada: Player, script_dice: ScriptDice, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yams", seats=1, start=True)
    script_dice([6, 6, 6, 6, 6] + [1, 2, 3, 4, 6] * 60)
    services.game_roll(player=ada, code=room.code)
    services.game_announce(player=ada, code=room.code, box="yams")
    services.game_place(player=ada, code=room.code, box="yams")
    while game_of(room.code).status == Game.Status.PLAYING:
        play_turn(ada, room.code)
    data = services.review_of(player=ada, code=room.code, number=1).data
    assert data["exact"] is False
    first, placed = data["decisions"][:2]
    assert (first["turn"], first["rolls_left"], first["announced"]) == (1, 2, None)
    assert (first["chosen"]["kind"], first["chosen"]["box"]) == ("announce", "yams")
    assert first["chosen"]["column"] == "announced"
    assert first["chosen"]["label"] == "announce Yam's"
    assert (placed["turn"], placed["announced"]) == (1, "yams")
    assert (placed["chosen"]["kind"], placed["chosen"]["column"]) == ("place", "announced")
    assert placed["loss"] == 0  # with five sixes announced, the announced Yam's is best
    # Every later turn: the box after one roll, and an announcement when one was due.
    announced = [d for d in data["decisions"][2:] if d["chosen"]["kind"] == "announce"]
    assert len(announced) == 11  # the other announced boxes
    assert data["decisions_count"] == 2 + 47 + 11
    assert adds_up(data)  # an estimate's drift after an announcement counts as luck


# -- the review page ------------------------------------------------------------------


def test_the_review_page_is_for_the_players_of_the_game(
    reviewed_game: ReviewedGame, ada: Player, bob: Player, cy: Player
) -> None:
    url = f"/r/{reviewed_game['code']}/games/1/review/"
    Player.objects.filter(pk=ada.pk).update(name="<b>Ada</b>")
    page = client_of(ada).get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('data-testid="review-row"') == 13
    assert 'data-testid="review-decisions">13<' in html
    assert "Exact." in html and 'class="is-blunder"' in html  # the five sixes in Chance
    assert "&lt;b&gt;Ada&lt;/b&gt;" in html and "<b>Ada</b>" not in html
    # Skill or luck: the score split, and the five sixes marked as a lucky roll.
    data = GameReview.objects.get(player=ada).data
    review_figures_are_rounded_once(html, data)  # and the parts add up as printed
    assert 'data-testid="review-chart"' in html and html.count("<polyline") == 1
    assert 'data-kind="lucky"' in html and 'data-kind="costly"' in html
    assert "Turn 1, roll 1: a lucky roll" in html
    # A review stored before luck was measured is built again when asked for.
    GameReview.objects.filter(player=ada).update(data={"format": 1})
    assert 'data-testid="review-luck"' in client_of(ada).get(url).content.decode()
    assert client_of(bob).get(url).status_code == 404  # watched, did not play
    assert client_of(cy).get(url).status_code == 403  # not at the table
    assert Client().get(url).status_code == 403
    assert client_of(ada).get(url.replace("/1/", "/2/")).status_code == 404
    assert client_of(ada).get("/r/nosuchroom/games/1/review/").status_code == 404


def test_the_review_page_never_waits_for_the_coachs_tables(
    reviewed_game: ReviewedGame, ada: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the advisor's tables are being built the page says so and asks again; once
    they are ready the review is computed on the request, without any background job."""
    url = f"/r/{reviewed_game['code']}/games/1/review/"
    warming: list[str] = []

    def warm(rs: RuleSet) -> bool:
        warming.append(rs.name)
        return False

    monkeypatch.setattr(coach, "warm", warm)
    page = client_of(ada).get(url)
    assert page.status_code == 200 and warming == ["yahtzee"]
    assert 'data-testid="review-pending"' in page.content.decode()
    assert page["Retry-After"] == "3"
    assert not GameReview.objects.filter(player=ada).exists()
    monkeypatch.undo()
    page = client_of(ada).get(url)
    assert page.status_code == 200 and 'data-testid="review-row"' in page.content.decode()
    assert GameReview.objects.filter(player=ada).count() == 1
