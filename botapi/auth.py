"""`Authorization: Bearer <token>` (what lichess clients send) or `Token <token>` (the site's own
form), both checked against the hashed ApiToken table by the account service."""
from __future__ import annotations

from django.utils.translation import gettext as _

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from accounts import services
from accounts.errors import MissingScope

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
            _("Use the header 'Authorization: Bearer <token>'."))
    try:
        raw = parts[1].decode("ascii")
    except UnicodeDecodeError:
        raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
    found = services.api_token_user(raw=raw)
    if found is None:
        raise exceptions.AuthenticationFailed(_("No such token, or it was revoked."))
    return found


# lichess's scopes of each kind of endpoint (its spec's `security: OAuth2: [...]`): a token
# with any one of them may call it.
PLAY = ("bot:play", "board:play")
EVENTS = ("challenge:read", *PLAY)
CHALLENGE = ("challenge:write", *PLAY)
ROLE_SCOPES = {"bot": ("bot:play",), "board": ("board:play",)}


def check_scopes(token, accepted: tuple[str, ...]) -> None:
    """lichess's refusal of a token without any of `accepted`: 403 {"error": "Missing scope"}."""
    if token is not None and not token.has_any_scope(accepted):
        raise MissingScope(accepted=accepted, available=token.scope_list())


def scope_headers(exc) -> dict[str, str]:
    """lichess's headers on a scope refusal: what the token has, what the endpoint accepts."""
    return {"X-OAuth-Scopes": ",".join(getattr(exc, "available", [])),
            "X-Accepted-OAuth-Scopes": ",".join(getattr(exc, "accepted", ()))}


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
