"""Quick reactions, and the host muting a member's chat and reactions."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Player
from bench.harness.room_client import placements
from games import services
from play.models import ActionRequest, Event
from rooms.models import Membership, Room
from rooms.selectors import snapshots
from rooms.services.reactions import EMOJI
from tests.support.fixture_types import MakePlayer, MakeRoom
from tests.support.game_state import refused, versions
from tests.support.views import fresh_snapshot_of, snapshot_of, state_seen, view_of

pytestmark = pytest.mark.django_db

THUMBS, PARTY = "\U0001f44d", "\U0001f389"


@pytest.fixture
def room(ada: Player, bob: Player, make_room: MakeRoom) -> Room:
    """Ada hosts, Bob sits at her 3-seat Yahtzee table."""
    return make_room(ada, "yahtzee", seats=3, joined=[bob])


def member(room: Room, player: Player) -> Membership:
    return Membership.objects.get(room=room, player=player)


def muted_in_state(room: Room, viewer: Player) -> dict[str, bool]:
    return {m["name"]: m["muted"] for m in state_seen(room.code, viewer)["members"]}


# -- reactions ---------------------------------------------------------------------------


def test_a_reaction_is_an_event_every_viewer_sees_but_not_a_line_of_the_log(
    room: Room, ada: Player, bob: Player
) -> None:
    answer = services.reaction_send(player=bob, code=room.code, emoji=THUMBS)
    assert answer["event"]["kind"] == "react"
    assert answer["event"]["data"] == {"player": "Bob", "emoji": THUMBS}
    state = state_seen(room.code, ada)
    assert state["version"] == answer["version"]
    assert state["event"]["kind"] == "react" and state["event"]["actor_id"] == bob.pk
    [shown] = state["reactions"]
    assert (shown["seq"], shown["actor"], shown["actor_id"], shown["data"]["emoji"]) == (
        answer["version"],
        "Bob",
        bob.pk,
        THUMBS,
    )
    assert "react" not in {e["kind"] for e in state["log"]}
    assert state_seen(room.code, bob)["reactions"] == state["reactions"]


def test_the_six_emoji_and_nothing_else(room: Room, ada: Player) -> None:
    assert len(EMOJI) == 6
    for emoji in EMOJI:
        services.reaction_send(player=ada, code=room.code, emoji=emoji)
        Event.objects.filter(kind="react").update(created_at=timezone.now() - timedelta(minutes=1))
    for bad in (
        "\U0001f44d\U0001f3fd",
        THUMBS + "\ufe0f",
        THUMBS * 2,
        ":+1:",
        "thumbs up",
        "",
        " ",
    ):
        refused("bad_reaction", services.reaction_send, player=ada, code=room.code, emoji=bad)


def test_spectators_react_and_strangers_cannot(
    room: Room, ada: Player, cy: Player, make_player: MakePlayer
) -> None:
    services.room_start(player=ada, code=room.code)
    services.room_join(player=cy, code=room.code)  # a game is on: Cy watches
    assert services.reaction_send(player=cy, code=room.code, emoji=PARTY)["ok"]
    refused(
        "not_in_room",
        services.reaction_send,
        player=make_player("Eve"),
        code=room.code,
        emoji=THUMBS,
    )


def test_a_few_reactions_at_a_time_per_room(
    room: Room, ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    for _ in range(3):
        services.reaction_send(player=ada, code=room.code, emoji=THUMBS)
    refused("react_too_fast", services.reaction_send, player=ada, code=room.code, emoji=PARTY)
    services.reaction_send(player=bob, code=room.code, emoji=THUMBS)  # Bob is not Ada
    other = make_room(ada, "yatzy")
    services.reaction_send(player=ada, code=other.code, emoji=THUMBS)  # another room
    services.chat_post(player=ada, code=room.code, text="chat has its own limit")
    Event.objects.filter(room=room, actor=ada, kind="react").update(
        created_at=timezone.now() - timedelta(seconds=3)
    )
    services.reaction_send(player=ada, code=room.code, emoji=PARTY)


def test_banned_players_and_closed_rooms_send_no_reactions(
    room: Room, ada: Player, bob: Player, staff: User
) -> None:
    services.mod_ban(moderator=staff, player=bob, reason="spam")
    refused("banned", services.reaction_send, player=bob, code=room.code, emoji=THUMBS)
    services.mod_close_room(moderator=staff, room=room, reason="abuse")
    refused("room_closed", services.reaction_send, player=ada, code=room.code, emoji=THUMBS)


def test_a_retried_reaction_is_sent_once(room: Room, bob: Player) -> None:
    first = services.reaction_send(player=bob, code=room.code, emoji=THUMBS, request_id="r1")
    again = services.reaction_send(player=bob, code=room.code, emoji=THUMBS, request_id="r1")
    assert again == first
    assert Event.objects.filter(kind="react").count() == 1
    assert ActionRequest.objects.get(request_id="r1").action == "react"


def test_the_state_lists_the_reactions_of_the_seconds_before_its_version(
    room: Room, ada: Player, bob: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    services.reaction_send(player=bob, code=room.code, emoji=THUMBS)
    services.reaction_send(player=ada, code=room.code, emoji=PARTY)
    fresh = fresh_snapshot_of(room.code)
    assert [(r["actor"], r["data"]["emoji"]) for r in fresh.shared["reactions"]] == [
        ("Bob", THUMBS),
        ("Ada", PARTY),
    ]  # oldest first
    # The state of a version is the same whenever it is read ...
    later = timezone.now() + timedelta(seconds=snapshots.REACTION_SECONDS + 1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    assert fresh_snapshot_of(room.code).shared["reactions"] == fresh.shared["reactions"]
    # ... and the next version, over ten seconds later, lists them no more.
    services.chat_post(player=ada, code=room.code, text="later")
    assert fresh_snapshot_of(room.code).shared["reactions"] == []


def test_at_most_twenty_reactions_and_only_among_the_last_fifty_versions(
    room: Room, ada: Player, bob: Player
) -> None:
    a_moment_ago = timezone.now() - timedelta(seconds=3)  # past the rate limit's window
    for n in range(24):
        services.reaction_send(player=(ada, bob)[n % 2], code=room.code, emoji=THUMBS)
        Event.objects.filter(kind="react").update(created_at=a_moment_ago)
    version = Room.objects.get(pk=room.pk).version
    shown = fresh_snapshot_of(room.code).shared["reactions"]
    assert [r["seq"] for r in shown] == list(range(version - 19, version + 1))
    for n in range(snapshots.REACTION_VERSIONS - 1):  # sockets open and close: versions
        (services.presence_connect if n % 2 == 0 else services.presence_disconnect)(
            player=ada, code=room.code
        )
    # Still seconds old at the newest version, however long those took on a busy machine
    # (what counts here is versions; the seconds: the test above).
    newest = Event.objects.filter(room=room).latest("seq").created_at
    Event.objects.filter(kind="react").update(created_at=newest - timedelta(seconds=3))
    assert [r["seq"] for r in fresh_snapshot_of(room.code).shared["reactions"]] == [version]
    services.presence_connect(player=bob, code=room.code)
    assert fresh_snapshot_of(room.code).shared["reactions"] == []


def test_reactions_do_not_make_the_next_snapshot_read_the_members_again(
    room: Room, ada: Player, bob: Player
) -> None:
    first = snapshot_of(room.code)
    services.reaction_send(player=bob, code=room.code, emoji=THUMBS)
    with CaptureQueriesContext(connection) as reads:
        reacted = snapshot_of(room.code, first.version + 1)
    tables = " ".join(q["sql"] for q in reads.captured_queries)
    assert "games_membership" not in tables and "games_chatmessage" not in tables
    assert reacted.shared["members"] is first.shared["members"]
    event = reacted.shared["event"]
    assert event is not None and event["kind"] == "react"
    assert reacted.shared["reactions"] == fresh_snapshot_of(room.code).shared["reactions"]


# -- the host mutes -------------------------------------------------------------------------


def test_the_host_mutes_and_unmutes_a_player(room: Room, ada: Player, bob: Player) -> None:
    answer = services.room_mute(player=ada, code=room.code, target=bob.pk, muted=True)
    assert answer["event"]["kind"] == "mute"
    assert answer["event"]["data"] == {"player": "Bob", "muted": True}
    assert member(room, bob).muted
    assert muted_in_state(room, bob) == {"Ada": False, "Bob": True}
    state = state_seen(room.code, ada)
    assert state["log"][0]["kind"] == "mute" and state["log"][0]["actor"] == "Ada"
    error = refused("muted", services.chat_post, player=bob, code=room.code, text="hey")
    assert "muted" in error.message
    refused("muted", services.reaction_send, player=bob, code=room.code, emoji=THUMBS)
    services.chat_post(player=ada, code=room.code, text="the host still talks")

    back = services.room_mute(player=ada, code=room.code, target=bob.pk, muted=False)
    assert back["event"]["data"] == {"player": "Bob", "muted": False}
    assert muted_in_state(room, ada) == {"Ada": False, "Bob": False}
    services.chat_post(player=bob, code=room.code, text="thanks")
    services.reaction_send(player=bob, code=room.code, emoji=THUMBS)


def test_only_the_host_mutes_and_only_other_people(
    room: Room, ada: Player, bob: Player, cy: Player
) -> None:
    services.room_add_bot(player=ada, code=room.code)
    bot = Membership.objects.get(room=room, seat=2).player
    refused("not_host", services.room_mute, player=bob, code=room.code, target=ada.pk, muted=True)
    refused(
        "cannot_mute", services.room_mute, player=ada, code=room.code, target=ada.pk, muted=True
    )
    refused(
        "cannot_mute", services.room_mute, player=ada, code=room.code, target=bot.pk, muted=True
    )
    for target in (cy.pk, -1):
        refused(
            "not_in_room", services.room_mute, player=ada, code=room.code, target=target, muted=True
        )


def test_muting_a_muted_player_again_changes_nothing(room: Room, ada: Player, bob: Player) -> None:
    services.room_mute(player=ada, code=room.code, target=bob.pk, muted=True)
    before = versions(room.code)
    answer = services.room_mute(player=ada, code=room.code, target=bob.pk, muted=True)
    assert answer["event"] is None and answer["version"] == before[0]
    assert versions(room.code) == before
    services.room_mute(player=ada, code=room.code, target=bob.pk, muted=False)
    assert (
        services.room_mute(player=ada, code=room.code, target=bob.pk, muted=False)["event"] is None
    )


def test_a_spectator_is_muted_too_and_a_mute_outlasts_leaving(
    room: Room, ada: Player, bob: Player, cy: Player
) -> None:
    services.room_start(player=ada, code=room.code)
    services.room_join(player=cy, code=room.code)
    services.room_mute(player=ada, code=room.code, target=cy.pk, muted=True)
    refused("muted", services.chat_post, player=cy, code=room.code, text="hi")
    services.room_leave(player=cy, code=room.code)
    services.room_join(player=cy, code=room.code)
    assert member(room, cy).muted
    refused("muted", services.reaction_send, player=cy, code=room.code, emoji=THUMBS)


def test_a_muted_player_who_becomes_host_is_unmuted(room: Room, ada: Player, bob: Player) -> None:
    services.room_mute(player=ada, code=room.code, target=bob.pk, muted=True)
    left = services.room_leave(player=ada, code=room.code)
    assert left["event"]["data"]["host"] == "Bob"
    assert not member(room, bob).muted
    services.chat_post(player=bob, code=room.code, text="my table now")


def test_snapshots_built_on_the_last_one_keep_reactions_and_mutes_right(
    room: Room, ada: Player, bob: Player, cy: Player
) -> None:
    """As ``test_a_snapshot_built_on_the_last_one_equals_one_read_from_scratch``, for
    reactions and mutes between moves."""
    services.room_start(player=ada, code=room.code)
    services.room_join(player=cy, code=room.code)

    def check() -> None:
        built = snapshot_of(room.code)
        fresh = fresh_snapshot_of(room.code)
        assert built.version == fresh.version
        for key in ("reactions", "log", "event", "chat", "members"):
            assert built.shared[key] == fresh.shared[key], key
        for viewer in (ada, bob, cy):
            assert view_of(built, viewer.pk)["reactions"] == fresh.shared["reactions"]

    check()
    for turn, player in enumerate((ada, bob) * 3):
        services.game_roll(player=player, code=room.code)
        check()
        services.reaction_send(
            player=(ada, bob, cy)[turn % 3], code=room.code, emoji=list(EMOJI)[turn]
        )
        check()
        if turn == 2:
            services.room_mute(player=ada, code=room.code, target=cy.pk, muted=True)
            check()
        if turn == 4:
            services.room_mute(player=ada, code=room.code, target=cy.pk, muted=False)
            check()
        state = view_of(snapshot_of(room.code), player.pk)
        option = placements(state["game"])[0]
        services.game_place(player=player, code=room.code, box=option["box"])
        check()
