"""The state each viewer is sent: one shared snapshot per room version, the viewer's own
parts added per viewer."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Player
from bench.harness.room_client import placements
from games import services
from games.realtime import snapshot_cache
from games.selectors import room_state
from play.models import Game
from rooms.models import ChatMessage, Membership
from rooms.selectors import snapshots
from tests.support.fixture_types import MakePlayer, MakeRoom, ScriptDice
from tests.support.views import (
    fresh_snapshot_of,
    game_of,
    snapshot_of,
    state_seen,
    text_of,
    view_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(
    ada: Player, bob: Player, cy: Player, script_dice: ScriptDice, make_room: MakeRoom
) -> str:
    """A Yahtzee room with Ada, Bob and Cy; Ada has rolled once."""
    room = make_room(ada, "yahtzee", seats=3, joined=[bob, cy], start=True)
    script_dice([6, 6, 6, 2, 3, 4, 5])
    services.game_roll(player=ada, code=room.code)
    return room.code


def test_viewers_of_one_version_share_one_build_and_get_their_own_parts(
    table: str, ada: Player, bob: Player, cy: Player
) -> None:
    built = snapshot_of(table)
    with CaptureQueriesContext(connection) as queries:
        shared = snapshot_of(table, built.version)
        first, second, third = (view_of(shared, p.pk) for p in (ada, bob, cy))
    assert shared is built and len(queries) == 0  # nothing rebuilt
    assert first["version"] == second["version"] == third["version"]
    assert [s["you"]["name"] for s in (first, second, third)] == ["Ada", "Bob", "Cy"]
    assert [s["you"]["host"] for s in (first, second, third)] == [True, False, False]
    # Only the player whose turn it is sees what each box would score.
    assert {o["box"] for o in placements(first["game"])} >= {"sixes", "three_of_a_kind"}
    assert second["game"]["options"] == third["game"]["options"] == {}
    assert "deadline" not in first["game"] and "player" not in first["game"]
    assert second["game"]["dice"] == [6, 6, 6, 2, 3]
    assert first["log"] is second["log"]  # shared, not copied


def test_a_change_is_seen_at_once_and_the_shared_part_is_never_altered(
    table: str, ada: Player, bob: Player
) -> None:
    before = state_seen(table, bob)
    services.game_place(player=ada, code=table, box="sixes")
    after = state_seen(table, bob)
    assert after["version"] == before["version"] + 1
    assert after["game"]["seats"][0]["boxes"]["main"]["sixes"] == 18
    assert after["game"]["current_seat"] == 1
    assert after["game"]["options"] == {}  # Bob has not rolled yet
    # Ada's view of the old snapshot did not leak into Bob's.
    assert before["you"]["name"] == "Bob" and before["game"]["options"] == {}


def test_a_viewer_who_left_is_refused_even_with_a_snapshot_in_hand(
    table: str, ada: Player, cy: Player
) -> None:
    room_state(table, ada)
    services.room_leave(player=cy, code=table)
    assert room_state(table, cy) is None
    assert room_state("nosuchroom", ada) is None


def test_time_left_and_presence_are_worked_out_when_the_state_is_sent(
    table: str, ada: Player, bob: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Game.objects.get(room__code=table)
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() + timedelta(seconds=60))
    services.game_roll(player=ada, code=table, hold=[0, 1, 2])  # a new version
    now = state_seen(table, bob)
    assert 55 <= now["game"]["seconds_left"] <= 60
    later = timezone.now() + timedelta(seconds=30)
    monkeypatch.setattr(timezone, "now", lambda: later)
    assert 25 <= state_seen(table, bob)["game"]["seconds_left"] <= 30
    assert {m["presence"] for m in state_seen(table, bob)["members"]} == {"gone"}


def test_the_text_sent_on_a_socket_is_the_viewers_state(
    table: str, ada: Player, bob: Player, cy: Player
) -> None:
    """The socket's JSON is put together from pieces serialised once per version; it must
    say exactly what the viewer's state says, for the player on turn and the others."""
    services.chat_post(player=bob, code=table, text='say "hi" <b>')
    shared = snapshot_of(table)
    for viewer in (ada, bob, cy):
        assert json.loads(text_of(shared, viewer.pk)) == json.loads(
            json.dumps(shared.state_for(viewer.pk))
        )
    assert shared.text_for(10**9) is None and shared.state_for(10**9) is None


def test_the_members_presence_is_worked_out_when_the_state_is_sent(
    table: str, ada: Player, bob: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One version's state shows each member's presence as it is when it is sent."""
    services.presence_connect(player=ada, code=table)
    shared = snapshot_of(table)
    start = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: start)
    first = json.loads(text_of(shared, ada.pk))["members"]
    assert json.loads(text_of(shared, bob.pk))["members"] == first
    for later in (start + timedelta(seconds=2), start + timedelta(minutes=5)):
        monkeypatch.setattr(timezone, "now", lambda later=later: later)
        members = json.loads(text_of(shared, bob.pk))["members"]
        assert members == view_of(shared, bob.pk)["members"] != first
    assert [m["presence"] for m in first] == ["online", "gone", "gone"]
    assert [m["presence"] for m in members] == ["gone", "gone", "gone"]


def test_a_snapshot_is_built_once_per_version_and_not_reused_for_a_newer_one(
    table: str, ada: Player
) -> None:
    built = snapshot_of(table)
    assert snapshot_cache.cached(table, built.version) is built
    assert snapshot_cache.cached(table, built.version + 1) is None
    services.game_roll(player=ada, code=table, hold=[0, 1, 2])
    newer = snapshot_of(table, built.version + 1)
    assert newer.version == built.version + 1
    assert snapshot_cache.cached(table, built.version) is newer  # newer serves older asks too


def _tables_read(queries: CaptureQueriesContext) -> set[str]:
    return {
        name for q in queries.captured_queries for name in re.findall(r"FROM \"?(\w+)", q["sql"])
    }


def test_moves_reuse_the_members_and_chat_read_a_moment_before(
    table: str, ada: Player, bob: Player, cy: Player, script_dice: ScriptDice
) -> None:
    """A move changes neither who is in the room nor the chat: the next snapshot takes
    them from the last one while they are less than SNAPSHOT_SECONDS old (heartbeats
    change members without a version), and reads them again after that, or after any
    other kind of change."""
    script_dice([1, 1, 1, 1])
    first = snapshot_of(table)
    services.presence_ping(player=bob, code=table)  # a heartbeat: no new version
    services.game_roll(player=ada, code=table, hold=[0, 1, 2])
    with CaptureQueriesContext(connection) as moved_reads:
        moved = snapshot_of(table, first.version + 1)
    assert "games_membership" not in _tables_read(moved_reads)
    assert "games_chatmessage" not in _tables_read(moved_reads)
    assert moved.shared["members"] is first.shared["members"]
    moved.members_at -= snapshots.SNAPSHOT_SECONDS
    services.game_roll(player=ada, code=table, hold=[0, 1, 2])
    with CaptureQueriesContext(connection) as stale_reads:
        fresh = snapshot_of(table, moved.version + 1)
    assert {"games_membership", "games_chatmessage", "games_scorecard"} <= _tables_read(stale_reads)
    seen = Membership.objects.get(player=bob).seen_at
    assert next(m["seen_at"] for m in fresh.shared["members"] if m["player"] == bob.pk) == seen
    services.presence_connect(player=cy, code=table)  # a presence change: read again
    services.game_place(player=ada, code=table, box="threes")
    with CaptureQueriesContext(connection) as after_presence:
        placed = snapshot_of(table, fresh.version + 2)
    assert {"games_membership", "games_chatmessage"} <= _tables_read(after_presence)
    assert next(m["sockets"] for m in placed.shared["members"] if m["player"] == cy.pk) == 1


def test_a_roll_or_hold_reads_no_scorecard_and_no_reaction(
    table: str, ada: Player, bob: Player, script_dice: ScriptDice
) -> None:
    """Only the events since the last snapshot tell what changed: after a roll or a hold
    the next build reuses the scorecards and reactions it had; a reaction has the
    reactions read again, a placement the scorecards."""
    script_dice([1, 1, 1, 1, 1])
    first = snapshot_of(table)
    services.game_roll(player=ada, code=table, hold=[])
    services.game_hold(player=ada, code=table, hold=[0, 1])
    with CaptureQueriesContext(connection) as after_moves:
        moved = snapshot_of(table, first.version + 2)
    assert not {"games_scorecard"} & _tables_read(after_moves)
    assert not any("e.kind = 'react'" in q["sql"] for q in after_moves.captured_queries)
    assert game_of(moved)["seats"] is game_of(first)["seats"]
    services.reaction_send(player=bob, code=table, emoji="👍")
    with CaptureQueriesContext(connection) as after_reaction:
        reacted = snapshot_of(table, moved.version + 1)
    assert [r["kind"] for r in reacted.shared["reactions"]] == ["react"]
    assert any("e.kind = 'react'" in q["sql"] for q in after_reaction.captured_queries)
    services.game_place(player=ada, code=table, box="ones")
    with CaptureQueriesContext(connection) as after_place:
        placed = snapshot_of(table, reacted.version + 1)
    assert "games_scorecard" in _tables_read(after_place)
    assert game_of(placed)["seats"][0]["boxes"] == {"main": {"ones": 5}}
    assert [r["kind"] for r in placed.shared["reactions"]] == ["react"]


def test_a_name_taken_in_another_room_shows_here_once_the_reads_are_old(
    table: str, ada: Player, script_dice: ScriptDice, make_player: MakePlayer, make_room: MakeRoom
) -> None:
    """Joining a room where her name is taken makes Ada "Ada 2" everywhere, with no new
    version of this room: past SNAPSHOT_SECONDS its next snapshot reads her seat, her
    chat lines and the members again, as a build from nothing does."""
    script_dice([2, 2, 2, 2, 2, 3, 3, 3, 3, 3])
    services.chat_post(player=ada, code=table, text="hello")
    first = snapshot_of(table)
    other = make_room(make_player("Ada"), "yatzy", seats=3)
    services.room_join(player=ada, code=other.code)
    assert Player.objects.get(pk=ada.pk).name == "Ada 2"
    services.game_roll(player=ada, code=table, hold=[])
    first.members_at -= snapshots.SNAPSHOT_SECONDS
    services.game_roll(player=ada, code=table, hold=[])
    built = snapshot_of(table, first.version + 2)
    assert game_of(built)["seats"][0]["name"] == "Ada 2"
    assert [line["name"] for line in built.shared["chat"]] == ["Ada 2"]
    assert "Ada 2" in [m["name"] for m in built.shared["members"]]
    _same(built, fresh_snapshot_of(table), [ada])


def _same(built: snapshots.Snapshot, fresh: snapshots.Snapshot, viewers: Sequence[Player]) -> None:
    assert built.version == fresh.version
    assert json.loads(json.dumps(built.shared, default=str)) == json.loads(
        json.dumps(fresh.shared, default=str)
    )
    for viewer in viewers:
        assert _timeless(text_of(built, viewer.pk)) == _timeless(text_of(fresh, viewer.pk))


def _timeless(text: str) -> dict[str, Any]:
    """A viewer's state without what the moment of sending makes of it (presence and
    seconds since last seen, seconds left): the two texts compared are sent moments
    apart, perhaps on either side of a second. What those are worked out from is in the
    shared part, compared whole."""
    state: dict[str, Any] = json.loads(text)
    for member in state["members"]:
        del member["presence"], member["seen_seconds_ago"]
    if state["game"] is not None:
        del state["game"]["seconds_left"]
    return state


def test_a_snapshot_built_on_the_last_one_equals_one_read_from_scratch(
    ada: Player, bob: Player, cy: Player, staff: User, make_player: MakePlayer, make_room: MakeRoom
) -> None:
    """Each version's snapshot reads only the events newer than the process's last one and
    reuses unchanged scorecards and reactions: over whole games, holds, reactions, chat,
    a moderator's removal and a rematch, it must say exactly what a build from nothing
    says."""
    room = make_room(ada, "yahtzee", seats=3, joined=[bob, cy])
    people = [ada, bob, cy]
    dee = make_player("Dee")
    checked = 0

    def check() -> None:
        nonlocal checked
        built = snapshot_of(room.code)
        _same(built, fresh_snapshot_of(room.code), people)
        checked += 1

    check()
    for game in range(2):
        services.room_start(player=ada, code=room.code) if game == 0 else services.room_rematch(
            player=ada, code=room.code
        )
        check()
        for turn in range(13 * 3):
            _a_turn_and_what_happens_around_it(
                room.code, people, turn, first_game=game == 0, dee=dee, staff=staff, check=check
            )
    assert game_of(snapshot_of(room.code))["status"] == "finished"
    assert len(snapshot_of(room.code).shared["log"]) == snapshots.LOG_SIZE
    assert checked >= 2 * (1 + 13 * 3 * 2)


def _a_turn_and_what_happens_around_it(
    code: str,
    people: list[Player],
    turn: int,
    *,
    first_game: bool,
    dee: Player,
    staff: User,
    check: Callable[[], None],
) -> None:
    """Turn ``turn`` of a game of the three ``people``, with ``check`` after each change:
    a roll, a hold, a reaction, sockets opening and closing, a spectator (``dee``) coming
    and going in the first game, chat and a moderator's removal (by ``staff``), then the
    first box the dice offer."""
    player = people[turn % 3]
    services.game_roll(player=player, code=code)
    check()
    if turn % 4 == 2:
        services.game_hold(player=player, code=code, hold=[0, 2])
        check()
    if turn % 13 == 5:
        services.reaction_send(player=people[(turn + 1) % 3], code=code, emoji="👍")
        check()
    if turn % 5 == 1:  # sockets open and close between moves
        services.presence_connect(player=player, code=code)
        check()
    elif turn % 5 == 3:
        services.presence_disconnect(player=people[(turn - 2) % 3], code=code)
        check()
    if turn == 20 and first_game:
        services.room_join(player=dee, code=code)  # a spectator comes in
        check()
    if turn == 30 and first_game:
        services.room_leave(player=dee, code=code)
        check()
    if turn % 13 == 0:
        posted = services.chat_post(player=player, code=code, text=f"turn {turn}")
        check()
        if turn % 26 == 0:
            services.mod_remove_chat(
                moderator=staff,
                reason="test",
                message=ChatMessage.objects.get(pk=posted["event"]["data"]["id"]),
            )
            check()
    play_place = placements(view_of(snapshot_of(code), player.pk)["game"])[0]
    services.game_place(
        player=player, code=code, box=play_place["box"], column=play_place["column"]
    )
    check()
