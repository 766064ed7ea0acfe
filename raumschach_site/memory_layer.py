"""The embedded set-up's channel layer: Channels' in-memory layer without its per-message sweep.

`channels.layers.InMemoryChannelLayer` walks every channel and every group membership of the
process on each `receive` and `group_send` to drop expired messages - with every socket of the
process waiting in `receive`, that is O(sockets) of Python per message, per socket (6 % of the
server's CPU per websocket move with only 24 sockets open, scripts/move_cpu.py --profile). Here
the sweep runs at most once a second: a message may outlive its expiry (60 s) by up to a second.
`group_send` also puts the message in each member's queue directly instead of starting a task per
member (a put into an in-memory queue never waits). Production uses Redis (channels_redis).
"""
from __future__ import annotations

import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

SWEEP_INTERVAL = 1.0  # seconds


class SweepingOncePerSecondLayer(InMemoryChannelLayer):
    _next_sweep = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now < self._next_sweep:
            return
        self._next_sweep = now + SWEEP_INTERVAL
        super()._clean_expired()

    async def group_send(self, group, message) -> None:
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, {})):
            try:
                await self.send(channel, message)
            except ChannelFull:
                pass  # as the base class: a full channel misses this message
