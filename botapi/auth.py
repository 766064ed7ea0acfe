"""`Authorization: Bearer <token>` (what lichess clients send) or `Token <token>` (the site's own
form), both checked against the hashed ApiToken table by the account service."""
from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from accounts import services

KEYWORDS = (b"bearer", b"token")


def user_and_token(header: bytes | str | None):
    """(user, ApiToken) for a valid Authorization header, None when there is none, and
    AuthenticationFailed when there is a bad one."""
    if not header:
        return None
    if isinstance(header, str):
        header = header.encode("latin-1", "replace")
    parts = header.split()
    if not parts or parts[0].lower() not in KEYWORDS:
        return None
    if len(parts) != 2:
        raise exceptions.AuthenticationFailed(
            "Use the header 'Authorization: Bearer <token>'.")
    try:
        raw = parts[1].decode("ascii")
    except UnicodeDecodeError:
        raise exceptions.AuthenticationFailed("Invalid token.") from None
    found = services.api_token_user(raw=raw)
    if found is None:
        raise exceptions.AuthenticationFailed("No such token, or it was revoked.")
    return found


class BearerOrTokenAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request):
        return user_and_token(authentication.get_authorization_header(request))

    def authenticate_header(self, request) -> str:
        return "Bearer"


class BearerScheme(OpenApiAuthenticationExtension):
    target_class = "botapi.auth.BearerOrTokenAuthentication"
    name = "bearerAuth"

    def get_security_definition(self, auto_schema):
        return {"type": "http", "scheme": "bearer",
                "description": "An API token (profile page, or /api/v1/accounts/token/); "
                               "`Authorization: Token <token>` works too."}
