"""The in-process channel layer: channels' in-memory layer, cheaper per message."""

from __future__ import annotations

import asyncio

import pytest

from games.realtime import layers
from games.realtime.layers import LocalChannelLayer


@pytest.mark.asyncio
async def test_a_group_message_reaches_every_member_and_no_one_else() -> None:
    layer = LocalChannelLayer()
    members = [await layer.new_channel() for _ in range(3)]
    outsider = await layer.new_channel()
    for channel in members:
        await layer.group_add("room.abc", channel)
    await layer.group_add("room.other", outsider)
    await layer.group_send("room.abc", {"type": "room.changed", "version": 7})
    for channel in members:
        assert await asyncio.wait_for(layer.receive(channel), 1) == {
            "type": "room.changed", "version": 7}
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(layer.receive(outsider), 0.05)


@pytest.mark.asyncio
async def test_a_full_channel_is_skipped_and_the_others_still_get_the_message() -> None:
    layer = LocalChannelLayer(capacity=1)
    full, free = await layer.new_channel(), await layer.new_channel()
    for channel in (full, free):
        await layer.group_add("room.abc", channel)
    await layer.send(full, {"type": "first"})
    await layer.group_send("room.abc", {"type": "second"})
    assert await layer.receive(full) == {"type": "first"}
    assert await layer.receive(free) == {"type": "second"}


@pytest.mark.asyncio
async def test_expired_messages_are_dropped_and_their_channel_leaves_its_groups(
        monkeypatch: pytest.MonkeyPatch) -> None:
    layer = LocalChannelLayer(expiry=0)
    stale, listener = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("room.abc", stale)
    await layer.send(stale, {"type": "old"})
    await asyncio.sleep(0.01)
    monkeypatch.setattr(layers, "CLEAN_EVERY", 0.0)
    reading = asyncio.create_task(layer.receive(listener))  # a receive runs the clean-up
    await asyncio.sleep(0.01)
    assert stale not in layer.channels
    assert stale not in layer.groups.get("room.abc", {})
    reading.cancel()


@pytest.mark.asyncio
async def test_the_expiry_walk_runs_at_most_once_a_second(
        monkeypatch: pytest.MonkeyPatch) -> None:
    layer = LocalChannelLayer()
    walks = []
    monkeypatch.setattr("channels.layers.InMemoryChannelLayer._clean_expired",
                        lambda self: walks.append(1))
    channel = await layer.new_channel()
    for _ in range(50):
        await layer.send(channel, {"type": "x"})
        await layer.receive(channel)
        await layer.group_send("room.abc", {"type": "x"})
    assert len(walks) == 1
