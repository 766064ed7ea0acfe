"""The Redis channel layer with `group_send` in one round trip to Redis instead of four,
`group_send_many` (several groups' sends in the same one), and one reader task per server
process receiving for all its consumers (one round trip a message instead of four; see
"receiving" below).

channels_redis' `group_send` awaits each command on its own: drop expired members, list the
members, drop expired messages from their channels, then a Lua script that queues the message
(four round trips, each a wake-up of the event loop; two for a group nobody is in). Every move
sends to two groups (the game's, and the player to move's "your turn"), so this was a large part
of what a move costs the server on Redis (scripts/move_cpu.py --profile). Here the same commands,
with the same capacity and expiry rules, run in one script (GROUP_SEND_MANY_LUA) that also
composes each server process's message; a layer the script cannot serve (several Redis servers,
encryption, capacities per channel) sends them in two pipelines: members (expire, list), then
delivery (expire, queue). The sending process's own members get the message from memory, in
order with what other processes sent them (see GROUP_SEND_MANY_LUA): a socket move's event
reaches the mover's own socket, and the opponent's when it is held by the same process, with
no Redis message and no wake-up of the reader.
Production settings use this class whenever REDIS_URL is set (CHANNEL_LAYER_PIPELINED=0: the
stock layer, for measuring; docs/performance.md has the latest figure).

It copies channels_redis' `group_send` and uses its private helpers, so it is tied to the
version below: tests/deploy/test_the_library_copies_match_the_pinned_versions.py fails when
the installed channels_redis moves past it or its `group_send` changes.
"""
from __future__ import annotations

import asyncio
import collections
import logging
import random
import time

import msgpack
from channels_redis.core import RedisChannelLayer

from core.layer import LAYER_GAP

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


# The whole of group_send_many in one script, one round trip: each group's expired members
# dropped and its members listed, then per server process (the "specific.<id>!" part of a
# channel name; a plain channel is its own) expired messages dropped and, unless full, one
# message queued naming that process's members. Python packs each message as a msgpack map
# whose last entry is `__asgi_channel__` without its value; the script appends the members as
# a msgpack array, so the process's reader decodes exactly what channels_redis would have
# queued. The channel keys are derived from the members, not passed as KEYS: one Redis server
# only (the layer falls back to the two pipelines with several hosts).
# The sending process's own members (`own`: its process key, when it has local members) are
# left out when nothing waits for it in Redis: the sender hands them the message in memory
# (no Redis message, no wake-up of its reader). Their order with what other processes sent
# them holds: when something still waits for this process in Redis the script queues the copy
# behind it; when nothing does, the script returns how many messages this process's reader
# has popped so far, and the sender holds its copy until the reader has handed those on (a
# popped message can still be on its way back, on the reader's connection).
GROUP_SEND_MANY_LUA = """
    local oldest_member, oldest_message = ARGV[1], ARGV[2]
    local expiry, capacity, prefix = ARGV[3], tonumber(ARGV[4]), ARGV[5]
    local own, counts_expiry = ARGV[6], ARGV[7]
    -- Every message queued for a process, and every one expired unread, is counted beside its
    -- key: queued - expired - still queued = what its reader has popped.
    local function expire_messages(key)
        local gone = redis.call('ZREMRANGEBYSCORE', key, 0, oldest_message)
        if gone > 0 then
            redis.call('HINCRBY', key .. '#n', 'gone', gone)
        end
    end
    local in_memory, popped = 0, 0
    if own ~= '' then
        expire_messages(own)
        if redis.call('ZCARD', own) == 0 then
            in_memory = 1
            local n = redis.call('HMGET', own .. '#n', 'queued', 'gone')
            popped = (tonumber(n[1]) or 0) - (tonumber(n[2]) or 0)
        end
    end
    local result = {in_memory, popped}
    for i = 1, #KEYS do
        local score, random_prefix, body = ARGV[3 * i + 5], ARGV[3 * i + 6], ARGV[3 * i + 7]
        redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, oldest_member)
        local by_key, order = {}, {}
        for _, name in ipairs(redis.call('ZRANGE', KEYS[i], 0, -1)) do
            local bang = string.find(name, '!', 1, true)
            local key = prefix .. (bang and string.sub(name, 1, bang) or name)
            local names = by_key[key]
            if names == nil then
                names = {}
                by_key[key] = names
                order[#order + 1] = key
            end
            names[#names + 1] = name
        end
        local full = 0
        for _, key in ipairs(order) do
            if key == own and in_memory == 1 then
                -- the sending process delivers to its own members from memory
            else
                expire_messages(key)
                if redis.call('ZCOUNT', key, '-inf', '+inf') < capacity then
                    redis.call('ZADD', key, score,
                               random_prefix .. body .. cmsgpack.pack(by_key[key]))
                    redis.call('EXPIRE', key, expiry)
                    redis.call('HINCRBY', key .. '#n', 'queued', 1)
                    redis.call('EXPIRE', key .. '#n', counts_expiry)
                else
                    full = full + 1
                end
            end
        end
        result[#result + 1] = full
    end
    return result
"""
_NIL = b"\xc0"  # msgpack's nil: the placeholder value the script replaces


class PipelinedRedisChannelLayer(RedisChannelLayer):
    async def group_send(self, group, message) -> None:
        await self.group_send_many([(group, message)])

    def _one_script_fits(self) -> bool:
        """The script composes msgpack itself: plain msgpack, one server, one capacity."""
        serializer = self._serializer
        return (self.ring_size == 1 and not self.channel_capacity
                and getattr(serializer, "crypter", None) is None
                and getattr(serializer, "as_bytes", None) is msgpack.packb
                and getattr(serializer, "random_prefix_length", 0) > 0)

    async def group_send_many(self, sends: list[tuple[str, dict]]) -> None:
        """Each (group, message) as group_send sends it, in order, in one round trip for all
        of them (GROUP_SEND_MANY_LUA): a move's event to its game and "your turn" to the player
        to move are one hand-over (games.events), not two. This process's own members of each
        group get it from memory (in order with what other processes sent them)."""
        for group, _ in sends:
            assert self.require_valid_group_name(group), "Group name not valid"
        if not sends:
            return
        if not self._one_script_fits():
            await self._group_send_many_pipelined(sends)
            return
        now = time.time()
        # This process's members as of now, if they listen on this loop (a Celery worker's or
        # a test's other loop sends through Redis like any other process).
        local_loop = self._local_loop is asyncio.get_running_loop()
        oldest_member = int(now) - self.group_expiry
        local = [[channel for channel, joined in self._local_members.get(group, {}).items()
                  if joined > oldest_member] if local_loop else [] for group, _ in sends]
        own = self.prefix + self._local_channel if any(local) else ""
        args: list = [oldest_member, int(now) - int(self.expiry), self.expiry, self.capacity,
                      self.prefix, own, self.group_expiry]
        keys, bodies = [], []
        for position, (group, message) in enumerate(sends):
            assert "__asgi_channel__" not in message, "A message names no channel itself"
            body = msgpack.packb({**message, "__asgi_channel__": None})
            assert body.endswith(_NIL)
            keys.append(self._group_key(group))
            bodies.append(body)
            # Each group its own, later time stamp, as one group_send after another gives (a
            # float holds microseconds at this magnitude), and its own random prefix: two
            # groups' messages to one process must not be the same sorted-set member.
            args += [repr(now + position * 1e-6),
                     random.getrandbits(8 * self._serializer.random_prefix_length).to_bytes(
                         self._serializer.random_prefix_length, "big"),
                     body[:-1]]
        connection = self.connection(0)
        if self._group_send_script is None:
            # EVALSHA by the script's digest (loaded again by itself after a Redis restart):
            # the script's text is not sent with every move.
            self._group_send_script = connection.register_script(GROUP_SEND_MANY_LUA)
        in_memory, popped, *over = await self._group_send_script(keys=keys, args=args,
                                                                  client=connection)
        if in_memory:
            for channels, body in zip(local, bodies):
                if channels:
                    # A copy of its own, as decoded from Redis (the same types a reader gives).
                    message = msgpack.unpackb(body)
                    del message["__asgi_channel__"]
                    self._deliver_local(channels, message, popped)
        for (group, _), full in zip(sends, over):
            if full:
                logger.info("%s channels' processes over capacity in group %s", full, group)

    # ---- this process's own members --------------------------------------------------------

    @property
    def _local_channel(self) -> str:
        """The process channel of the consumers' channels (new_channel()'s default prefix)."""
        return f"specific.{self.client_prefix}!"

    async def group_add(self, group, channel) -> None:
        await super().group_add(group, channel)
        if channel.startswith(self._local_channel):
            self._local_members.setdefault(group, {})[channel] = time.time()
            self._local_loop = asyncio.get_running_loop()

    async def group_discard(self, group, channel) -> None:
        members = self._local_members.get(group)
        if members is not None:  # first: gone from memory even if Redis is away
            members.pop(channel, None)
            if not members:
                del self._local_members[group]
        await super().group_discard(group, channel)

    def _deliver_local(self, channels: list[str], message: dict, popped: int) -> None:
        """To this process's channels now, unless the reader has yet to hand on what it popped
        before the script ran (`popped` in all), or earlier copies are still held."""
        if not self._held and self._popped >= popped:
            self._deliver(self._local_channel, channels, message)
        else:
            self._held.append((popped, channels, message))

    def _release_held(self, everything: bool = False) -> None:
        """The held copies whose turn has come, in order (everything: the reader has nothing
        of earlier on its way - it waited in vain, failed, or stopped)."""
        while self._held and (everything or self._held[0][0] <= self._popped):
            _, channels, message = self._held.popleft()
            self._deliver(self._local_channel, channels, message)

    async def _group_send_many_pipelined(self, sends: list[tuple[str, dict]]) -> None:
        """The same in two round trips (members, then delivery), for what the script cannot
        compose (several Redis servers, encrypted messages, capacities per channel)."""
        by_index: dict[int, list[int]] = {}
        for position, (group, _) in enumerate(sends):
            by_index.setdefault(self.consistent_hash(group), []).append(position)
        names: list[list[str]] = [[] for _ in sends]
        oldest_member = int(time.time()) - self.group_expiry
        for index, positions in by_index.items():
            members = self.connection(index).pipeline(transaction=False)
            for position in positions:
                key = self._group_key(sends[position][0])
                members.zremrangebyscore(key, min=0, max=oldest_member)
                members.zrange(key, 0, -1)
            replies = await members.execute()
            for n, position in enumerate(positions):
                names[position] = [name.decode("utf8") for name in replies[2 * n + 1]]
        deliveries: dict[int, object] = {}
        # per connection: (position of an EVAL's reply in its pipeline, group, members)
        evals: dict[int, list[tuple[int, str, int]]] = {}
        for (group, message), channel_names in zip(sends, names):
            if not channel_names:
                continue
            connection_to_keys, key_to_message, key_to_capacity = (
                self._map_channel_keys_to_connection(channel_names, message))
            for index, channel_keys in connection_to_keys.items():
                delivery = deliveries.get(index)
                if delivery is None:
                    delivery = deliveries[index] = self.connection(index).pipeline(
                        transaction=False)
                for channel_key in channel_keys:
                    delivery.zremrangebyscore(channel_key, min=0,
                                              max=int(time.time()) - int(self.expiry))
                args = [key_to_message[k] for k in channel_keys]
                args += [key_to_capacity[k] for k in channel_keys]
                # Each group's own time stamp, as one group_send after another gives: a later
                # message to a channel sorts after an earlier one.
                args += [time.time(), self.expiry]
                # EVAL as channels_redis does (a pipeline with a registered script would ask
                # Redis whether it knows the script on every execute: one more round trip).
                delivery.eval(GROUP_SEND_LUA, len(channel_keys), *channel_keys, *args)
                evals.setdefault(index, []).append(
                    (len(delivery) - 1, group, len(channel_names)))
        for index, delivery in deliveries.items():
            replies = await delivery.execute()
            for position, group, members in evals[index]:
                if replies[position] > 0:
                    logger.info("%s of %s channels over capacity in group %s",
                                replies[position], members, group)

    # ---- receiving: one reader per server process ----------------------------------------------
    #
    # channels_redis hands a process's receiving to whichever consumer holds a lock: each message
    # costs every waiting consumer two new tasks (the lock and its queue, raced), and four round
    # trips to Redis (a Lua script restoring a backup queue, BZPOPMIN, copying the message to
    # the backup, and removing it again once delivered). The backup guards a BZPOPMIN whose
    # consumer was cancelled while it waited. Here one reader task per process pops the
    # process's messages (BZPOPMIN, one round trip each) and puts them in the consumers' queues;
    # it reads only while a consumer waits unfed and is never cancelled then, so nothing needs
    # backing up. It stops when every waiting consumer has its message; the next receive
    # starts it again.

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._readers: dict[str, asyncio.Task] = {}  # process channel -> its reader
        # channel -> futures of the receive() calls waiting on it, oldest first
        self._getters: dict[str, collections.deque] = {}
        self._hungry: dict[str, int] = {}  # process channel -> receive() calls not yet fed
        self._group_send_script = None  # GROUP_SEND_MANY_LUA, registered at the first send
        # group -> {this process's channel: when it joined}, and the loop they listen on
        self._local_members: dict[str, dict[str, float]] = {}
        self._local_loop: asyncio.AbstractEventLoop | None = None
        self._popped = 0  # messages this process's reader has popped and handed on
        # copies for this process's channels waiting for the reader: (popped, channels, message)
        self._held: collections.deque = collections.deque()

    async def receive(self, channel):
        if "!" not in channel:  # a plain channel (not used by the site): channels_redis' way
            return await super().receive(channel)
        assert self.require_valid_channel_name(channel)
        real_channel = self.non_local_name(channel)
        assert real_channel.endswith(self.client_prefix + "!"), "Wrong client prefix"
        buffered = self.receive_buffer.get(channel)
        if buffered is not None and not buffered.empty():
            message = buffered.get_nowait()
            if buffered.empty():
                self.receive_buffer.pop(channel, None)
            return message
        loop = asyncio.get_running_loop()
        getter = loop.create_future()
        self._getters.setdefault(channel, collections.deque()).append(getter)
        self._hungry[real_channel] = self._hungry.get(real_channel, 0) + 1
        try:
            reader = self._readers.get(real_channel)
            if reader is None or reader.done() or reader.get_loop() is not loop:
                self._readers[real_channel] = loop.create_task(
                    self._read_process_channel(real_channel))
            return await getter
        except asyncio.CancelledError:
            # The consumer is going: what was buffered for it goes too (as channels_redis), or
            # a message that arrived while it was cancelled would stay in memory for good.
            self.receive_buffer.pop(channel, None)
            raise
        finally:
            line = self._getters.get(channel)
            if line is not None and getter in line:  # not fed (cancelled): it leaves the line
                line.remove(getter)
                self._hungry[real_channel] -= 1
            if line is not None and not line:
                del self._getters[channel]

    async def _read_process_channel(self, real_channel: str) -> None:
        # Reads only while a receive() waits unfed: no BZPOPMIN is left in flight once every
        # caller has its message (a caller's event loop may end then, as async_to_sync's does,
        # and a message Redis popped for a cancelled BZPOPMIN would be lost).
        key = self.prefix + real_channel
        index = self.consistent_hash(real_channel)
        own = real_channel == self._local_channel  # its pops are counted for _deliver_local
        failures = 0
        while self._hungry.get(real_channel):
            try:
                popped = await self.connection(index).bzpopmin(key, timeout=self.brpop_timeout)
            except asyncio.CancelledError:
                raise
            except Exception:
                # Redis away: what was sent to Redis meanwhile is lost (a move is stored, its
                # event not), so every receiver of this process is told (LAYER_GAP: a socket
                # closes and its client resyncs with ?since=). Receivers that wait on after that
                # (new sockets) are told too at the next failure; the reader retries meanwhile.
                failures += 1
                logger.warning("channel layer: reading %s failed (%s in a row); retrying", key,
                               failures, exc_info=failures == 1)
                self._signal_gap(real_channel)
                if own:
                    self._release_held(everything=True)
                await asyncio.sleep(min(5.0, 0.1 * 2 ** failures))
                continue
            failures = 0
            if popped is None:
                if own:
                    self._release_held(everything=True)
                continue
            if own:
                self._popped += 1
            try:
                message = self.deserialize(popped[1])
                channels = message.pop("__asgi_channel__")  # a list for a group, a name for send
            except Exception:
                # One unreadable message must not stop this process's sockets from hearing
                # anything again: dropped, said, and the reader goes on.
                logger.exception("channel layer: dropped an unreadable message on %s", key)
                message = None
            if message is not None:
                self._deliver(real_channel,
                              channels if isinstance(channels, list) else [channels], message)
            if own:
                self._release_held()
        if own:  # no BZPOPMIN outstanding: nothing popped is on its way any more
            self._release_held(everything=True)

    def _signal_gap(self, real_channel: str) -> None:
        """A LAYER_GAP message to each receive() waiting on a channel of this process."""
        waiting = [channel for channel, line in self._getters.items()
                   if line and channel.startswith(real_channel)]
        if waiting:
            self._deliver(real_channel, waiting, {"type": LAYER_GAP})

    def _deliver(self, real_channel: str, channels: list[str], message: dict) -> None:
        """To each channel's oldest waiting receive(), or into its buffer if none waits."""
        for channel in channels:
            line = self._getters.get(channel)
            while line:
                # Each getter leaves the line once: here, or unfed in receive()'s finally.
                getter = line.popleft()
                self._hungry[real_channel] -= 1
                if not getter.done():  # a cancelled one's task has not run its finally yet
                    getter.set_result(message)
                    break
            else:
                self.receive_buffer[channel].put_nowait(message)

    async def close_pools(self):
        readers, self._readers = self._readers, {}
        for reader in readers.values():
            reader.cancel()
        await super().close_pools()
