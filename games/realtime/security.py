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


def _without_control_characters_in_cookies(scope: dict) -> dict:
    """A Cookie header holding a control character (no page of the site sets one) is dropped
    before the session is looked up: PostgreSQL refuses a NUL in the lookup (a 500), as the
    HTTP side ignores such a cookie (raumschach_site.middleware)."""
    headers = scope.get("headers", [])
    if not any(key.lower() == b"cookie" and any(b < 0x20 or b == 0x7F for b in value)
               for key, value in headers):
        return scope
    kept = [(key, value) for key, value in headers
            if not (key.lower() == b"cookie" and any(b < 0x20 or b == 0x7F for b in value))]
    return {**scope, "headers": kept}


class _TokenClientsNeedNoOrigin:
    def __init__(self, application) -> None:
        self.validated = AllowedHostsOriginValidator(application)
        self.application = application

    async def __call__(self, scope, receive, send):
        scope = _without_control_characters_in_cookies(scope)
        if (scope["type"] == "websocket" and not _has_header(scope, b"origin")
                and _has_header(scope, b"authorization")):
            return await self.application(scope, receive, send)
        return await self.validated(scope, receive, send)


def HostOriginValidator(application):  # noqa: N802 - named like Channels' validators
    """AllowedHostsOriginValidator, except that token clients may omit the Origin header."""
    return _TokenClientsNeedNoOrigin(application)
