"""A cap on the websockets one client holds open: per address (the real client address behind
the trusted proxies, as the rate limits count it: accounts.http.client_address) and per account.
Over either cap, the handshake is accepted, an error message sent
(`{"type": "error", "error": "too_many_sockets"}`) and the socket closed with CLOSE_TOO_MANY
(4429), so one client cannot hold the server's files and starve everyone else (issue 38: 4,015
sockets from one client left a Daphne with 4,096 files answering nobody).

The count must hold across every server process, so with a Redis channel layer it is kept in
Redis: one sorted set per address and per account, a member per open socket scored by when it
lapses. An open socket refreshes its members every third of WEBSOCKET_CAP_TTL_SECONDS; those
of a socket whose process died lapse after it, so counts cannot leak. In the embedded set-up
(in-memory layer, one process) the count is this process's own. Redis unreachable at a
handshake: that socket is counted in-process (the site stays up; the layer itself closes the
socket, see raumschach_site/redis_layer.py)."""
from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
import weakref
from dataclasses import dataclass, field

from django.conf import settings
from django.utils.translation import gettext as _

from accounts.http import client_address

logger = logging.getLogger(__name__)

CLOSE_TOO_MANY = 4429
TOO_MANY_CODE = "too_many_sockets"

# KEYS: the sets to count in; ARGV: member, now, lapse time, ttl, then each key's cap.
# Returns 0 when the member was added to every set, else the 1-based index of a full one.
_ACQUIRE_LUA = """
local n = #KEYS
for i = 1, n do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', ARGV[2])
    if redis.call('ZCARD', KEYS[i]) >= tonumber(ARGV[4 + i]) then
        return i
    end
end
for i = 1, n do
    redis.call('ZADD', KEYS[i], ARGV[3], ARGV[1])
    redis.call('EXPIRE', KEYS[i], ARGV[4])
end
return 0
"""

# event loop -> key -> members, for sockets counted in this process (per loop: a server has one;
# each test its own, so a socket a test left open is not counted against the next test)
_locals: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_clients: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # event loop -> Redis client


@dataclass
class _Slot:
    member: str
    keys: list[str]
    in_redis: bool
    refresher: asyncio.Task | None = field(default=None)


def _local() -> dict[str, set[str]]:
    loop = asyncio.get_running_loop()
    found = _locals.get(loop)
    if found is None:
        found = _locals[loop] = {}
    return found


def _redis_url() -> str | None:
    """The Redis the channel layer uses, if it is a Redis layer (the count follows the layer:
    one process's in-memory layer means one process's count)."""
    layer = settings.CHANNEL_LAYERS.get("default", {})
    if "redis" not in layer.get("BACKEND", "").lower():
        return None
    hosts = layer.get("CONFIG", {}).get("hosts") or []
    return hosts[0] if hosts and isinstance(hosts[0], str) else None


def _client(url: str):
    import redis.asyncio as aioredis

    loop = asyncio.get_running_loop()
    client = _clients.get(loop)
    if client is None:
        client = _clients[loop] = aioredis.Redis.from_url(url, socket_connect_timeout=2,
                                                          socket_timeout=5)
    return client


def _header(scope: dict, name: bytes) -> str:
    values = [value.decode("latin-1") for key, value in scope.get("headers", [])
              if key.lower() == name]
    return ", ".join(values)


def client_keys(scope: dict) -> list[tuple[str, int]]:
    """(key, cap) for each count this handshake falls under: its address, and its account."""
    # The layer's own prefix too: a test's fresh layer prefix keeps its counts its own.
    layer_prefix = settings.CHANNEL_LAYERS.get("default", {}).get("CONFIG", {}).get("prefix", "")
    prefix = f"{settings.WEBSOCKET_CAP_KEY_PREFIX}{layer_prefix}"
    peer = (scope.get("client") or ("",))[0] or ""
    address = client_address(peer, _header(scope, b"x-forwarded-for"))
    keys = [(f"{prefix}:addr:{address}", settings.WEBSOCKET_MAX_PER_ADDRESS)]
    user = scope.get("user")
    if user is not None and user.is_authenticated:
        keys.append((f"{prefix}:acct:{user.pk}", settings.WEBSOCKET_MAX_PER_ACCOUNT))
    return keys


async def _acquire(keys: list[tuple[str, int]]) -> _Slot | None:
    member = uuid.uuid4().hex
    url = _redis_url()
    if url is not None:
        now, ttl = time.time(), settings.WEBSOCKET_CAP_TTL_SECONDS
        try:
            full = await _client(url).eval(
                _ACQUIRE_LUA, len(keys), *[k for k, _ in keys], member, now, now + ttl, ttl,
                *[cap for _, cap in keys])
        except Exception:  # noqa: BLE001 - Redis away: count this socket here (see the docstring)
            logger.warning("websocket cap: Redis unreachable, counting in this process",
                           exc_info=True)
        else:
            if full:
                return None
            return _Slot(member, [k for k, _ in keys], in_redis=True)
    local = _local()
    if any(len(local.get(key, ())) >= cap for key, cap in keys):
        return None
    for key, _cap in keys:
        local.setdefault(key, set()).add(member)
    return _Slot(member, [k for k, _ in keys], in_redis=False)


async def _refresh(slot: _Slot, url: str) -> None:
    ttl = settings.WEBSOCKET_CAP_TTL_SECONDS
    while True:
        await asyncio.sleep(ttl / 3)
        try:
            pipe = _client(url).pipeline(transaction=False)
            for key in slot.keys:
                pipe.zadd(key, {slot.member: time.time() + ttl}, xx=True)
                pipe.expire(key, ttl)
            await pipe.execute()
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - Redis away for a while: the next round tries again
            logger.info("websocket cap: refresh failed", exc_info=True)


async def _release(slot: _Slot) -> None:
    if slot.refresher is not None:
        slot.refresher.cancel()
    if not slot.in_redis:
        local = _local()
        for key in slot.keys:
            members = local.get(key)
            if members is not None:
                members.discard(slot.member)
                if not members:
                    del local[key]
        return
    url = _redis_url()
    try:
        pipe = _client(url).pipeline(transaction=False)
        for key in slot.keys:
            pipe.zrem(key, slot.member)
        await pipe.execute()
    except Exception:  # noqa: BLE001 - the member lapses by itself (the TTL)
        logger.info("websocket cap: release failed", exc_info=True)


async def _refuse(receive, send) -> None:
    message = await receive()
    if message.get("type") != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    detail = _("Too many open connections from this address or account; close some (other "
               "tabs or windows) and try again.")
    await send({"type": "websocket.send",
                "text": json.dumps({"type": "error", "error": TOO_MANY_CODE, "detail": detail})})
    await send({"type": "websocket.close", "code": CLOSE_TOO_MANY})


class SocketCap:
    """ASGI middleware (inside the authentication stack: it needs scope["user"]) that counts
    each websocket against its client's caps for as long as it is open."""

    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.application(scope, receive, send)
        slot = await _acquire(client_keys(scope))
        if slot is None:
            return await _refuse(receive, send)
        if slot.in_redis:
            slot.refresher = asyncio.ensure_future(_refresh(slot, _redis_url()))
        try:
            return await self.application(scope, receive, send)
        finally:
            await asyncio.shield(_release(slot))


def local_count(key: str) -> int:
    """Sockets counted in this process (this event loop) under `key`."""
    return len(_local().get(key, ()))
