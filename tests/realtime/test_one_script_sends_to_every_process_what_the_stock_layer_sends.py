"""The project's layer sends a hand-over of group messages in one Redis script
(raumschach_site/redis_layer.py, GROUP_SEND_MANY_LUA): the script itself splits each group's
members by server process and composes the message each process's reader gets. What every
channel receives - on this process, on another one, or a plain channel - must be what
channels_redis' own group_send delivers, in the same order; a full process loses its message
alone; and a layer the script cannot serve (capacities per channel) still delivers."""
import asyncio

import pytest
from channels_redis.core import RedisChannelLayer

from raumschach_site.redis_layer import PipelinedRedisChannelLayer
from tests.realtime.sockets import redis_layer

pytestmark = pytest.mark.redis


def _config(**extra) -> dict:
    return {**redis_layer()["default"]["CONFIG"], **extra}


async def _drain(layer, channel) -> list:
    received = []
    while True:
        try:
            message = await asyncio.wait_for(layer.receive(channel), 0.5)
        except TimeoutError:
            return received
        received.append(message)


async def _play(make_layer, send) -> list:
    """Two server processes (two layers, one prefix), three groups: one process's sockets
    only, both processes', and a plain channel beside a process's socket."""
    config = _config()
    here, there = make_layer(config), make_layer(config)
    mine = [await here.new_channel() for _ in range(2)]
    theirs = [await there.new_channel() for _ in range(2)]
    plain = "plain-channel"
    for channel in mine:
        await here.group_add("game-1", channel)
    for channel in mine[:1] + theirs:
        await here.group_add("game-2", channel)
    await here.group_add("user-3", plain)
    await here.group_add("user-3", theirs[1])
    await send(here, [
        ("game-1", {"type": "game.event", "n": 1, "data": {"ply": 1, "fen": "x", "l": [1, 2]}}),
        ("game-2", {"type": "game.event", "n": 2, "data": None}),
        ("user-3", {"type": "user.notification", "n": 3, "text": "é ✓"}),
        ("nobody", {"type": "game.event", "n": 4}),
    ])
    for n in range(5, 25):
        await send(here, [("game-2", {"type": "game.event", "n": n})])
    received = [await _drain(here, channel) for channel in mine]
    received += [await _drain(there, channel) for channel in theirs]
    received.append([await here.receive(plain) for _ in range(1)])
    await here.flush()
    return received


async def _group_send_each(layer, sends) -> None:
    for group, message in sends:
        await layer.group_send(group, message)


async def test_every_process_and_channel_gets_what_the_stock_layer_delivers():
    ours = await _play(lambda config: PipelinedRedisChannelLayer(**config),
                       lambda layer, sends: layer.group_send_many(sends))
    stock = await _play(lambda config: RedisChannelLayer(**config), _group_send_each)
    assert ours == stock
    later = [{"type": "game.event", "n": n} for n in range(5, 25)]
    assert [m["n"] for m in ours[0]] == [1, 2] + list(range(5, 25))  # both groups, in order
    assert ours[1] == [ours[0][0]]
    assert ours[2] == [{"type": "game.event", "n": 2, "data": None}] + later  # other process
    assert ours[3][1]["text"] == "é ✓" and ours[3][:1] + ours[3][2:] == ours[2]
    assert ours[4] == [ours[3][1]]  # the plain channel


async def test_a_full_process_loses_its_message_and_no_other_process_does():
    config = _config(capacity=2)
    here, there = PipelinedRedisChannelLayer(**config), PipelinedRedisChannelLayer(**config)
    mine, theirs = await here.new_channel(), await there.new_channel()
    await here.group_add("game-9", mine)
    await here.group_add("game-9", theirs)
    await here.group_add("game-10", theirs)  # `there` reads nothing meanwhile: it fills up
    for n in range(3):
        await here.group_send_many([("game-10", {"type": "game.event", "n": n})])
    await here.group_send_many([("game-9", {"type": "game.event", "n": 9})])
    assert [m["n"] for m in await _drain(here, mine)] == [9]
    assert [m["n"] for m in await _drain(there, theirs)] == [0, 1]
    await here.flush()


async def test_a_layer_with_capacities_per_channel_still_delivers_in_two_round_trips():
    layer = PipelinedRedisChannelLayer(**_config(channel_capacity={"specific.*": 50}))
    assert not layer._one_script_fits()
    channel = await layer.new_channel()
    await layer.group_add("game-5", channel)
    await layer.group_send_many([("game-5", {"type": "game.event", "n": n}) for n in range(3)])
    assert [m["n"] for m in await _drain(layer, channel)] == [0, 1, 2]
    await layer.flush()
