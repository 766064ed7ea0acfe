"""The project's Redis channel layer receives a server process's messages with one reader task
(raumschach_site/redis_layer.py) instead of channels_redis' lock passed between the consumers:
every socket still gets each of its messages once and in order, a direct send and a backlog
beyond the layer's capacity included; a consumer that goes takes nothing from the others; the
reader stops when nobody has been receiving for a while and starts again with the next receive."""
import asyncio

import pytest
from channels.layers import get_channel_layer

from tests.realtime.sockets import redis_layer

pytestmark = pytest.mark.redis


@pytest.fixture
def layer(settings):
    layers = redis_layer()
    layers["default"]["BACKEND"] = "raumschach_site.redis_layer.PipelinedRedisChannelLayer"
    settings.CHANNEL_LAYERS = layers
    return get_channel_layer()


async def _receive(layer, channel) -> dict:
    return await asyncio.wait_for(layer.receive(channel), 5)


async def test_many_sockets_each_get_their_own_messages_in_order(layer):
    channels = [await layer.new_channel() for _ in range(40)]
    for n, channel in enumerate(channels):
        await layer.group_add(f"game-{n % 10}", channel)  # four sockets per game
    # All sockets wait at once, as a server's consumers do.
    waiting = [asyncio.ensure_future(_receive_n(layer, channel, 3)) for channel in channels]
    for move in range(3):
        for game in range(10):
            await layer.group_send(f"game-{game}", {"type": "game.event", "game": game,
                                                    "move": move})
    received = await asyncio.gather(*waiting)
    for n, messages in enumerate(received):
        assert [(m["game"], m["move"]) for m in messages] == [(n % 10, 0), (n % 10, 1),
                                                               (n % 10, 2)]
    await layer.flush()


async def _receive_n(layer, channel, count: int) -> list:
    return [await _receive(layer, channel) for _ in range(count)]


async def test_a_direct_send_and_a_backlog_beyond_capacity_arrive_in_full(layer):
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "hello", "n": -1})
    for game in range(300):  # three times channels_redis' default capacity, nobody receiving
        await layer.group_add(f"game-{game}", channel)
        await layer.group_send(f"game-{game}", {"type": "game.event", "n": game})
    received = [(await _receive(layer, channel))["n"] for _ in range(301)]
    assert received == list(range(-1, 300))
    await layer.flush()


async def test_a_consumer_that_goes_takes_nothing_from_the_others(layer):
    leaving, staying = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("game-1", staying)
    gone = asyncio.ensure_future(layer.receive(leaving))
    await asyncio.sleep(0.1)
    gone.cancel()
    with pytest.raises(asyncio.CancelledError):
        await gone
    await layer.group_send("game-1", {"type": "game.event", "n": 1})
    assert (await _receive(layer, staying))["n"] == 1
    await layer.flush()


async def test_the_reader_stops_when_idle_and_starts_again(layer, monkeypatch):
    monkeypatch.setattr(layer, "brpop_timeout", 1)
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "hello", "n": 1})
    assert (await _receive(layer, channel))["n"] == 1
    (reader,) = layer._readers.values()
    await asyncio.wait_for(reader, 5)  # its BZPOPMIN timed out with nobody waiting
    await layer.send(channel, {"type": "hello", "n": 2})
    assert (await _receive(layer, channel))["n"] == 2
    await layer.flush()


async def test_an_unreadable_message_is_dropped_and_the_reader_goes_on(layer):
    channel = await layer.new_channel()
    waiting = asyncio.ensure_future(_receive(layer, channel))
    await asyncio.sleep(0.1)
    # Not what the layer writes (no channel names inside): what a foreign writer might leave.
    key = layer.prefix + layer.non_local_name(channel)
    index = layer.consistent_hash(layer.non_local_name(channel))
    await layer.connection(index).zadd(key, {b"not a message": 0})
    await layer.send(channel, {"type": "hello", "n": 1})
    assert (await waiting)["n"] == 1
    await layer.flush()


async def test_a_consumer_cancelled_as_its_message_arrives_does_not_stop_the_others(layer):
    # Cancelling a task cancels the future it awaits at once; its finally runs a turn later. A
    # message delivered in between found a cancelled waiter, and setting it raised and ended
    # the reader (a move lost in a browser reconnect test in CI).
    going, staying = await layer.new_channel(), await layer.new_channel()
    gone = asyncio.ensure_future(layer.receive(going))
    kept = asyncio.ensure_future(layer.receive(staying))
    await asyncio.sleep(0)  # both wait now
    gone.cancel()
    layer._deliver(layer.non_local_name(staying), [going, staying], {"type": "hello", "n": 1})
    assert (await asyncio.wait_for(kept, 5))["n"] == 1
    with pytest.raises(asyncio.CancelledError):
        await gone
    assert not layer._getters and not any(layer._hungry.values())
    # The message that found `going` cancelled was buffered for nobody: it goes with it.
    assert going not in layer.receive_buffer
    await layer.flush()
