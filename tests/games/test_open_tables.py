"""Public tables (docs/open-tables.md): the table policy chosen from the room's field and
what it refuses, opening and closing a table, the list with its filters (blocked people's
tables hidden, full ones gone), "Play now"'s order, bots who give their seats to people,
and the moderators' limits."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from accounts.models import Player
from common.errors import ServiceError
from friends.services.blocks import block_add
from games import services
from lobby.selectors.tables import Filters, table_list
from lobby.services.limits import limits_set
from lobby.services.tables import play_now, table_open, table_publish
from play.modes import mode_of
from rooms.models import Membership, Room
from tests.support.clients import client_of
from tests.support.fixture_types import MakeAccount, MakeRoom


def _codes(viewer: Player | None, **filters: object) -> list[str]:
    listed, _ = table_list(viewer, Filters(**filters))  # type: ignore[arg-type]
    return [row.table.code for row in listed]


def test_the_table_policy_follows_the_rooms_field(
    account: MakeAccount, make_room: MakeRoom
) -> None:
    ada = account("Ada")
    room = make_room(ada)
    assert mode_of(room).table.name == "open"
    table_publish(player=ada, code=room.code, public=True)
    room.refresh_from_db()
    assert room.public and mode_of(room).table.name == "public"
    with pytest.raises(ServiceError) as again:
        table_publish(player=ada, code=room.code, public=True)
    assert again.value.code == "already_public"
    table_publish(player=ada, code=room.code, public=False)
    room.refresh_from_db()
    assert mode_of(room).table.name == "open"


def test_only_the_host_of_a_waiting_table_opens_it(
    account: MakeAccount, make_room: MakeRoom
) -> None:
    ada, bob = account("Ada"), account("Bob")
    room = make_room(ada, joined=[bob])
    with pytest.raises(ServiceError) as not_host:
        table_publish(player=bob, code=room.code, public=True)
    assert not_host.value.code == "not_host"
    services.room_start(player=ada, code=room.code)
    with pytest.raises(ServiceError) as started:
        table_publish(player=ada, code=room.code, public=True)
    assert started.value.code == "not_waiting"
    room.refresh_from_db()
    assert not room.public


def test_a_daily_table_is_never_public() -> None:
    from play.modes import mode_for

    daily = mode_for(pace="live", together=False, seeded=True, daily=True, rated=False, public=True)
    assert daily.table.name == "daily"
    refusal = daily.table.publish_refusal(public=True)
    assert refusal is not None and refusal.code == "daily_table"


def test_the_list_filters_and_drops_full_and_started_tables(account: MakeAccount) -> None:
    ada, bob, cy, dee = (account(n) for n in ("Ada", "Bob", "Cy", "Dee"))
    live = table_open(player=ada, ruleset="yahtzee", pace="live")
    day = table_open(player=bob, ruleset="yatzy", pace="day")
    assert set(_codes(None)) == {live.code, day.code}
    assert _codes(None, ruleset="yatzy") == [day.code]
    assert _codes(None, pace="live") == [live.code]
    assert _codes(None, rated=True) == []
    Player.objects.filter(pk=bob.pk).update(language="sv")
    assert _codes(None, language="sv") == [day.code]
    services.room_join(player=cy, code=day.code)  # two seats by the day: now full
    assert _codes(dee) == [live.code]
    services.room_start(player=ada, code=live.code)  # started: gone too
    assert _codes(dee) == []


def test_blocked_peoples_tables_are_hidden_both_ways(account: MakeAccount) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    room = table_open(player=ada, ruleset="yahtzee", pace="live")
    block_add(player=bob, other=ada)  # Bob blocked Ada: neither sees the other's table
    assert _codes(bob) == [] and _codes(cy) == [room.code]
    mine = table_open(player=bob, ruleset="yahtzee", pace="live")
    assert _codes(ada) == [room.code]
    assert mine.code not in _codes(ada)
    seated = play_now(player=bob, ruleset="yahtzee", pace="live")
    assert seated.code == mine.code  # never with Ada


def test_the_list_page_shows_the_hosts_rating_and_answers_its_part(
    account: MakeAccount,
) -> None:
    ada = account("Ada")
    room = table_open(player=ada, ruleset="yahtzee", pace="live")
    page = client_of(None).get("/tables/")
    assert page.status_code == 200
    text = page.content.decode()
    assert room.code in text and "Host Ada, 1000" in text
    part = client_of(None).get("/tables/?part=list").json()
    assert [row["code"] for row in part["rows"]] == [room.code]
    assert part["rows"][0]["host"] == "Host Ada, 1000" and part["rows"][0]["provisional"]
    assert part["count"] == "1 table waiting"
    other = client_of(None).get("/tables/?part=list&variant=yatzy", HTTP_ACCEPT_LANGUAGE="fr")
    assert other.json()["rows"] == [] and other.json()["count"] == "0 table en attente"


def test_play_now_joins_the_fullest_then_the_oldest(account: MakeAccount) -> None:
    ada, bob, cy, dee, eve = (account(n) for n in ("Ada", "Bob", "Cy", "Dee", "Eve"))
    old = table_open(player=ada, ruleset="yahtzee", pace="live")
    newer = table_open(player=bob, ruleset="yahtzee", pace="live")
    table_open(player=cy, ruleset="yatzy", pace="live")  # another variant: never chosen
    first = play_now(player=dee, ruleset="yahtzee", pace="live")
    assert (first.code, first.opened) == (old.code, False)  # equal: the oldest
    services.room_leave(player=dee, code=old.code)
    services.room_join(player=dee, code=newer.code)
    second = play_now(player=eve, ruleset="yahtzee", pace="live")
    assert second.code == newer.code  # two people waiting beat one


def test_play_now_opens_a_public_table_when_none_waits(account: MakeAccount) -> None:
    ada = account("Ada")
    seated = play_now(player=ada, ruleset="yams", pace="day")
    room = Room.objects.get(code=seated.code)
    assert seated.opened and room.public and room.pace == "day" and room.host == ada


def test_bots_keep_seats_for_people_who_come_before_the_start(account: MakeAccount) -> None:
    ada, bob = account("Ada"), account("Bob")
    room = table_open(player=ada, ruleset="yahtzee", pace="live")
    services.room_fill_with_bots(player=ada, code=room.code)
    seated = Membership.objects.filter(room=room, state="active", seat__isnull=False)
    assert seated.filter(player__bot_level="").count() == 1 and seated.count() == 4
    assert _codes(bob) == [room.code]  # bots' seats are free for people
    services.room_join(player=bob, code=room.code)
    bob_seat = Membership.objects.get(room=room, player=bob).seat
    assert bob_seat is not None
    assert seated.filter(player__bot_level="").count() == 2 and seated.count() == 4
    services.room_start(player=ada, code=room.code)
    assert seated.count() == 4


def test_a_private_table_fills_no_bots_this_way(account: MakeAccount, make_room: MakeRoom) -> None:
    ada = account("Ada")
    room = make_room(ada)
    with pytest.raises(ServiceError) as refused:
        services.room_fill_with_bots(player=ada, code=room.code)
    assert refused.value.code == "not_public"


def test_guests_and_new_accounts_are_limited_as_moderators_set(account: MakeAccount) -> None:
    guest = account("Gus", signed=False)
    with pytest.raises(ServiceError) as refused:
        table_open(player=guest, ruleset="yahtzee", pace="live")
    assert refused.value.code == "table_limit" and "make an account" in refused.value.message
    assert not Room.objects.filter(host=guest).exists()
    newbie = account("Nia")
    User.objects.filter(player=newbie).update(date_joined=timezone.now())
    table_open(player=newbie, ruleset="yahtzee", pace="live")
    with pytest.raises(ServiceError) as second:
        table_open(player=newbie, ruleset="yatzy", pace="live")
    assert second.value.code == "table_limit"
    limits_set(guests_may_open=True, new_account_days=0, new_account_tables=1, tables_at_once=2)
    table_open(player=newbie, ruleset="yatzy", pace="live")  # no longer new: two allowed
    table_open(player=guest, ruleset="yahtzee", pace="live")
    with pytest.raises(ServiceError):
        limits_set(
            guests_may_open=True, new_account_days=-1, new_account_tables=1, tables_at_once=2
        )


def test_play_now_through_the_page_takes_a_guest_to_a_table(account: MakeAccount) -> None:
    ada = account("Ada")
    room = table_open(player=ada, ruleset="yahtzee", pace="live")
    answer = client_of(None).post(
        "/tables/play-now/", {"name": "Stranger", "variant": "yahtzee", "pace": "live"}
    )
    assert answer.status_code == 302 and answer["Location"].endswith(f"/r/{room.code}/")
    bad = client_of(None).post(
        "/tables/play-now/", {"name": "X", "variant": "chess", "pace": "live"}
    )
    assert bad.status_code == 302 and not Player.objects.filter(name="X").exists()
    assert timedelta(0) <= timezone.now() - room.created_at


def test_moderators_set_the_limits_in_the_admin_with_a_reason(admin_client: Client) -> None:
    from moderation.models import ModerationAction

    # The one row, made by the migration (made again if a flush of another test took it).
    limits = limits_set(
        guests_may_open=False, new_account_days=3, new_account_tables=1, tables_at_once=5
    )
    url = "/admin/lobby/tablelimits/"
    body = {
        "action": "set_limits",
        "_selected_action": [str(limits.pk)],
        "post": "yes",
        "reason": "a wave of spam tables",
        "new_account_days": "7",
        "new_account_tables": "0",
        "tables_at_once": "3",
    }
    assert admin_client.post(url, body).status_code == 302
    limits.refresh_from_db()
    assert (limits.guests_may_open, limits.new_account_days, limits.new_account_tables) == (
        False,
        7,
        0,
    )
    record = ModerationAction.objects.get(action="table_limits")
    assert record.reason == "a wave of spam tables" and record.details["tables_at_once"] == 3
    refused = admin_client.post(url, {**body, "tables_at_once": "999"})
    assert refused.status_code == 200  # the form again, with its error
    limits.refresh_from_db()
    assert limits.tables_at_once == 3


def test_the_home_pages_form_opens_a_room_to_anyone_under_the_limits(
    account: MakeAccount,
) -> None:
    form = {"name": "Gus", "ruleset": "yatzy", "seats": "2", "public": "on"}
    refused = client_of(None).post("/rooms/new/", form)
    assert refused.status_code == 400 and "make an account" in refused.content.decode()
    assert not Room.objects.exists() and not Player.objects.filter(name="Gus").exists()
    ada = account("Ada")
    opened = client_of(ada).post("/rooms/new/", {**form, "name": "Ada"})
    assert opened.status_code == 302
    room = Room.objects.get(host=ada)
    assert room.public and mode_of(room).table.name == "public"
