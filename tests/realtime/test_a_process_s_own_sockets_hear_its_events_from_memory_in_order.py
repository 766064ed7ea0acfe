"""The channel layer hands a group message to the sending process's own members from memory
(raumschach_site/redis_layer.py): no Redis message and no reader wake-up for them. The other
processes' members still get it through Redis, and a socket keeps the order of everything it
is sent - when another process's earlier message still waits in Redis for this process, and
when this process's reader has popped it but not yet handed it on."""
import asyncio

import pytest

from raumschach_site.redis_layer import PipelinedRedisChannelLayer
from tests.realtime.sockets import redis_layer

pytestmark = pytest.mark.redis


def _two_processes(**extra):
    config = {**redis_layer()["default"]["CONFIG"], **extra}
    return PipelinedRedisChannelLayer(**config), PipelinedRedisChannelLayer(**config)


async def _drain(layer, channel) -> list:
    received = []
    while True:
        try:
            received.append((await asyncio.wait_for(layer.receive(channel), 0.5))["n"])
        except TimeoutError:
            return received


async def _queued_for(layer, channel) -> int:
    key = layer.prefix + layer.non_local_name(channel)
    return await layer.connection(0).zcard(key)


async def test_own_members_get_it_from_memory_and_the_other_process_through_redis():
    here, there = _two_processes()
    mine, theirs = await here.new_channel(), await there.new_channel()
    await here.group_add("game-1", mine)
    await there.group_add("game-1", theirs)
    for n in range(3):
        await here.group_send_many([("game-1", {"type": "game.event", "n": n})])
    assert await _queued_for(here, mine) == 0  # nothing went to Redis for this process
    assert await _queued_for(there, theirs) == 3
    assert await _drain(here, mine) == [0, 1, 2]
    assert await _drain(there, theirs) == [0, 1, 2]
    await here.group_discard("game-1", mine)
    await here.group_send_many([("game-1", {"type": "game.event", "n": 3})])
    assert await _drain(here, mine) == []  # left: hears nothing more
    await here.flush()


async def test_an_earlier_message_waiting_in_redis_comes_first():
    here, there = _two_processes()
    mine = await here.new_channel()
    await here.group_add("game-2", mine)
    # Another process's move, not yet read by this process (busy), then this process's own.
    await there.group_send_many([("game-2", {"type": "game.event", "n": 1})])
    await here.group_send_many([("game-2", {"type": "game.event", "n": 2})])
    await here.group_send_many([("game-2", {"type": "game.event", "n": 3})])
    assert await _drain(here, mine) == [1, 2, 3]
    await here.flush()


async def test_a_message_the_reader_popped_but_has_not_handed_on_comes_first():
    here, there = _two_processes()
    mine = await here.new_channel()
    await here.group_add("game-3", mine)
    connection = here.connection(0)
    pop, popped, go_on = connection.bzpopmin, asyncio.Event(), asyncio.Event()

    async def slow_pop(*args, **kwargs):
        result = await pop(*args, **kwargs)
        if result is not None:
            popped.set()
            await go_on.wait()  # its reply still on the way back
        return result

    connection.bzpopmin = slow_pop
    first = asyncio.ensure_future(here.receive(mine))
    await there.group_send_many([("game-3", {"type": "game.event", "n": 1})])
    await asyncio.wait_for(popped.wait(), 5)
    await here.group_send_many([("game-3", {"type": "game.event", "n": 2})])
    await asyncio.sleep(0.1)
    assert not first.done()  # the copy from memory waits for the popped message
    go_on.set()
    assert (await asyncio.wait_for(first, 5))["n"] == 1
    connection.bzpopmin = pop
    assert await _drain(here, mine) == [2]
    await here.flush()
