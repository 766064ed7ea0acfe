"""The errors of the accounts app: sign-up, log-in, passwords, tokens. Their root, `SiteError`,
and `RateLimited` (raised by more than one app) live in `core.errors`."""
from __future__ import annotations

from core.errors import SiteError


class AccountError(SiteError):
    """An error of sign-up, log-in, passwords or tokens."""


# 400
class SignupRefused(AccountError):
    code = "signup_refused"
    default_detail = "The account could not be created."


class WrongPassword(AccountError):
    code = "wrong_password"
    default_detail = "The current password is not correct."


# 401
class InvalidCredentials(AccountError):
    code = "invalid_credentials"
    status = 401
    default_detail = "Unknown username or wrong password."


# 404
class TokenNotFound(AccountError):
    code = "not_found"
    status = 404
    default_detail = "No such token."


# 409
class TooManyTokens(AccountError):
    code = "too_many_tokens"
    status = 409
    default_detail = "You have too many tokens; revoke some first."
