"""The classic hostile frames, each with the exact answer it must get (the oracle
``judge`` must agree)."""

from __future__ import annotations

import json
import uuid
from typing import Any

from tests.support.fuzz.arena import Arena
from tests.support.fuzz.frames import deep_roll, nested
from tests.support.fuzz.oracle import FIELDS, Frame, judge, takes


def exactly(
    room: str, payload: str | bytes | tuple[str, ...], answer: str, *, text: bool | None = None
) -> tuple[str, Frame]:
    """A frame for ``room`` that must get exactly ``answer`` (an error code, "pong",
    "state" or "close"); the oracle ``judge`` must agree."""
    frame = judge(payload, text=text, codes=frozenset({answer}))
    assert (frame.codes if frame.expect == "error" else {frame.expect}) == {answer}, frame
    return room, frame


def ask(kind: str, **fields: Any) -> str:
    """A message of ``kind`` with a fresh id."""
    return json.dumps({"type": kind, "id": uuid.uuid4().hex[:12], **fields})


# A value of the right type for each field (the message may still be refused).
RIGHT = {
    "hold": [],
    "box": "chance",
    "column": "main",
    "text": "hi",
    "ruleset": "yahtzee",
    "options": {},
    "seats": 2,
    "turn_seconds": 60,
    "coach": True,
    "level": "expert",
    "seat": 1,
    "player": 1,
    "emoji": "\U0001f44d",
    "muted": True,
    "message": 1,
    "reason": "abuse",
}
SAMPLES = (None, True, 0, 1.5, "1", [1], {"a": 1}, [None] * 6)


def wrong_types() -> list[tuple[str, Frame]]:
    """Every field of every message type, in turn, with every JSON type it refuses (the
    other fields right): ``bad_field``, in room A."""
    cases = []
    for kind, fields in FIELDS.items():
        for name, how, optional in fields:
            for value in (v for v in SAMPLES if not takes(how, optional, v)):
                msg = {field: RIGHT[field] for field, _how, _optional in fields}
                cases.append(exactly("A", ask(kind, **{**msg, name: value}), "bad_field"))
    return cases


def handpicked(arena: Arena) -> list[tuple[str, Frame]]:
    """The classics, each with its exact answer."""
    vera, mal, victims = arena.players["vera"], arena.players["mal"], arena.codes["V"]
    return [
        *malformed(),
        *not_theirs(vera, victims),
        *out_of_bounds(vera, mal, victims),
        *wrong_types(),
    ]


def malformed() -> list[tuple[str, Frame]]:
    """Frames too big, too deep, not text, not JSON or not an object; NaN, Infinity,
    repeated keys, unstorable text, bad ids and numbers beyond 64 bits (in room A)."""
    ping = '{"type": "ping", "id": "p"}'
    return [
        # too big, too deep, not text, not JSON, not an object
        exactly("A", nested(100_000), "too_large"),
        exactly("A", nested(1500), "bad_json"),
        exactly("A", deep_roll(100), "bad_json"),
        exactly("A", "x" * 1_500_000, "close"),
        exactly("A", b"[" * 1_500_000, "close"),
        exactly("A", b"\xff\xfe\xfd", "close", text=True),
        exactly("A", ping.encode(), "bad_json"),
        exactly("A", "\ufeff" + ping, "bad_json"),
        *(exactly("A", junk, "bad_json") for junk in ("", " ", "null", "[]", "1", '"ping"')),
        exactly("A", ('{"type": "pi', 'ng", "id": "fragments"}'), "pong"),
        exactly("A", ask("sync"), "state"),
        # NaN, Infinity, repeated keys, unstorable text, ids, numbers beyond 64 bits
        exactly("A", '{"type": "ping", "id": "nan", "x": NaN}', "pong"),
        exactly("A", '{"type": "roll", "id": "nan-hold", "hold": [NaN]}', "bad_field"),
        exactly("A", '{"type": "kick", "id": "inf", "player": Infinity}', "bad_field"),
        exactly(
            "A",
            '{"type": "configure", "id": "-inf", "ruleset": "yahtzee", '
            '"options": {}, "seats": -Infinity}',
            "bad_field",
        ),
        exactly("A", '{"type": "leave", "id": "twice", "type": "ping"}', "pong"),
        exactly("A", '{"id": "twice-id", "type": "ping", "id": ""}', "bad_request_id"),
        exactly("A", '{"type": "chat", "id": "lone", "text": "\\ud800"}', "bad_json"),
        exactly("A", '{"type": "chat", "id": "nul", "text": "hi\\u0000"}', "bad_json"),
        exactly("A", '{"type": "ping", "id": "\\ud800"}', "bad_request_id"),
        exactly("A", '{"type": "ping", "id": "nul\\u0000"}', "bad_request_id"),
        exactly("A", json.dumps({"type": "ping", "id": "i" * 65}), "bad_request_id"),
        exactly("A", '{"type": "\\u0440oll", "id": "cyrillic"}', "bad_type"),
        exactly("A", ask("kick", player=10**30), "bad_field"),
        exactly("A", ask("hand_to_bot", seat=10**30), "bad_field"),
        exactly("A", ask("remove_bot", seat=-(10**30)), "bad_field"),
    ]


def not_theirs(vera: int, victims: str) -> list[tuple[str, Frame]]:
    """In room A: another player's turn, another host's room, other rooms' codes and
    players (``vera``, of room ``victims``)."""
    return [
        # another player's turn, another host's room, other rooms' codes and players
        exactly("A", ask("roll", hold=[], code=victims), "not_your_turn"),
        exactly("A", ask("place", box="chance", room=victims), "not_your_turn"),
        exactly("A", ask("announce", box="chance"), "not_your_turn"),
        exactly("A", ask("hint"), "not_your_turn"),
        exactly("A", ask("kick", player=vera, code=victims), "not_host"),
        exactly("A", ask("mute", player=vera, muted=True, code=victims), "not_host"),
        # a player of that game, but its host is here: only the host may hand seats at once
        exactly("A", ask("hand_to_bot", seat=0, room=victims), "not_away"),
        exactly("A", ask("skip", code=victims), "not_host"),
        exactly("A", ask("start"), "not_host"),
        exactly("A", ask("configure", ruleset="yahtzee", options={}, seats=2), "not_host"),
        exactly("A", ask("take_seat"), "already_seated"),
    ]


def out_of_bounds(vera: int, mal: int, victims: str) -> list[tuple[str, Frame]]:
    """In room S, on Mal's own turn: impossible boxes, columns and holds, host powers
    mid-game, other rooms' players (``vera``, of room ``victims``)."""
    return [
        # Mal's own turn: impossible boxes, columns and holds; host powers mid-game
        exactly("S", ask("kick", player=vera, code=victims), "not_in_room"),
        exactly("S", ask("kick", player=mal), "cannot_kick"),
        exactly("S", ask("mute", player=vera, muted=True, code=victims), "not_in_room"),
        exactly("S", ask("mute", player=mal, muted=True), "cannot_mute"),
        exactly("S", ask("mute", player=mal, muted="yes"), "bad_field"),
        *(
            exactly("S", ask("react", emoji=emoji), "bad_reaction")
            for emoji in ("\U0001f44d\U0001f3fd", "\U0001f44d\ufe0f", ":+1:", "", "\U0001f3b2")
        ),
        exactly("S", ask("react", emoji=1), "bad_field"),
        exactly("S", ask("hand_to_bot", seat=1, room=victims), "unknown_seat"),
        exactly("S", ask("remove_bot", seat=0), "game_in_progress"),
        exactly("S", ask("add_bot", level="expert"), "game_in_progress"),
        exactly("S", ask("configure", ruleset="yahtzee", options={}, seats=1), "game_in_progress"),
        exactly("S", ask("start"), "game_in_progress"),
        exactly("S", ask("rematch"), "game_in_progress"),
        exactly("S", ask("skip"), "cannot_skip"),
        exactly("S", ask("place", box="sevens"), "unknown_box"),
        exactly("S", ask("place", box="chance", column="down"), "unknown_column"),
        exactly("S", ask("place", box=None), "bad_field"),
        exactly("S", ask("place", box="chance", column=7), "bad_field"),
        exactly("S", ask("announce", box="chance"), "no_announcements"),
        *(
            exactly("S", ask("roll", hold=hold), "bad_hold")
            for hold in ([5], [-1], [0, 0], [0, 1, 2, 3, 4], [2**64])
        ),
        *(
            exactly("S", ask("roll", hold=hold), "bad_field")
            for hold in ([0, 1, 2, 3, 4, 0], "01", [True], None, {"0": 1})
        ),
        exactly("S", ask("chat", text=" \x07 "), "bad_text"),
        exactly("S", ask("chat", text="x" * 501), "bad_text"),
        exactly("S", ask("frobnicate"), "bad_type"),
    ]
