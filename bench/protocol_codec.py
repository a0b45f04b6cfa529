"""What reading a request and writing the state cost, four ways (docs/decisions/0064).

    .venv/bin/python bench/protocol_codec.py [--repeat 20000]

Requests: each request type's JSON text read and checked as the consumer must (its
type, its fields' JSON types, integers within 64 bits): ``hand`` (``json.loads`` and
``isinstance`` checks, as games/realtime/requests.py did), ``msgspec`` (``json.loads``,
then ``msgspec.convert`` into ``common.protocol.requests``' structs: what the consumer
does), ``msgspec_text`` (``msgspec.json.decode`` of the text straight into them),
``dataclass`` (``json.loads``, dataclasses filled after hand checks) and ``pydantic``
(v2 models, ``validate_json``; only where pydantic is importable). Writing: a full room
state (4 seats of Triple Yahtzee, a game under way), a typical patch and an event, with
``json.dumps`` (today) and ``msgspec.json.encode``; pydantic's ``dump_json`` needs its
models filled first, which is counted. Prints microseconds per message and one JSON line.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yahtzee_site.settings")

REQUESTS: dict[str, dict[str, Any]] = {
    "roll": {"hold": [0, 2]},
    "place": {"box": "full_house", "column": "x2"},
    "chat": {"text": "nice roll"},
    "configure": {"ruleset": "yahtzee", "options": {"joker": "free"}, "seats": 4,
                  "turn_seconds": 60, "coach": True, "pace": "live"},
    "mute": {"player": 7, "muted": True},
    "report": {"player": 7, "reason": "spam", "text": "buy dice"},
    "ping": {},
}  # fmt: skip
# Each field: (name, JSON type, optional), in the order the consumer checks them.
FIELDS: dict[str, tuple[tuple[str, type, bool], ...]] = {
    "roll": (("hold", list, False),),
    "place": (("box", str, False), ("column", str, True)),
    "chat": (("text", str, False),),
    "configure": (("ruleset", str, False), ("options", dict, False), ("seats", int, False),
                  ("turn_seconds", int, True), ("coach", bool, True), ("pace", str, True),
                  ("holidays", bool, True), ("together", bool, True), ("duplicate", bool, True)),
    "mute": (("player", int, False), ("muted", bool, False)),
    "report": (("player", int, True), ("message", int, True), ("reason", str, False),
               ("text", str, True)),
    "ping": (),
}  # fmt: skip
MAX_INT = 2**63 - 1


def hand_checked(msg: dict[str, Any]) -> dict[str, Any]:
    """Today's checks: each field's JSON type (``True`` is no number), 64-bit integers."""
    for name, kind, optional in FIELDS[msg["type"]]:
        value = msg.get(name)
        if value is None and optional:
            continue
        if isinstance(value, bool) and kind is not bool:
            raise ValueError(name)
        if not isinstance(value, kind):
            raise ValueError(name)
        if isinstance(value, int) and not -MAX_INT <= value <= MAX_INT:
            raise ValueError(name)
        if isinstance(value, list) and (len(value) > 5 or any(type(p) is not int for p in value)):
            raise ValueError(name)
    return msg


def dataclass_reader() -> Callable[[str], Any]:
    """Dataclasses per type, filled after the hand checks."""
    made = {
        kind: dataclasses.make_dataclass(
            kind.title(),
            [("id", str)] + [(n, Any, dataclasses.field(default=None)) for n, _k, _o in f],
        )
        for kind, f in FIELDS.items()
    }

    def read(text: str) -> Any:
        msg = hand_checked(json.loads(text))
        names = [n for n, _k, _o in FIELDS[msg["type"]]]
        return made[msg["type"]](id=msg["id"], **{n: msg.get(n) for n in names})

    return read


def pydantic_reader() -> Callable[[str], Any] | None:
    """Pydantic v2 models, strict (no ``"1"`` for 1), a union told apart by ``type``."""
    try:
        pydantic: Any = importlib.import_module("pydantic")
    except ImportError:
        return None
    from typing import Annotated, Literal, Union

    strict = pydantic.ConfigDict(strict=True, extra="ignore")
    big = Annotated[int, pydantic.Field(ge=-MAX_INT, le=MAX_INT)]
    types: dict[type, Any] = {str: str, int: big, bool: bool, list: list[int], dict: dict[str, Any]}
    models = [
        pydantic.create_model(
            kind.title(),
            __config__=strict,
            type=(Literal[kind], ...),
            id=(str, ...),
            **{n: (types[k] | None if o else types[k], None if o else ...) for n, k, o in f},
        )
        for kind, f in FIELDS.items()
    ]
    union: Any = Annotated[Union[tuple(models)], pydantic.Field(discriminator="type")]  # noqa: UP007
    read: Callable[[str], Any] = pydantic.TypeAdapter(union).validate_json
    return read


def per_call(call: Callable[[Any], Any], value: Any, repeat: int) -> float:
    """Microseconds per call of ``call(value)``, best of three runs of ``repeat``."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            call(value)
        best = min(best, time.perf_counter() - start)
    return round(best / repeat * 1e6, 2)


def readers() -> dict[str, Callable[[str], Any] | None]:
    """Each way of reading a request's text, by name (``None``: not installed)."""
    from functools import reduce
    from operator import or_

    import msgspec

    from common.protocol.requests import REQUESTS as KINDS
    from common.protocol.requests import request_decode

    typed = msgspec.json.Decoder(reduce(or_, KINDS))
    return {
        "hand": lambda text: hand_checked(json.loads(text)),
        "msgspec": lambda text: request_decode(json.loads(text)),
        "msgspec_text": typed.decode,
        "dataclass": dataclass_reader(),
        "pydantic": pydantic_reader(),
    }


def state_samples() -> dict[str, Any]:
    """A full state, a patch and an event of a 4-seat Triple Yahtzee game, 12 moves in,
    as the consumer's path builds them (on a fresh SQLite file)."""
    from django.core.management import call_command

    from accounts.models import Player
    from bench.harness.play import move_send
    from bench.harness.room_client import next_move
    from games import services
    from games.realtime import snapshot_cache

    call_command("migrate", verbosity=0)
    people = [Player.objects.create(name=f"codec-{n}") for n in range(4)]
    code = services.room_create(player=people[0], ruleset="triple_yahtzee", seats=4).code
    for person in people[1:]:
        services.room_join(player=person, code=code)
    services.room_start(player=people[0], code=code)
    held = None
    for n in range(12):
        shared = snapshot_cache.snapshot(code)
        assert shared is not None
        sent = shared.message_for(people[1].pk, held)
        assert sent is not None
        held = sent[1]
        game = shared.shared["game"]
        assert game is not None  # the game is on
        actor = next(p for p in people if p.pk == game["player"])
        view = shared.state_for(actor.pk)
        assert view is not None and view["game"] is not None
        move = next_move(view["game"])
        move_send(actor, code, move, request_id=f"m{n}")
    shared = snapshot_cache.snapshot(code)
    assert shared is not None
    sent = shared.message_for(people[1].pk, held)
    assert sent is not None
    return {
        "state": shared.state_for(people[0].pk),
        "patch": json.loads(sent[0]),
        "event": shared.shared["event"],
    }


def writers(value: Any) -> dict[str, Callable[[Any], Any] | None]:
    import msgspec

    encoder = msgspec.json.Encoder()
    found: dict[str, Callable[[Any], Any] | None] = {
        "json": lambda v: json.dumps(v, separators=(",", ":")),
        "msgspec": encoder.encode,
    }
    try:
        pydantic: Any = importlib.import_module("pydantic")
        found["pydantic"] = pydantic.TypeAdapter(dict[str, Any]).dump_json
    except ImportError:
        found["pydantic"] = None
    return found


def main(argv: list[str] | None = None) -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=20000)
    args = parser.parse_args(argv)
    import tempfile

    import django

    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp(prefix='codec-')}/db.sqlite3"
    os.environ.update(GAMES_CLOCK_IN_PROCESS="0", DEBUG="0")
    django.setup()
    results: dict[str, dict[str, float | None]] = {}
    for name, read in readers().items():
        results[f"read {name}"] = {
            kind: None
            if read is None
            else per_call(read, json.dumps({"type": kind, "id": "r1", **f}), args.repeat)
            for kind, f in REQUESTS.items()
        }
    for what, value in state_samples().items():
        results[f"write {what}"] = {
            name: None if write is None else per_call(write, value, max(1, args.repeat // 20))
            for name, write in writers(value).items()
        }
    for row, figures in results.items():
        print(f"{row}: " + ", ".join(f"{k} {v} us" for k, v in figures.items()))
    print(json.dumps(results))


if __name__ == "__main__":
    main()
