"""Playing through the services: every action, every refusal, the log, the finish."""

from collections.abc import Sequence
from typing import Any

import pytest

from accounts.models import Player
from games import services
from play.models import Event, Game, Scorecard, Turn
from scoring import rulesets
from tests.support.fixture_types import MakeRoom, ScriptDice
from tests.support.game_state import first_option, game_of, play_turn, refused, state_of, versions
from tests.support.present import present
from tests.support.views import state_seen

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(ada: Player, bob: Player, make_room: MakeRoom) -> str:
    """A yatzy room with Ada and Bob seated and the game started: Ada's turn."""
    return make_room(ada, "yatzy", seats=2, joined=[bob], start=True).code


def test_a_turn_is_logged_die_by_die(
    table: str, ada: Player, bob: Player, script_dice: ScriptDice
) -> None:
    script_dice([1, 2, 3, 4, 6, 5])
    room_version, game_version, _ = versions(table)
    first = services.game_roll(player=ada, code=table)
    assert first["event"]["data"]["dice"] == [1, 2, 3, 4, 6]
    assert first["event"]["data"]["rolls_left"] == 2
    services.game_roll(player=ada, code=table, hold=[0, 1, 2, 3])
    placed = services.game_place(player=ada, code=table, box="small_straight")
    assert placed["event"]["data"] | {"seat": 0} == {
        "seat": 0,
        "box": "small_straight",
        "column": "main",
        "points": 15,
        "bonus": 0,
        "dice": [1, 2, 3, 4, 5],
        "total": 15,
    }
    assert versions(table)[:2] == (room_version + 3, present(game_version) + 3)
    game = game_of(table)
    assert [e.kind for e in Event.objects.filter(game=game).order_by("seq")][-3:] == [
        "roll",
        "roll",
        "place",
    ]
    turn = Turn.objects.get(game=game, number=1)
    assert [(r["held"], r["drawn"], r["dice"]) for r in turn.rolls] == [
        ([], [1, 2, 3, 4, 6], [1, 2, 3, 4, 6]),
        ([0, 1, 2, 3], [5], [1, 2, 3, 4, 5]),
    ]
    assert (turn.player, turn.box, turn.points, turn.finish) == (
        ada,
        "small_straight",
        15,
        Turn.Finish.PLAYED,
    )
    assert Scorecard.objects.get(game=game, seat=0).total == 15
    assert (game.current_seat, game.turn_count) == (1, 2)
    assert Turn.objects.get(game=game, number=2).player == bob


def test_refusals_change_nothing(
    table: str, ada: Player, bob: Player, cy: Player, script_dice: ScriptDice
) -> None:
    refused("not_your_turn", services.game_roll, code=table, player=bob)
    refused("not_in_room", services.game_roll, code=table, player=cy)
    refused("not_rolled", services.game_place, code=table, player=ada, box="chance")
    refused("bad_hold", services.game_roll, code=table, player=ada, hold=[0])
    script_dice([6, 6, 6, 6, 6, 1, 1, 2, 2, 3, 3, 5])  # Ada's three rolls, then Bob's
    services.game_roll(player=ada, code=table)
    for bad_hold in ([5], [0, 0], [0, 1, 2, 3, 4], [True]):
        refused("bad_hold", services.game_roll, code=table, player=ada, hold=bad_hold)
    services.game_roll(player=ada, code=table, hold=[0, 1, 2, 3])
    services.game_roll(player=ada, code=table, hold=[0, 1, 2, 3])
    refused("no_rolls_left", services.game_roll, code=table, player=ada, hold=[0])
    refused("unknown_box", services.game_place, code=table, player=ada, box="yahtzee")
    refused(
        "unknown_column", services.game_place, code=table, player=ada, box="chance", column="x1"
    )
    refused("no_announcements", services.game_announce, code=table, player=ada, box="chance")
    services.game_place(player=ada, code=table, box="chance")
    play_turn(bob, table)
    script_dice([2, 3, 4, 5, 6])
    services.game_roll(player=ada, code=table)
    refused("box_taken", services.game_place, code=table, player=ada, box="chance")


def test_no_game_yet(ada: Player, make_room: MakeRoom) -> None:
    room = make_room(ada, "yams", seats=1)
    refused("not_started", services.game_roll, code=room.code, player=ada)


def test_illegal_box_under_the_column_rules(
    ada: Player, script_dice: ScriptDice, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yams", seats=1, start=True)
    script_dice([1, 2, 3, 4, 5])
    services.game_roll(player=ada, code=room.code)
    refused(
        "illegal_box", services.game_place, code=room.code, player=ada, box="twos", column="down"
    )
    refused("column_required", services.game_place, code=room.code, player=ada, box="twos")


def test_yams_announcement(ada: Player, script_dice: ScriptDice, make_room: MakeRoom) -> None:
    room = make_room(ada, "yams", seats=1, start=True)
    refused("not_rolled", services.game_announce, code=room.code, player=ada, box="yams")
    script_dice([4, 4, 4, 1, 2, 4, 4])
    services.game_roll(player=ada, code=room.code)
    refused("unknown_box", services.game_announce, code=room.code, player=ada, box="pair")
    services.game_announce(player=ada, code=room.code, box="yams")
    refused("already_announced", services.game_announce, code=room.code, player=ada, box="straight")
    refused(
        "illegal_box", services.game_place, code=room.code, player=ada, box="fours", column="free"
    )
    services.game_roll(player=ada, code=room.code, hold=[0, 1, 2])
    placed = services.game_place(player=ada, code=room.code, box="yams")
    assert placed["event"]["data"]["column"] == "announced"
    assert placed["event"]["data"]["points"] == 50


def play_to_the_end(code: str, players: Sequence[Player]) -> dict[str, Any]:
    by_id = {p.pk: p for p in players}
    while game_of(code).status == Game.Status.PLAYING:
        game = game_of(code)
        player = by_id[Scorecard.objects.get(game=game, seat=game.current_seat).player_id]
        last = play_turn(player, code)
    return last


# Yatzy, Yam's and Triple Yahtzee differ from Yahtzee only in the rules engine, which the
# SQLite pass covers: the PostgreSQL pass plays the Yahtzee game alone (docs/decisions/0007).
@pytest.mark.parametrize(
    "ruleset",
    [
        "yahtzee",
        *(
            pytest.param(name, marks=pytest.mark.sqlite_pass_only)
            for name in ("yatzy", "yams", "triple_yahtzee")
        ),
    ],
)
def test_a_whole_game_ends_with_a_ranking(
    ruleset: str, ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    room = make_room(ada, ruleset, seats=2, joined=[bob], start=True)
    last = play_to_the_end(room.code, [ada, bob])
    game = game_of(room.code)
    cards = list(game.scorecards.order_by("seat"))
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    rs = rulesets.get(ruleset)
    assert game.turn_count == 2 * len(rs.categories) * len(rs.columns)
    ranking = last["event"]["data"]["ranking"]
    assert [r["total"] for r in ranking] == sorted((c.total for c in cards), reverse=True)
    assert {r["rank"] for r in ranking} <= {1, 2}
    refused("game_over", services.game_roll, code=room.code, player=ada)


def test_equal_totals_share_the_rank(
    ada: Player, bob: Player, script_dice: ScriptDice, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=2, joined=[bob], start=True)
    rounds = [[(r % 6) + 1, 2, 3, (r * 5) % 6 + 1, 6] for r in range(15)]
    script_dice([die for dice in rounds for die in dice * 2])
    play_to_the_end(room.code, [ada, bob])
    cards = list(game_of(room.code).scorecards.order_by("seat"))
    assert cards[0].total == cards[1].total > 0
    assert [c.rank for c in cards] == [1, 1]
    services.room_rematch(player=ada, code=room.code)
    assert game_of(room.code).number == 2


def test_a_repeated_request_is_applied_once_and_answered_the_same(table: str, ada: Player) -> None:
    first = services.game_roll(player=ada, code=table, request_id="roll-1")
    again = services.game_roll(player=ada, code=table, request_id="roll-1")
    assert again == first
    _, _, turn = state_of(table)
    assert turn.rolls_used == 1


def test_the_server_draws_the_dice(table: str, ada: Player) -> None:
    rolled = services.game_roll(player=ada, code=table)["event"]["data"]["dice"]
    assert len(rolled) == 5 and all(1 <= d <= 6 for d in rolled)
    with pytest.raises(TypeError):
        services.game_roll(player=ada, code=table, dice=[6, 6, 6, 6, 6])  # type: ignore[call-arg]


def test_first_option_helper_matches_the_engine(
    table: str, ada: Player, script_dice: ScriptDice
) -> None:
    script_dice([3, 3, 3, 3, 3])
    services.game_roll(player=ada, code=table)
    assert first_option(table).box == "ones"


def test_holds_are_stored_shown_to_everyone_and_kept_by_the_next_roll(
    table: str, ada: Player, bob: Player, script_dice: ScriptDice
) -> None:
    refused("not_rolled", services.game_hold, code=table, player=ada, hold=[0])
    script_dice([6, 6, 2, 3, 6, 6, 1, 6])
    services.game_roll(player=ada, code=table)
    refused("not_your_turn", services.game_hold, code=table, player=bob, hold=[0])
    for bad_hold in ([5], [0, 0], [-1], [True]):
        refused("bad_hold", services.game_hold, code=table, player=ada, hold=bad_hold)
    version = versions(table)[0]
    answer = services.game_hold(player=ada, code=table, hold=[4, 0, 1])
    assert answer["event"]["kind"] == "hold"
    assert answer["event"]["data"] == {"seat": 0, "held": [0, 1, 4]}
    assert versions(table)[0] == version + 1
    game = game_of(table)
    assert Turn.objects.get(game=game, number=1).holding == [0, 1, 4]
    for viewer in (ada, bob):  # the other player, and a page reopened by Ada
        assert state_seen(table, viewer)["game"]["held"] == [0, 1, 4]
    # The same marks again change nothing; all five may be marked, not rolled.
    again = services.game_hold(player=ada, code=table, hold=[0, 1, 4])
    assert again["event"] is None and again["version"] == versions(table)[0] == version + 1
    services.game_hold(player=ada, code=table, hold=[0, 1, 2, 3, 4])
    refused("bad_hold", services.game_roll, code=table, player=ada, hold=[0, 1, 2, 3, 4])
    services.game_hold(player=ada, code=table, hold=[0, 1, 4])
    services.game_roll(player=ada, code=table, hold=[0, 1, 4])  # the roll keeps them marked
    assert state_seen(table, bob)["game"]["held"] == [0, 1, 4]
    services.game_roll(player=ada, code=table, hold=[0, 1, 3, 4])
    refused("no_rolls_left", services.game_hold, code=table, player=ada, hold=[0])
