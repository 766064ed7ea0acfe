"""The Redis channel layer with `group_send` in two round trips to Redis instead of four.

channels_redis' `group_send` awaits each command on its own: drop expired members, list the
members, drop expired messages from their channels, then a Lua script that queues the message
(four round trips, each a wake-up of the event loop; two for a group nobody is in). Every move
sends to two groups (the game's, and the player to move's "your turn"), so this was a large part
of what a move costs the server on Redis (scripts/move_cpu.py --profile). Here the same commands,
in the same order and with the same capacity and expiry rules, go in two pipelines: members
(expire, list), then delivery (expire, queue).
Production settings use this class whenever REDIS_URL is set (CHANNEL_LAYER_PIPELINED=0: the
stock layer, for measuring; docs/performance.md has the latest figure).

It copies channels_redis' `group_send` and uses its private helpers, so it is tied to the
version below: tests/deploy/test_the_library_copies_match_the_pinned_versions.py fails when
the installed channels_redis moves past it or its `group_send` changes.
"""
from __future__ import annotations

import logging
import time

from channels_redis.core import RedisChannelLayer

logger = logging.getLogger(__name__)

# What this module copies, and from which version (see the module docstring).
COPIED_FROM = {"distribution": "channels_redis", "version": "4.3.0",
               "copies": "channels_redis.core:RedisChannelLayer.group_send",
               "source_sha256": "c9623ea6ccfa7308"}

# channels_redis' own group_send script: queue each message unless its channel is full.
GROUP_SEND_LUA = """
    local over_capacity = 0
    local current_time = ARGV[#ARGV - 1]
    local expiry = ARGV[#ARGV]
    for i=1,#KEYS do
        if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + #KEYS]) then
            redis.call('ZADD', KEYS[i], current_time, ARGV[i])
            redis.call('EXPIRE', KEYS[i], expiry)
        else
            over_capacity = over_capacity + 1
        end
    end
    return over_capacity
"""


class PipelinedRedisChannelLayer(RedisChannelLayer):
    async def group_send(self, group, message) -> None:
        assert self.require_valid_group_name(group), "Group name not valid"
        key = self._group_key(group)
        members = self.connection(self.consistent_hash(group)).pipeline(transaction=False)
        members.zremrangebyscore(key, min=0, max=int(time.time()) - self.group_expiry)
        members.zrange(key, 0, -1)
        _, names = await members.execute()
        channel_names = [name.decode("utf8") for name in names]
        if not channel_names:
            return
        connection_to_keys, key_to_message, key_to_capacity = (
            self._map_channel_keys_to_connection(channel_names, message))
        for index, channel_keys in connection_to_keys.items():
            connection = self.connection(index)
            delivery = connection.pipeline(transaction=False)
            for channel_key in channel_keys:
                delivery.zremrangebyscore(channel_key, min=0,
                                          max=int(time.time()) - int(self.expiry))
            args = [key_to_message[k] for k in channel_keys]
            args += [key_to_capacity[k] for k in channel_keys]
            args += [time.time(), self.expiry]
            # EVAL as channels_redis does (a pipeline with a registered script would ask Redis
            # whether it knows the script on every execute: one more round trip).
            delivery.eval(GROUP_SEND_LUA, len(channel_keys), *channel_keys, *args)
            over_capacity = (await delivery.execute())[-1]
            if over_capacity > 0:
                logger.info("%s of %s channels over capacity in group %s", over_capacity,
                            len(channel_names), group)
