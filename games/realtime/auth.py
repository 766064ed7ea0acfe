"""Handshake authentication: the browser's session cookie, or an API token header.

Browsers cannot set headers on a websocket handshake, so they rely on the session cookie (and
the origin check in `raumschach_site.asgi` keeps other sites from riding on it). API clients
send `Authorization: Token <token>`, checked against the hashed tokens by the same account
service the REST API uses. A token header, when present, wins over any cookie: the client said
explicitly who it is. A bad token leaves the connection anonymous and records why in
`scope["auth_error"]`, so the consumer can say so instead of just refusing.
"""
from __future__ import annotations

from channels.auth import AuthMiddleware
from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from channels.sessions import CookieMiddleware, InstanceSessionWrapper, SessionMiddleware
from django.contrib.auth.models import AnonymousUser

from accounts import services
from accounts.scopes import SITE_API

TOKEN_KEYWORD = b"token"


def _authorization(scope: dict) -> bytes | None:
    for name, value in scope.get("headers", []):
        if name.lower() == b"authorization":
            return value
    return None


@database_sync_to_async
def _token_user(raw: str):
    found = services.api_token_user(raw=raw)
    # A token without the site's API scope (one made for the Bot API only) is no one here.
    return found[0] if found and found[1].has_any_scope((SITE_API,)) else None


class TokenAuthMiddleware(BaseMiddleware):
    """Sets scope["user"] from `Authorization: Token <token>`; leaves other scopes alone."""

    async def __call__(self, scope, receive, send):
        header = _authorization(scope)
        if header is not None:
            scope = dict(scope)
            parts = header.split()
            user = None
            if len(parts) == 2 and parts[0].lower() == TOKEN_KEYWORD:
                try:
                    user = await _token_user(parts[1].decode("ascii"))
                except UnicodeDecodeError:
                    user = None
            if user is None:
                scope["user"] = AnonymousUser()
                scope["auth_error"] = ("Invalid or revoked token; use the header "
                                       "'Authorization: Token <token>'.")
            else:
                scope["user"] = user
        return await super().__call__(scope, receive, send)


class _SocketSessionWrapper(InstanceSessionWrapper):
    """Channels' session wrapper, without its look at the session on every websocket message:
    it saves a session (and sets its cookie) only on the message types it names, all HTTP
    (tests/realtime checks), yet asks the lazy session whether it changed before each message
    sent - every move event and ping on every socket."""

    async def send(self, message):
        if message["type"].startswith("websocket."):
            return await self.real_send(message)
        return await super().send(message)


class SocketSessionMiddleware(SessionMiddleware):
    async def __call__(self, scope, receive, send):
        wrapper = _SocketSessionWrapper(scope, send)
        await wrapper.resolve_session()
        return await self.inner(wrapper.scope, receive, wrapper.send)


def TokenOrSessionAuthMiddlewareStack(inner):  # noqa: N802 - named like Channels' own stacks
    """Session cookie first (sets a lazy user), then the token header overrides it if sent.
    Channels' AuthMiddlewareStack with the session wrapper above."""
    return CookieMiddleware(SocketSessionMiddleware(AuthMiddleware(TokenAuthMiddleware(inner))))
