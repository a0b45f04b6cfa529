"""Duplicate dice: every seat of a game rolls the same dice (from the game's secret seed),
everyone at once; nobody sees another seat's dice, holds or score of the open round
until it closes, nor the seed until the game is over; par is the expert bot's game on
the same dice."""

import json
from collections.abc import Sequence

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Player
from games import services
from play.models import Event, Game, Scorecard, Turn
from play.selectors.compare import comparison
from play.services.duplicate import par_of
from rooms.models import Room
from scoring import duplicate, rulesets
from scoring.strategy import levels
from tests.support.clients import client_of
from tests.support.fixture_types import MakeRoom
from tests.support.game_state import first_option, game_of, refused, state_of
from tests.support.present import present
from tests.support.reviews import adds_up
from tests.support.views import fresh_snapshot_of, text_of, view_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def pair(ada: Player, bob: Player, make_room: MakeRoom) -> str:
    """Ada and Bob at Yahtzee with the same dice, round 1."""
    return make_room(ada, "yahtzee", seats=2, duplicate=True, joined=[bob], start=True).code


def seed_of(code: str) -> bytes:
    return bytes.fromhex(game_of(code).seed)


def dice_of(code: str, player: Player) -> list[int]:
    return list(state_of(code, player)[2].dice)


def place_first(player: Player, code: str) -> None:
    option = first_option(code, player)
    services.game_place(player=player, code=code, box=option.box, column=option.column)


def everything_sent(code: str, viewers: Sequence[Player]) -> list[str]:
    """Every text a viewer of the room could be sent now: each one's state, and the log."""
    snapshot = fresh_snapshot_of(code)
    return [text_of(snapshot, v.pk) for v in viewers]


def test_a_duplicate_room_plays_everyone_at_once_and_refuses_one_after_another(
    ada: Player, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", duplicate=True)
    assert room.duplicate and room.together
    refused(
        "bad_options",
        services.room_create,
        player=ada,
        ruleset="yatzy",
        duplicate=True,
        together=False,
    )
    before = Room.objects.count()
    refused(
        "bad_options",
        services.room_configure,
        player=ada,
        code=room.code,
        ruleset="yatzy",
        options={},
        seats=4,
        turn_seconds=None,
        duplicate=True,
        together=False,
    )
    # Turning everyone at once off turns the same dice off too; on again, both.
    services.room_configure(
        player=ada,
        code=room.code,
        ruleset="yatzy",
        options={},
        seats=4,
        turn_seconds=None,
        together=False,
    )
    room.refresh_from_db()
    assert (room.duplicate, room.together) == (False, False)
    services.room_configure(
        player=ada,
        code=room.code,
        ruleset="yatzy",
        options={},
        seats=4,
        turn_seconds=None,
        duplicate=True,
    )
    room.refresh_from_db()
    assert (room.duplicate, room.together) == (True, True)
    assert Room.objects.count() == before
    configured = present(Event.objects.filter(room=room, kind="room_configured").last())
    assert configured.data["duplicate"] is True


def test_every_seat_rolls_the_same_dice_slot_by_slot(pair: str, ada: Player, bob: Player) -> None:
    game = game_of(pair)
    assert game.together and game.duplicate and len(game.seed) == 64
    seed = seed_of(pair)
    services.game_roll(player=bob, code=pair)
    services.game_roll(player=ada, code=pair)
    first = [duplicate.die(seed, 1, 1, slot) for slot in range(5)]
    assert dice_of(pair, ada) == dice_of(pair, bob) == first
    # Different holds: every slot both reroll shows the same face.
    services.game_roll(player=ada, code=pair, hold=[0, 1])
    services.game_roll(player=bob, code=pair, hold=[1, 4])
    second = [duplicate.die(seed, 1, 2, slot) for slot in range(5)]
    ada_dice, bob_dice = dice_of(pair, ada), dice_of(pair, bob)
    assert ada_dice == [first[0], first[1], *second[2:]]
    assert bob_dice == [second[0], first[1], second[2], second[3], first[4]]
    assert [ada_dice[s] for s in (2, 3)] == [bob_dice[s] for s in (2, 3)]
    # The next round draws other dice from the same seed.
    place_first(ada, pair)
    place_first(bob, pair)
    services.game_roll(player=ada, code=pair)
    assert dice_of(pair, ada) == [duplicate.die(seed, 2, 1, slot) for slot in range(5)]


def test_nobody_sees_another_seats_round_before_it_closes(
    pair: str, ada: Player, bob: Player, cy: Player
) -> None:
    services.room_join(player=cy, code=pair)  # a spectator
    seed_hex = game_of(pair).seed
    services.game_roll(player=ada, code=pair)
    services.game_roll(player=ada, code=pair, hold=[0])
    ada_dice = dice_of(pair, ada)
    place_first(ada, pair)
    ada_card = Scorecard.objects.get(game=game_of(pair), seat=0)
    assert ada_card.total > 0 or ada_card.data["boxes"]
    snapshot = fresh_snapshot_of(pair)
    for viewer in (bob, cy):
        game = view_of(snapshot, viewer.pk)["game"]
        assert game["duplicate"] and game["revealed"] == []
        assert all(t["dice"] == [] and t["held"] == [] for t in game["turns"])
        assert game["seats"][0]["boxes"] == {"main": {}} and game["seats"][0]["total"] == 0
    # Ada sees her own card as it is.
    mine = view_of(snapshot, ada.pk)["game"]["seats"][0]
    assert mine["boxes"] == ada_card.data["boxes"] and mine["total"] == ada_card.total
    # The log says whose move it was, never the dice, the hold or the score.
    for event in Event.objects.filter(room__code=pair, kind__in=["roll", "place"]):
        assert event.data == {"seat": 0, "sealed": True}
    for text in everything_sent(pair, (ada, bob, cy)):
        assert seed_hex not in text
        state = json.loads(text)
        assert all(e["data"].get("dice") is None for e in state["log"])
    # Nor do the pages: the table's, and no comparison before the game is over.
    assert seed_hex not in client_of(bob).get(f"/r/{pair}/").content.decode()
    assert client_of(bob).get(f"/r/{pair}/games/1/compare/").status_code == 404
    assert client_of(bob).get(f"/r/{pair}/games/1/replay/").status_code == 404
    # Bob rolls: what Ada is sent holds nothing of his dice either.
    services.game_roll(player=bob, code=pair)
    ada_view = view_of(fresh_snapshot_of(pair), ada.pk)["game"]
    assert ada_view["dice"] == [] and ada_view["turns"][1]["dice"] == []
    assert dice_of(pair, bob)[:1] == ada_dice[:1]  # same first slot: same dice


def test_the_round_is_revealed_once_everyone_has_scored(
    pair: str, ada: Player, bob: Player
) -> None:
    services.game_roll(player=ada, code=pair)
    place_first(ada, pair)
    services.game_roll(player=bob, code=pair)
    services.game_roll(player=bob, code=pair, hold=[2, 3])
    place_first(bob, pair)
    game = game_of(pair)
    turns = list(Turn.objects.filter(game=game, number__lte=2).order_by("seat"))
    closing = present(Event.objects.filter(room__code=pair, kind="place").last())
    revealed = closing.data["revealed"]
    assert [t["seat"] for t in revealed] == [0, 1]
    assert [t["points"] for t in revealed] == [t.points for t in turns]
    assert revealed[1]["rolls"][1]["held"] == [2, 3]
    state = view_of(fresh_snapshot_of(pair), ada.pk)["game"]
    assert state["round"] == 2 and state["revealed"] == revealed
    assert state["revealed"][0]["rolls"][0]["dice"] == state["revealed"][1]["rolls"][0]["dice"]
    # Both cards show again as they are, to everyone.
    cards = {c.seat: c for c in Scorecard.objects.filter(game=game)}
    assert [s["total"] for s in state["seats"]] == [cards[0].total, cards[1].total]
    assert game.seed not in text_of(fresh_snapshot_of(pair), bob.pk)


def play_out(code: str, people: Sequence[Player]) -> None:
    """Play the game to its end: every person rolls twice and fills the first box."""
    while game_of(code).status == Game.Status.PLAYING:
        for player in people:
            if game_of(code).status != Game.Status.PLAYING:
                break
            if not Turn.objects.filter(
                game=game_of(code), player=player, finished_at__isnull=True
            ).exists():
                continue
            services.game_roll(player=player, code=code)
            services.game_roll(player=player, code=code, hold=[0, 1])
            place_first(player, code)


def test_after_the_game_every_round_compares_with_par_and_the_seed_is_shown(
    ada: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    code = make_room(ada, "yatzy", seats=2, duplicate=True, joined=[bob], start=True).code
    play_out(code, [ada, bob])
    game = game_of(code)
    assert game.status == Game.Status.FINISHED
    rs = rulesets.get("yatzy")
    expected = duplicate.play(rs.new_scorecard(), levels.get("expert"), bytes.fromhex(game.seed))
    assert par_of(game) == expected and game_of(code).par == expected
    found = comparison(game, par=par_of(game), shared_with=lambda players: {})
    assert found.par_total == expected["total"] and len(found.rounds) == 15
    assert [s["to_par"] for s in found.seats] == [
        c.total - expected["total"] for c in game.scorecards.order_by("seat")
    ]
    for number, round_ in enumerate(found.rounds, start=1):
        # Everyone's first roll of a round, par's too, is the same five dice.
        firsts = {tuple(present(c).rolls[0]["dice"]) for c in [*round_.cells, round_.par]}
        assert firsts == {
            tuple(duplicate.die(bytes.fromhex(game.seed), number, 1, s) for s in range(5))
        }
    # The reviews' luck and skill add up on the same dice too.
    for player in (ada, bob):
        review = services.review_for(game=game, player=player)
        assert adds_up(review.data)
    # The page, for the table's members: the seed once the game is over.
    page = client_of(ada).get(reverse("games:game_compare", args=[code, game.number]))
    assert page.status_code == 200
    html = page.content.decode()
    assert game.seed in html and f'data-total="{expected["total"]}"' in html
    assert html.count('data-testid="compare-round"') == 15
    for card in game.scorecards.all():  # each total says what its gap is
        assert (
            f'{card.total} <small class="compare-to-par">'
            f"({card.total - expected['total']:+d} to par)</small>" in html
        )
    assert client_of(cy).get(reverse("games:game_compare", args=[code, 1])).status_code == 403


def test_a_game_with_the_systems_dice_has_no_comparison(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    code = make_room(ada, "yatzy", seats=2, together=True, joined=[bob], start=True).code
    play_out(code, [ada, bob])
    assert not game_of(code).seed
    page = client_of(ada).get(reverse("games:game_compare", args=[code, 1]))
    assert page.status_code == 404


def test_bots_and_the_host_skipping_play_the_same_dice(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    code = make_room(
        ada, "yahtzee", seats=3, duplicate=True, joined=[bob], bots=["expert"], start=True
    ).code
    seed = seed_of(code)
    first = [duplicate.die(seed, 1, 1, s) for s in range(5)]
    for _ in range(20):
        if Turn.objects.filter(game=game_of(code), seat=2, finished_at__isnull=False).exists():
            break
        services.games_run_due()
    bot_turn = Turn.objects.get(game=game_of(code), seat=2, number=3)
    assert bot_turn.finished_at is not None and bot_turn.rolls[0]["dice"] == first
    services.game_skip(player=ada, code=code, seat=1)
    skipped = Turn.objects.get(game=game_of(code), seat=1, number=2)
    assert skipped.finish == Turn.Finish.SKIPPED and skipped.rolls[0]["dice"] == first
    event = present(Event.objects.filter(room__code=code, kind="skip").last())
    assert event.data == {"roll": {"seat": 1, "sealed": True}, "place": {"seat": 1, "sealed": True}}


def test_staff_read_the_seed_only_once_the_game_is_over(
    pair: str, ada: Player, bob: Player, admin_client: Client
) -> None:
    game = game_of(pair)
    page = reverse("admin:play_game_change", args=[game.pk])
    html = admin_client.get(page).content.decode()
    assert "the seed is shown once the game is over" in html and game.seed not in html
    play_out(pair, [ada, bob])
    html = admin_client.get(page).content.decode()
    assert f"seed {game.seed}" in html
