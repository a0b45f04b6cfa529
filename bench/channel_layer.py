"""CPU of the channel layer's part of a move: one ``group_send`` to a room's sockets and
each socket's ``receive``, with every room's sockets connected, for channels'
``InMemoryChannelLayer`` and the site's ``ProcessChannelLayer`` (common/channel_layer.py).

    .venv/bin/python bench/channel_layer.py --rooms 50 250

Each socket is in its room's group and its player's group, as the site's are.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from channels.layers import InMemoryChannelLayer

from common.channel_layer import ProcessChannelLayer


async def cpu_per_move(layer: Any, rooms: int, players: int, moves: int) -> float:
    """Microseconds of this thread's CPU per move: a ``group_send`` to one room and its
    sockets' ``receive`` calls, the rooms taking turns."""
    sockets = [[await layer.new_channel() for _ in range(players)] for _ in range(rooms)]
    for room, channels in enumerate(sockets):
        for channel in channels:
            await layer.group_add(f"room.{room}", channel)
            await layer.group_add(f"player.{channel.rsplit('!', 1)[-1]}", channel)
    began = time.process_time()
    for move in range(moves):
        room = move % rooms
        await layer.group_send(f"room.{room}", {"type": "room.changed", "version": move})
        for channel in sockets[room]:
            await layer.receive(channel)
    return (time.process_time() - began) / moves * 1e6


async def main_async(args: argparse.Namespace) -> None:
    for rooms in args.rooms:
        for layer in (InMemoryChannelLayer, ProcessChannelLayer):
            us = await cpu_per_move(layer(), rooms, args.players, args.moves)
            print(f"{rooms:4d} rooms of {args.players}  {layer.__name__:22s} {us:8.1f} us per move")


def main() -> None:
    """Measure and print one line per room count and layer."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[50, 250])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--moves", type=int, default=2000)
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
