"""channels_redis keeps all undelivered messages for one server process under one Redis key and
drops group messages beyond the layer's `capacity` (100 by default). A Daphne process that falls
behind under load must still deliver every move: the project's layer holds a larger backlog."""
import asyncio

import pytest
from channels.layers import get_channel_layer

from tests.realtime.sockets import redis_layer

pytestmark = pytest.mark.redis

BACKLOG = 300  # three times channels_redis' default capacity


async def test_a_backlog_of_group_messages_for_one_process_is_delivered_in_full(settings):
    settings.CHANNEL_LAYERS = redis_layer()
    layer = get_channel_layer()
    channel = await layer.new_channel()  # process-specific, like every consumer's channel
    for game in range(BACKLOG):
        await layer.group_add(f"game-{game}", channel)
    # Nothing receives while the moves are published: the process is "busy".
    for game in range(BACKLOG):
        await layer.group_send(f"game-{game}", {"type": "game.event", "game": game})
    received = [(await asyncio.wait_for(layer.receive(channel), 5))["game"]
                for _ in range(BACKLOG)]
    assert received == list(range(BACKLOG))
    await layer.flush()
