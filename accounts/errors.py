"""The errors of the accounts app: sign-up, log-in, passwords, tokens. Their root, `SiteError`,
and `RateLimited` (raised by more than one app) live in `core.errors`."""
from __future__ import annotations

from django.utils.translation import gettext_lazy

from core.errors import SiteError


class AccountError(SiteError):
    """An error of sign-up, log-in, passwords or tokens."""


# 400
class SignupRefused(AccountError):
    code = "signup_refused"
    default_detail = gettext_lazy("The account could not be created.")


class WrongPassword(AccountError):
    code = "wrong_password"
    default_detail = gettext_lazy("The current password is not correct.")


class UnknownScope(AccountError):
    code = "unknown_scope"
    default_detail = gettext_lazy("Unknown token scope.")


# 401
class InvalidCredentials(AccountError):
    code = "invalid_credentials"
    status = 401
    default_detail = gettext_lazy("Unknown username or wrong password.")


# 404
class TokenNotFound(AccountError):
    code = "not_found"
    status = 404
    default_detail = gettext_lazy("No such token.")


# 409
class TooManyTokens(AccountError):
    code = "too_many_tokens"
    status = 409
    default_detail = gettext_lazy("You have too many tokens; revoke some first.")


# 403
class MissingScope(AccountError):
    """lichess's answer to a call its token's scopes do not allow."""
    code = "missing_scope"
    status = 403
    default_detail = gettext_lazy("Missing scope")

    def __init__(self, detail: str | None = None, *, accepted: tuple[str, ...] = (),
                 available: list[str] | None = None) -> None:
        super().__init__(detail)
        self.accepted = accepted
        self.available = available or []
