"""The channel layer of one process (common/channel_layer.py): channels' layer
specification, its expiry rules, and housekeeping that does not grow with every message.
(The consumers' tests run on it too: it is the site's layer without Redis.)"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels.exceptions import ChannelFull

from common import channel_layer as process_layer
from common.channel_layer import ProcessChannelLayer

pytestmark = pytest.mark.asyncio


async def nothing_for(layer: ProcessChannelLayer, channel: str) -> bool:
    """Whether ``channel`` holds no message (sends are synchronous here: nothing can be
    on its way)."""
    try:
        await asyncio.wait_for(layer.receive(channel), 0.05)
    except TimeoutError:
        return True
    return False


async def test_messages_arrive_in_order_as_copies() -> None:
    layer = ProcessChannelLayer()
    channel = await layer.new_channel()
    assert channel != await layer.new_channel()
    first: dict[str, Any] = {"type": "a", "list": [1]}
    await layer.send(channel, first)
    await layer.send(channel, {"type": "b"})
    first["list"].append(2)  # the sender's later changes do not reach the receiver
    assert await layer.receive(channel) == {"type": "a", "list": [1]}
    assert await layer.receive(channel) == {"type": "b"}


async def test_a_waiting_receiver_gets_the_next_message() -> None:
    layer = ProcessChannelLayer()
    channel = await layer.new_channel()
    waiting = asyncio.create_task(layer.receive(channel))
    await asyncio.sleep(0)  # let it start waiting
    await layer.send(channel, {"type": "late"})
    assert await asyncio.wait_for(waiting, 10) == {"type": "late"}


async def test_a_cancelled_receive_loses_no_message() -> None:
    layer = ProcessChannelLayer()
    channel = await layer.new_channel()
    waiting = asyncio.create_task(layer.receive(channel))
    await asyncio.sleep(0)
    await layer.send(channel, {"type": "kept"})
    waiting.cancel()  # the message came, but the receiver went before taking it
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert await asyncio.wait_for(layer.receive(channel), 10) == {"type": "kept"}


async def test_groups_reach_their_members_and_pass_over_full_ones() -> None:
    layer = ProcessChannelLayer(capacity=2)
    ada, bob, cy = [await layer.new_channel() for _ in range(3)]
    for channel in (ada, bob, cy):
        await layer.group_add("room.ABC", channel)
    await layer.group_discard("room.ABC", cy)
    await layer.send(bob, {"type": "one"})
    await layer.send(bob, {"type": "two"})
    with pytest.raises(ChannelFull):
        await layer.send(bob, {"type": "three"})
    await layer.group_send("room.ABC", {"type": "news"})  # bob is full: passed over
    assert await layer.receive(ada) == {"type": "news"}
    assert [await layer.receive(bob), await layer.receive(bob)] == [
        {"type": "one"},
        {"type": "two"},
    ]
    assert await nothing_for(layer, bob) and await nothing_for(layer, cy)
    await layer.group_send("nobody.here", {"type": "lost"})  # an empty group is no error


async def test_a_channel_whose_message_expired_leaves_its_groups(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(process_layer, "SWEEP_SECONDS", 0.0)  # housekeeping at every call
    layer = ProcessChannelLayer(expiry=-1)  # every message has expired when it is read
    gone, here = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("room.ABC", gone)
    await layer.send(gone, {"type": "unread"})
    layer.expiry = 60
    await layer.group_add("room.ABC", here)
    await layer.group_send("room.ABC", {"type": "news"})  # the sweep drops gone's message
    assert await asyncio.wait_for(layer.receive(here), 10) == {"type": "news"}
    assert await nothing_for(layer, gone)  # neither its expired message nor the news


async def test_memberships_end_after_the_group_expiry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(process_layer, "SWEEP_SECONDS", 0.0)
    layer = ProcessChannelLayer(group_expiry=-1)
    channel = await layer.new_channel()
    await layer.group_add("room.ABC", channel)
    await layer.group_send("room.ABC", {"type": "after the expiry"})
    assert await nothing_for(layer, channel)


async def test_flush_forgets_everything() -> None:
    layer = ProcessChannelLayer()
    channel = await layer.new_channel()
    await layer.group_add("room.ABC", channel)
    await layer.send(channel, {"type": "old"})
    await layer.flush()
    await layer.group_send("room.ABC", {"type": "new"})
    assert await nothing_for(layer, channel)


async def test_bad_names_and_messages_are_refused() -> None:
    layer = ProcessChannelLayer()
    with pytest.raises(TypeError):
        await layer.send("a.b", ["not", "a", "dict"])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        await layer.send("bad name!!", {"type": "x"})
    with pytest.raises(TypeError):
        await layer.group_add("bad group!", "a.b")
