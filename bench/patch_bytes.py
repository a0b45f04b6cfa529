"""Bytes of each viewer's ``patch`` per move, per variant, and where they go.

    .venv/bin/python bench/patch_bytes.py --games 5 [--holds] [--turn-seconds 60]

Plays complete two-player games of every variant (one seat after another) on a fresh
SQLite file through ``games.services``: two scripted players who play as
``bench/load.py``'s do (``room_client.next_move``: each roll names what it keeps), or with
``--holds`` as the room page does (the dice to keep are marked with a ``hold`` request,
then rolled). After every change it builds each viewer's message as their socket is sent
it (``games.realtime.snapshot_cache`` and ``Snapshot.message_for``, the consumer's path)
and prints, per variant, the count, median, p95 and max of the ``patch`` messages' JSON
text in bytes (UTF-8); the median by event and by viewer (``mover``: the one whose move
it was); and each part's share of the bytes: the operations by the part of the state
they touch (``game/options``, ``event``, ``log``...) and the ``envelope`` (type,
versions, ``seconds_left``, brackets and commas). Then the same for all variants
together, and one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

VARIANTS = ("yahtzee", "yatzy", "yams", "triple_yahtzee")


def part_of(path: str) -> str:
    """The part of the state an operation's path touches: its first name, and the
    second under ``/game`` (``game/options``, ``game/seats``)."""
    names = path.split("/")[1:]
    if names[:1] == ["game"] and len(names) > 1:
        return f"game/{names[1]}"
    return names[0] if names else "(document)"


def percentile(values: list[int], share: float) -> int:
    """The value that ``share`` of ``values`` do not exceed (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


@dataclass
class Tally:
    """The patches counted: their sizes, by event kind and viewer, and by part."""

    sizes: list[int] = field(default_factory=list)
    kinds: dict[str, list[int]] = field(default_factory=dict)
    parts: Counter[str] = field(default_factory=Counter)

    def count(self, text: str, kind: str) -> None:
        """Count one message (JSON ``text``) if it is a patch, under ``kind``."""
        message = json.loads(text)
        if message["type"] != "patch":
            return
        size = len(text.encode())
        self.sizes.append(size)
        self.kinds.setdefault(kind, []).append(size)
        in_ops = 0
        for op in message["ops"]:
            length = len(json.dumps(op, separators=(",", ":"), ensure_ascii=False).encode())
            self.parts[part_of(op["path"])] += length
            in_ops += length
        self.parts["envelope"] += size - in_ops

    def figures(self) -> dict[str, Any]:
        """Count, median, p95, max, the median by kind and the shares by part."""
        total = sum(self.parts.values())
        return {
            "patches": len(self.sizes),
            "median": round(statistics.median(self.sizes)),
            "p95": percentile(self.sizes, 0.95),
            "max": max(self.sizes),
            "by_kind": {
                kind: round(statistics.median(found)) for kind, found in sorted(self.kinds.items())
            },
            "shares": {
                part: round(100 * size / total, 1) for part, size in self.parts.most_common()
            },
        }


def measure(
    ruleset: str, games: int, tally: Tally, *, holds: bool = False, turn_seconds: int | None = None
) -> None:
    """Play ``games`` two-player games of ``ruleset`` and count their patches."""
    from accounts.models import Player
    from bench.harness.play import move_send
    from bench.harness.room_client import next_move
    from games import services
    from games.realtime import snapshot_cache

    people = [Player.objects.create(name=f"{ruleset[:6]}-{n}") for n in range(2)]
    players = {p.pk: p for p in people}
    code = services.room_create(
        player=people[0], ruleset=ruleset, seats=2, turn_seconds=turn_seconds
    ).code
    services.room_join(player=people[1], code=code)
    services.room_start(player=people[0], code=code)
    held: dict[int, Any] = dict.fromkeys(players)
    played = n = 0
    while played < games:
        shared = snapshot_cache.snapshot(code)
        assert shared is not None  # the room exists
        event = shared.shared["event"] or {"kind": "?", "actor_id": None}
        for pk in players:
            sent = shared.message_for(pk, held[pk])
            assert sent is not None  # a member is sent something
            text, held[pk] = sent
            viewer = "mover" if pk == event["actor_id"] else "other"
            tally.count(text, f"{event['kind']} ({viewer})")
        game = shared.shared["game"]
        assert game is not None  # the first game started
        if game["status"] != "playing":
            played += 1
            if played < games:
                services.room_rematch(player=people[0], code=code)
            continue
        assert game["player"] is not None  # one seat after another: someone's turn
        actor = players[game["player"]]
        view = shared.state_for(actor.pk)
        assert view is not None and view["game"] is not None  # a seat sees the game
        seen = view["game"]
        move = next_move(seen)
        if holds and move["type"] == "roll" and seen["dice"] and move["hold"] != seen["held"]:
            move["type"] = "hold"  # marked first, as the page does; the roll comes next
        move_send(actor, code, move, request_id=f"m{n}")
        n += 1


def main(argv: list[str] | None = None) -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5, help="games per variant")
    parser.add_argument(
        "--holds",
        action="store_true",
        help="mark the dice to keep with a hold request before each reroll",
    )
    parser.add_argument(
        "--turn-seconds",
        type=int,
        default=None,
        help="a turn clock (its seconds_left comes in every patch)",
    )
    parser.add_argument("--variants", nargs="+", choices=VARIANTS, default=list(VARIANTS))
    args = parser.parse_args(argv)
    workdir = tempfile.mkdtemp(prefix="patch-bytes-")
    os.environ.update(
        DATABASE_URL=f"sqlite:///{workdir}/db.sqlite3",
        DJANGO_SETTINGS_MODULE="yahtzee_site.settings",
        GAMES_CLOCK_IN_PROCESS="0",
        DEBUG="0",
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    results: dict[str, dict[str, Any]] = {}
    every = Tally()
    for ruleset in args.variants:
        tally = Tally()
        measure(ruleset, args.games, tally, holds=args.holds, turn_seconds=args.turn_seconds)
        every.sizes += tally.sizes
        every.parts += tally.parts
        for kind, found in tally.kinds.items():
            every.kinds.setdefault(kind, []).extend(found)
        results[ruleset] = tally.figures()
    results["all"] = every.figures()
    for name, figures in results.items():
        print(
            f"{name}: {figures['patches']} patches, median {figures['median']} B, "
            f"p95 {figures['p95']} B, max {figures['max']} B"
        )
        print(
            "  median by event: "
            + ", ".join(f"{kind} {size}" for kind, size in figures["by_kind"].items())
        )
        print(
            "  shares: "
            + ", ".join(
                f"{part} {share} %" for part, share in figures["shares"].items() if share >= 0.5
            )
        )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
