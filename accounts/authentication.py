"""`Authorization: Token <token>` against the hashed ApiToken table."""
from __future__ import annotations

from django.utils.translation import gettext as _

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from . import services
from .errors import MissingScope
from .scopes import SITE_API


class ApiTokenAuthentication(authentication.BaseAuthentication):
    keyword = "Token"

    def authenticate(self, request):
        parts = authentication.get_authorization_header(request).split()
        if not parts or parts[0].lower() != self.keyword.lower().encode():
            return None  # not ours: let session authentication try
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(_("Use the header 'Authorization: Token <token>'."))
        try:
            raw = parts[1].decode()
        except UnicodeError:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
        found = services.api_token_user(raw=raw)
        if found is None:
            raise exceptions.AuthenticationFailed(_("Invalid or revoked token."))
        if not found[1].has_any_scope((SITE_API,)):
            raise MissingScope(_("Missing scope: this token lacks %(scope)s.") % {"scope": SITE_API},
                               accepted=(SITE_API,), available=found[1].scope_list())
        return found

    def authenticate_header(self, request) -> str:
        # Makes unauthenticated requests 401 (with this challenge) rather than 403.
        return self.keyword


class ApiTokenScheme(OpenApiAuthenticationExtension):
    """Documents the token header in the OpenAPI schema."""

    target_class = "accounts.authentication.ApiTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "header", "name": "Authorization",
                "description": "`Token <token>` from /api/v1/accounts/token/ or signup."}
