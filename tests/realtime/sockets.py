"""Helpers for websocket tests: a client on the project's real ASGI application (origin
check, session/token auth, routing) through Channels' WebsocketCommunicator."""
from __future__ import annotations

import os
import uuid

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

ORIGIN = b"http://testserver"
TIMEOUT = 3  # seconds; generous for a loaded CI machine, only reached when a test fails

MEMORY_LAYER = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def redis_layer() -> dict:
    """The project's Redis channel layer (as settings build it from REDIS_URL), with a fresh
    key prefix: nothing from other tests or other runs sharing this Redis database can reach
    these groups."""
    config = dict(settings.CHANNEL_LAYERS["default"].get("CONFIG", {}))
    config.setdefault("hosts", [os.environ.get("REDIS_URL", "")])
    config["prefix"] = f"test-{uuid.uuid4().hex[:12]}"
    return {"default": {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": config}}


def db(func):
    """Run a sync function (services, REST client) from an async test, like the consumers do."""
    return database_sync_to_async(func)


def session_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    name = settings.SESSION_COOKIE_NAME
    return f"{name}={client.cookies[name].value}".encode()


def communicator(path: str, *, cookie: bytes | None = None, token: str | None = None,
                 origin: bytes | None = ORIGIN) -> WebsocketCommunicator:
    """A client for `path` on the project's ASGI application."""
    from raumschach_site.asgi import application

    headers = []
    if origin is not None:
        headers.append((b"origin", origin))
    if cookie is not None:
        headers.append((b"cookie", cookie))
    if token is not None:
        headers.append((b"authorization", f"Token {token}".encode()))
    return WebsocketCommunicator(application, path, headers=headers)


async def connected(path: str, *, user=None, token: str | None = None,
                    origin: bytes | None = ORIGIN) -> WebsocketCommunicator:
    """An accepted connection, logged in by session cookie (`user`) or token header."""
    cookie = await db(session_cookie)(user) if user is not None else None
    socket = communicator(path, cookie=cookie, token=token, origin=origin)
    accepted, _ = await socket.connect(timeout=TIMEOUT)
    assert accepted, f"handshake for {path} was refused"
    return socket


async def receive(socket: WebsocketCommunicator) -> dict:
    return await socket.receive_json_from(timeout=TIMEOUT)


async def receive_state(socket: WebsocketCommunicator) -> dict:
    message = await receive(socket)
    assert message["type"] == "state", message
    return message["game"]


async def assert_silent(socket: WebsocketCommunicator) -> None:
    """Nothing more arrives (waits briefly: a message in flight on Redis arrives in ms)."""
    assert await socket.receive_nothing(timeout=0.3, interval=0.02)


async def assert_closed_with(socket: WebsocketCommunicator, code: int) -> None:
    message = await socket.receive_output(timeout=TIMEOUT)
    assert message == {"type": "websocket.close", "code": code}
