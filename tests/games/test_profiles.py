"""Profiles: each figure from hand-built histories with known answers, who may see a
profile, and a page whose queries do not grow with the number of games."""

from __future__ import annotations

from datetime import date
from typing import TypedDict

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.models import Player
from accounts.services.players import SESSION_KEY
from bench.harness.histories import Seat, played, room_of
from coach.models import GameReview
from coach.selectors.stats import player_stats, visible_profiles
from daily.models import DailyAttempt, DailyChallenge
from friends.services.requests import friend_request_accept, friend_request_send
from games import services
from play.models import Game
from rooms.models import Room
from tests.support.fixture_types import MakeAccount, MakePlayer
from tests.support.sheets import UPPER_63, sheet

# Not in the PostgreSQL pass (docs/decisions/0007): the profiles only read through the ORM what
# the services tests of that pass write.
pytestmark = pytest.mark.sqlite_pass_only

YAHTZEE = (6, 6, 6, 6, 6)
PLAIN = (1, 2, 3, 4, 6)


def client_of(player: Player | None) -> Client:
    client = Client()
    if player is not None:
        session = client.session
        session[SESSION_KEY] = player.pk
        session.save()
    return client


def url(player: Player) -> str:
    return f"/players/{player.pk}/"


class History(TypedDict):
    room: Room
    triple: Room
    bot: Player


@pytest.fixture
def history(ada: Player, bob: Player, cy: Player, make_player: MakePlayer) -> History:
    """Ada's games, with the answers the figures must give.

    Yahtzee with Bob: a win on 148 (upper bonus, two Yahtzees rolled, one of them
    scored); a tie for the win on 100; a game ended by a moderator (a Yahtzee rolled, not
    counted).  Triple Yahtzee with Cy: second, with the upper bonus in two columns.
    Yatzy alone: played, not won.  Yahtzee with Bob where a bot took Ada's seat over
    after she rolled a Yahtzee: the bot's game, not hers.
    """
    room = yahtzee_with_bob(ada, bob)
    triple = triple_yahtzee_with_cy(ada, cy)
    alone = room_of(ada, "yatzy")
    played(alone, [Seat(ada, sheet("yatzy", [((6, 6, 6, 6, 6), "sixes")]), turns=[[PLAIN]])])
    bot = make_player("Robbie")
    Player.objects.filter(pk=bot.pk).update(bot_level="beginner")
    bot.refresh_from_db()
    a_bot_took_over_from_ada(ada, bob, bot)
    return {"bot": bot, "room": room, "triple": triple}


def yahtzee_with_bob(ada: Player, bob: Player) -> Room:
    """Ada's three Yahtzee games with Bob: a win on 148, a tie on 100, one a moderator
    ended."""
    room = room_of(ada, "yahtzee", [bob])
    win = sheet("yahtzee", [*UPPER_63, (YAHTZEE, "yahtzee")])
    assert win.total == 63 + 35 + 50
    played(
        room,
        [
            Seat(ada, win, turns=[[PLAIN, YAHTZEE], [(2, 2, 2, 2, 2)], [PLAIN]]),
            Seat(bob, sheet("yahtzee", [((5, 5, 5, 5, 5), "yahtzee")]), turns=[[(5, 5, 5, 5, 5)]]),
        ],
    )
    hundred = sheet(
        "yahtzee", [(YAHTZEE, "chance"), (YAHTZEE, "yahtzee"), ((5, 5, 5, 5, 1), "fives")]
    )
    assert hundred.total == 30 + 50 + 20
    played(room, [Seat(ada, hundred, turns=[[PLAIN]]), Seat(bob, hundred, turns=[[PLAIN]])])
    played(
        room,
        [Seat(ada, sheet("yahtzee", UPPER_63), turns=[[YAHTZEE]]), Seat(bob, sheet("yahtzee"))],
        status=Game.Status.ENDED,
    )
    return room


def triple_yahtzee_with_cy(ada: Player, cy: Player) -> Room:
    """Ada's Triple Yahtzee game with Cy: second, with the upper bonus in two columns."""
    triple = room_of(ada, "triple_yahtzee", [cy])
    two_bonuses = sheet(
        "triple_yahtzee",
        [(d, box, "x1") for d, box in UPPER_63] + [(d, box, "x3") for d, box in UPPER_63],
    )
    played(
        triple,
        [
            Seat(ada, two_bonuses, turns=[[YAHTZEE, YAHTZEE, PLAIN]]),
            Seat(
                cy,
                sheet(
                    "triple_yahtzee",
                    [(d, b, "x2") for d, b in UPPER_63] + [(d, b, "x3") for d, b in UPPER_63],
                ),
            ),
        ],
    )
    return triple


def a_bot_took_over_from_ada(ada: Player, bob: Player, bot: Player) -> None:
    """A Yahtzee game with Bob where ``bot`` took Ada's seat over after she rolled a
    Yahtzee."""
    handed = room_of(ada, "yahtzee", [bob])
    played(
        handed,
        [
            Seat(
                bot,
                sheet("yahtzee", UPPER_63),
                turns=[[YAHTZEE]],
                before_by=ada,
                before=[[YAHTZEE]],
            ),
            Seat(bob, sheet("yahtzee")),
        ],
    )


def test_each_figure_per_variant_from_the_stored_games(history: History, ada: Player) -> None:
    stats = player_stats(ada)
    figures = {
        v.ruleset: (v.played, v.won, v.average, v.best, v.yahtzees, v.upper_bonuses)
        for v in stats.variants
    }
    assert figures == {
        "yahtzee": (2, 2, 124.0, 148, 2, 1),
        "yatzy": (1, 0, 6 * 5, 30, 0, 0),
        "triple_yahtzee": (1, 0, two_bonus_total(), two_bonus_total(), 2, 2),
    }
    assert [v.ruleset for v in stats.variants] == ["yahtzee", "yatzy", "triple_yahtzee"]
    assert stats.ended_early == 1
    assert stats.played == 4
    last = stats.last_games
    assert [(g.ruleset, g.total, g.rank, g.seats) for g in last] == [
        ("yatzy", 30, 1, 1),
        ("triple_yahtzee", two_bonus_total(), 2, 2),
        ("yahtzee", 100, 1, 2),
        ("yahtzee", 148, 1, 2),
    ]


def two_bonus_total() -> int:
    return sheet(
        "triple_yahtzee",
        [(d, box, "x1") for d, box in UPPER_63] + [(d, box, "x3") for d, box in UPPER_63],
    ).total


def test_a_seat_taken_over_by_a_bot_counts_for_the_bot(history: History, bob: Player) -> None:
    bot_stats = player_stats(history["bot"])
    assert [(v.ruleset, v.played, v.yahtzees, v.upper_bonuses) for v in bot_stats.variants] == [
        ("yahtzee", 1, 1, 1)
    ]
    # Bob lost that game to the bot; tied the 100; lost the 148.
    bob_yahtzee = player_stats(bob).variants[0]
    assert (bob_yahtzee.played, bob_yahtzee.won, bob_yahtzee.yahtzees) == (3, 1, 1)


def test_accuracy_comes_from_the_reviews_in_game_order(history: History, ada: Player) -> None:
    games = list(Game.objects.filter(scorecards__player=ada).order_by("finished_at"))
    GameReview.objects.create(game=games[1], player=ada, data={"accuracy": 90.5})
    GameReview.objects.create(game=games[0], player=ada, data={"accuracy": 80})
    GameReview.objects.create(game=games[3], player=ada, data={"accuracy": None})
    points = player_stats(ada).accuracy
    assert [(p.number, p.accuracy) for p in points] == [(1, 80.0), (2, 90.5)]
    assert [p.accuracy for p in player_stats(ada, accuracy_points=1).accuracy] == [90.5]


def test_the_page_shows_the_figures_and_the_chart(history: History, ada: Player) -> None:
    games = list(Game.objects.filter(scorecards__player=ada).order_by("finished_at"))
    GameReview.objects.create(game=games[0], player=ada, data={"accuracy": 80})
    GameReview.objects.create(game=games[1], player=ada, data={"accuracy": 90.5})
    page = client_of(ada).get(url(ada))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'data-testid="stat-average">124.0<' in html
    assert 'data-testid="stat-best">148<' in html
    assert "five of a kind" in html and "ended early" in html
    assert '<svg viewBox="0 0 600 240" role="img"' in html
    assert html.count("<circle ") == 2 and "<polyline " in html
    assert html.count('data-testid="profile-accuracy-row"') == 2 and "90.5%" in html
    assert html.count('data-testid="profile-review"') == 4
    assert html.count('data-testid="profile-replay"') == 4
    assert f"/r/{history['room'].code}/games/1/review/" in html
    assert f"/r/{history['room'].code}/games/1/replay/" in html


def test_who_may_see_a_profile(
    history: History, ada: Player, bob: Player, cy: Player, make_player: MakePlayer
) -> None:
    stranger = make_player("Dee")
    assert client_of(ada).get(url(ada)).status_code == 200
    co_member = client_of(bob).get(url(ada))
    assert co_member.status_code == 200
    assert 'data-testid="profile-review"' not in co_member.content.decode()  # her reviews
    assert client_of(cy).get(url(ada)).status_code == 200  # the Triple Yahtzee room
    for visitor in (stranger, None):
        refused = client_of(visitor).get(url(ada))
        assert refused.status_code == 403
        assert "shared a room" in refused.content.decode()
        assert "stat-played" not in refused.content.decode()
    assert client_of(ada).get(url(history["bot"])).status_code == 404
    assert client_of(ada).get("/players/999999/").status_code == 404


def test_a_friend_sees_the_profile_without_a_shared_room(account: MakeAccount) -> None:
    eve, fay, gus = account("Eve"), account("Fay"), account("Gus")
    assert client_of(fay).get(url(eve)).status_code == 403
    friend_request_send(player=fay, other=eve)
    assert client_of(fay).get(url(eve)).status_code == 403  # asked, not yet friends
    friend_request_accept(player=eve, sender_id=fay.pk)
    assert client_of(fay).get(url(eve)).status_code == 200
    assert client_of(eve).get(url(fay)).status_code == 200
    assert client_of(gus).get(url(eve)).status_code == 403
    assert visible_profiles(fay, [eve.pk, fay.pk, gus.pk]) == {eve.pk, fay.pk}
    assert visible_profiles(None, [eve.pk]) == set()


def test_my_profile_goes_to_the_visitors_own(ada: Player) -> None:
    assert client_of(ada).get("/players/me/")["Location"] == url(ada)
    assert client_of(None).get("/players/me/").status_code == 404


def test_a_deleted_accounts_player_keeps_a_profile(
    history: History, ada: Player, bob: Player
) -> None:
    user = User.objects.create_user("ada", password="x")
    Player.objects.filter(pk=ada.pk).update(user=user)
    services.account_delete(user=User.objects.get(pk=user.pk))
    page = client_of(bob).get(url(ada))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Deleted player" in html and 'data-testid="stat-best">148<' in html


def test_the_pages_queries_do_not_grow_with_the_games(ada: Player, bob: Player) -> None:
    room = room_of(ada, "yahtzee", [bob])

    def add_games(n: int) -> None:
        for _ in range(n):
            game = played(
                room,
                [
                    Seat(ada, sheet("yahtzee", UPPER_63), turns=[[YAHTZEE]]),
                    Seat(bob, sheet("yahtzee")),
                ],
            )
            GameReview.objects.create(game=game, player=ada, data={"accuracy": 50})

    def queries() -> int:
        client = client_of(ada)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url(ada)).status_code == 200
        return len(captured)

    add_games(2)
    few = queries()
    assert few >= 5  # the player, the viewer, the cards, the rolls, the reviews
    add_games(10)
    assert queries() == few


def test_the_header_the_account_and_your_rooms_link_to_the_profile(
    history: History, ada: Player
) -> None:
    guest = client_of(ada).get("/").content.decode()
    assert 'data-testid="your-profile"' in guest and 'href="/players/me/"' in guest
    assert 'data-testid="profile-link"' not in guest  # the header's is for accounts
    user = User.objects.create_user("ada", password="x")
    Player.objects.filter(pk=ada.pk).update(user=user)
    signed_in = Client()
    signed_in.force_login(user)
    assert 'data-testid="profile-link"' in signed_in.get("/").content.decode()
    account = signed_in.get("/account/").content.decode()
    assert f'href="{url(ada)}" data-testid="account-profile"' in account


def test_a_daily_game_shows_as_the_days_challenge_and_links_as_the_others(ada: Player) -> None:
    room = room_of(ada, "yatzy")
    Room.objects.filter(pk=room.pk).update(daily=True)
    played(room, [Seat(ada, sheet("yatzy", [((6, 6, 6, 6, 6), "sixes")]), turns=[[PLAIN]])])
    challenge = DailyChallenge.objects.create(day=date(2026, 12, 6), ruleset="yatzy")
    DailyAttempt.objects.create(
        challenge=challenge, player=ada, game=Game.objects.get(room=room), ranked=True
    )
    [shown] = player_stats(ada).last_games
    assert shown.daily_day == date(2026, 12, 6)
    html = client_of(ada).get(url(ada)).content.decode()
    row = html.split('data-testid="profile-game"')[1].split("</tr>")[0]
    assert '<th scope="row">Daily challenge · 6 Dec</th>' in row and "<td>Yatzy</td>" in row
    assert f'href="/r/{room.code}/games/1/review/"' in row
    assert f'href="/r/{room.code}/games/1/replay/"' in row
    assert "of the daily challenge of 6 Dec" in row  # what the links say to a screen reader
    # Its accuracy, in the table under the chart, is named by the day too.
    GameReview.objects.create(game=Game.objects.get(room=room), player=ada, data={"accuracy": 75})
    html = client_of(ada).get(url(ada)).content.decode()
    accuracy = html.split('data-testid="profile-accuracy-row"')[1].split("</tr>")[0]
    assert "Yatzy, daily challenge · 6 Dec" in accuracy and room.code not in accuracy
