"""A move's event to its game's group and "your turn" to the player to move go to Redis in one
hand-over (raumschach_site/redis_layer.py, `group_send_many`): every member of each group gets
its group's message, in the order sent, a group nobody is in costs nothing, and what arrives
is what one group_send after another delivers."""
import asyncio

import pytest
from channels.layers import get_channel_layer

from tests.realtime.sockets import redis_layer

pytestmark = pytest.mark.redis


def _pipelined() -> dict:
    layers = redis_layer()
    layers["default"]["BACKEND"] = "raumschach_site.redis_layer.PipelinedRedisChannelLayer"
    return layers


async def _drain(layer, channel) -> list:
    received = []
    while True:
        try:
            received.append(await asyncio.wait_for(layer.receive(channel), 0.5))
        except TimeoutError:
            return [(m["type"], m["n"]) for m in received]


async def test_each_group_gets_its_messages_in_order_in_one_hand_over(settings):
    settings.CHANNEL_LAYERS = _pipelined()
    layer = get_channel_layer()
    white, black, spectator, notifications = [await layer.new_channel() for _ in range(4)]
    for channel in (white, black, spectator):
        await layer.group_add("game-1", channel)
    await layer.group_add("user-7", notifications)
    await layer.group_send_many([
        ("game-1", {"type": "game.event", "n": 1}),
        ("user-9", {"type": "user.notification", "n": 2}),  # nobody listens
        ("user-7", {"type": "user.notification", "n": 3}),
        ("game-1", {"type": "game.event", "n": 4}),
    ])
    for channel in (white, black, spectator):
        assert await _drain(layer, channel) == [("game.event", 1), ("game.event", 4)]
    assert await _drain(layer, notifications) == [("user.notification", 3)]
    await layer.flush()


async def test_one_group_send_delivers_what_the_stock_layer_delivers(settings):
    deliveries = []
    for layers in (_pipelined(), redis_layer()):
        settings.CHANNEL_LAYERS = layers
        layer = get_channel_layer()
        channels = [await layer.new_channel() for _ in range(3)]
        for channel in channels[:2]:
            await layer.group_add("game-2", channel)
        for n in range(3):
            await layer.group_send("game-2", {"type": "game.event", "n": n})
        deliveries.append([await _drain(layer, channel) for channel in channels])
        await layer.flush()
    assert deliveries[0] == deliveries[1] == [[("game.event", n) for n in range(3)]] * 2 + [[]]
