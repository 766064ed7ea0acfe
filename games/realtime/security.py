"""Origin validation for websocket handshakes.

Browsers always send `Origin` on a websocket handshake and carry the session cookie along to
any site that opens one, so the origin must be one of ALLOWED_HOSTS (Channels'
`AllowedHostsOriginValidator`): another site's page cannot act with a visitor's session.

API clients (bots, scripts) usually send no `Origin` and authenticate with
`Authorization: Token ...`, which a browser page cannot set on a websocket. So a handshake with
a token header and *no* Origin is let through; a foreign Origin is refused whatever else the
handshake carries, and a handshake with neither Origin nor token is refused as before.
"""
from __future__ import annotations

from channels.security.websocket import AllowedHostsOriginValidator


def _has_header(scope: dict, name: bytes) -> bool:
    return any(key.lower() == name for key, _ in scope.get("headers", []))


class _TokenClientsNeedNoOrigin:
    def __init__(self, application) -> None:
        self.validated = AllowedHostsOriginValidator(application)
        self.application = application

    async def __call__(self, scope, receive, send):
        if (scope["type"] == "websocket" and not _has_header(scope, b"origin")
                and _has_header(scope, b"authorization")):
            return await self.application(scope, receive, send)
        return await self.validated(scope, receive, send)


def HostOriginValidator(application):  # noqa: N802 - named like Channels' validators
    """AllowedHostsOriginValidator, except that token clients may omit the Origin header."""
    return _TokenClientsNeedNoOrigin(application)
