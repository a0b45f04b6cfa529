"""The bell's items (notices.services.bell): a game's end for every person seated, new
chat in a room by the day as one item per room, read one by one or all at once, kinds a
player turned off, old read items pruned, and the news each change returns."""

from __future__ import annotations

from datetime import timedelta

import pytest
from pytest_django import DjangoCaptureOnCommitCallbacks

from accounts.models import Player
from common.errors import ServiceError
from common.news import Bell
from daily.services import daily
from friends.services.blocks import block_add
from friends.services.requests import friend_request_accept, friend_request_send
from games import services
from notices.models import BellItem
from notices.selectors.bell import bell_items, bell_unread, bell_view
from notices.services.bell import KEEP_READ, bell_game_result, bell_read, bell_read_all, bell_ring
from notices.services.preferences import preferences_save
from play.models import Game, Scorecard
from tests.support.fixture_types import MakeAccount, MakeRoom
from tests.support.game_state import game_of, play_out, play_turn
from tests.support.present import present

pytestmark = pytest.mark.django_db


def _day_room(make_room: MakeRoom, host: Player, *others: Player) -> str:
    return make_room(host, "yatzy", seats=4, pace="day", joined=others).code


def _kinds_off(player: Player, *kinds: str) -> None:
    preferences_save(
        player=player,
        push=True,
        email=False,
        reminder_hours=0,
        quiet_from=None,
        quiet_until=None,
        time_zone="",
        bell_off=kinds,
    )


def test_chat_by_the_day_makes_one_item_per_room_counting_the_new_lines(
    ada: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    code = _day_room(make_room, ada, bob, cy)
    first = services.chat_post(player=bob, code=code, text="hello")
    assert set(first.news) >= {Bell(ada.pk), Bell(cy.pk)}
    assert Bell(bob.pk) not in first.news  # the author gets none
    services.chat_post(player=cy, code=code, text="x" * 300)
    assert bell_unread(bob.pk) == 1 and bell_unread(cy.pk) == 1
    [item] = bell_items(ada.pk)
    assert item.data["count"] == 2 and item.data["author"] == "Cy"
    assert len(item.data["text"]) == 140 and item.data["text"].endswith("…")
    assert item.link == f"/r/{code}/"
    view = bell_view(ada.pk)
    assert view["unread"] == 1
    assert view["items"][0]["text"] == f"2 new messages in room {code}"
    assert view["items"][0]["detail"].startswith("Cy: xxx")
    # Once read, the next line starts a new item; the read one stays.
    bell_read(player=ada, item_id=item.pk)
    services.chat_post(player=bob, code=code, text="again")
    newest, older = bell_items(ada.pk)
    assert (newest.data["count"], newest.read_at, older.read_at is not None) == (1, None, True)


def test_live_rooms_bots_spectators_who_left_and_muted_authors(
    ada: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    live = make_room(ada, "yatzy", seats=3, joined=[bob], bots=["beginner"])
    assert not services.chat_post(player=bob, code=live.code, text="hi").news[1:]
    assert BellItem.objects.count() == 0  # everyone is at a live table
    code = _day_room(make_room, ada, bob, cy)
    services.room_leave(player=cy, code=code)
    services.room_mute(player=ada, code=code, target=bob.pk)
    with pytest.raises(ServiceError) as err:  # a muted author posts nothing, rings nothing
        services.chat_post(player=bob, code=code, text="still here")
    assert err.value.code == "muted" and bell_unread(ada.pk) == 0
    services.room_add_bot(player=ada, code=code)
    services.chat_post(player=ada, code=code, text="bye")
    assert bell_unread(bob.pk) == 1 and bell_unread(cy.pk) == 0  # cy left the room
    assert not BellItem.objects.exclude(player__bot_level="").exists()


def test_a_line_rings_nobody_who_blocked_its_author(
    account: MakeAccount, make_room: MakeRoom
) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    code = _day_room(make_room, ada, bob, cy)
    block_add(player=cy, other=bob)
    news = services.chat_post(player=bob, code=code, text="hello").news
    assert Bell(ada.pk) in news and Bell(cy.pk) not in news
    assert (bell_unread(ada.pk), bell_unread(cy.pk)) == (1, 0)


def test_a_friend_request_and_its_acceptance_ring_the_other_side(
    account: MakeAccount, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    ada, bob = account("Ada"), account("Bob")
    with django_capture_on_commit_callbacks(execute=True):
        friend_request_send(player=ada, other=bob)
    assert bell_unread(ada.pk) == 0
    [asked] = bell_view(bob.pk)["items"]
    assert asked["text"] == "Ada asks to be your friend" and asked["detail"] == ""
    with django_capture_on_commit_callbacks(execute=True):
        friend_request_accept(player=bob, sender_id=ada.pk)
    [accepted] = bell_view(ada.pk)["items"]
    assert accepted["text"] == "Bob and you are now friends"
    assert {item.link for item in BellItem.objects.all()} == {"/friends/"}
    _kinds_off(ada, "friend_accepted")
    carl = account("Carl")
    with django_capture_on_commit_callbacks(execute=True):
        friend_request_send(player=ada, other=carl)
        friend_request_accept(player=carl, sender_id=ada.pk)
    assert bell_unread(ada.pk) == 1  # the first one only: the kind is off now


def test_a_kind_turned_off_rings_nothing(ada: Player, bob: Player, make_room: MakeRoom) -> None:
    _kinds_off(bob, "room_chat")
    code = _day_room(make_room, ada, bob)
    assert services.chat_post(player=ada, code=code, text="hi").news[1:] == ()
    assert bell_unread(bob.pk) == 0
    with pytest.raises(ServiceError) as err:
        _kinds_off(bob, "room_chat", "fireworks")
    assert err.value.code == "bad_preferences"
    with pytest.raises(ValueError):
        bell_ring(player_ids=[bob.pk], kind="fireworks", link="/", data={})
    assert BellItem.objects.count() == 0


def test_a_finished_game_rings_each_person_with_their_place(
    ada: Player,
    bob: Player,
    make_room: MakeRoom,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    room = make_room(ada, "yahtzee", seats=2, joined=[bob], start=True)
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(13):
            play_turn(ada, room.code)
            play_turn(bob, room.code)
    cards = {c.player_id: c for c in Scorecard.objects.filter(game=game_of(room.code))}
    for person in (ada, bob):
        [item] = bell_items(person.pk)
        card = cards[person.pk]
        assert (item.kind, item.data["rank"], item.data["total"]) == (
            "game_result",
            card.rank,
            card.total,
        )
        place = {1: "1st", 2: "2nd"}[present(card.rank)]
        text = bell_view(person.pk)["items"][0]["text"]
        assert text == f"Game over in room {room.code}: you placed {place} with {card.total}"


def test_results_leave_bots_out_and_reach_the_person_a_bot_kept_the_seat_for(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=3, joined=[bob], bots=["beginner"], start=True)
    game = game_of(room.code)
    assert bell_game_result(game_id=game.pk) == []  # not finished yet
    bob_card = Scorecard.objects.get(game=game, player=bob)
    keeper = Player.objects.create(name="Bot Keeper", bot_level="beginner")
    Scorecard.objects.filter(pk=bob_card.pk).update(player=keeper, held_for=bob)
    Scorecard.objects.filter(game=game).update(rank=1, total=50)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    news = bell_game_result(game_id=game.pk)
    assert sorted(n.player_id for n in news if isinstance(n, Bell)) == sorted([ada.pk, bob.pk])
    assert BellItem.objects.count() == 2
    assert bell_view(bob.pk)["items"][0]["detail"] == "3 seats at the table"


def test_the_dailys_solo_game_rings_nothing(
    account: MakeAccount,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    ada = account("Ada")
    attempt = daily.daily_play(player=ada, ruleset="yatzy")
    with django_capture_on_commit_callbacks(execute=True):
        play_out(attempt)
    assert Game.objects.get(pk=attempt.game_id).status == Game.Status.FINISHED
    assert BellItem.objects.count() == 0


def test_read_one_and_all_return_news_only_when_something_changed(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    code = _day_room(make_room, ada, bob)
    services.chat_post(player=bob, code=code, text="one")
    [item] = bell_items(ada.pk)
    with pytest.raises(ServiceError) as err:
        bell_read(player=bob, item_id=item.pk)  # not Bob's
    assert err.value.code == "unknown_item" and bell_unread(ada.pk) == 1
    done = bell_read(player=ada, item_id=item.pk)
    assert (done.value, done.news) == (f"/r/{code}/", (Bell(ada.pk),))
    assert bell_read(player=ada, item_id=item.pk).news == ()  # read already
    assert bell_read_all(player=ada) == []
    services.chat_post(player=bob, code=code, text="two")
    assert bell_read_all(player=ada) == [Bell(ada.pk)]
    assert bell_unread(ada.pk) == 0
    assert [i["read"] for i in bell_view(ada.pk)["items"]] == [True, True]


def test_old_read_items_are_pruned_when_a_new_one_comes(ada: Player) -> None:
    ring = {"player_ids": [ada.pk], "kind": "game_result", "link": "/r/x/"}
    data = {"room": "x", "game": 1, "rank": 1, "total": 99, "seats": 1}
    bell_ring(**ring, data=data)  # type: ignore[arg-type]
    bell_ring(**ring, data=data)  # type: ignore[arg-type]
    old, recent = BellItem.objects.order_by("pk")
    long_ago = old.created_at - KEEP_READ - timedelta(days=1)
    BellItem.objects.filter(pk=old.pk).update(read_at=long_ago)
    BellItem.objects.filter(pk=recent.pk).update(read_at=old.created_at)
    bell_ring(**ring, data=data)  # type: ignore[arg-type]
    assert not BellItem.objects.filter(pk=old.pk).exists()
    assert BellItem.objects.filter(player=ada).count() == 2  # the recent read one stays
