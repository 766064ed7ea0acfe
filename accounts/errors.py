"""The root of the site's one error hierarchy, and the errors of the accounts app.

Every error the services raise is a `SiteError`: a stable machine-readable `code` and an
HTTP-like `status`. The REST API turns any SiteError into `{"error": code, "detail": message}`,
the websocket consumers into `{"type": "error", "error": code, "detail": message}`, and pages
into a form error. The root lives here because `games` may import `accounts` and `accounts`
never imports `games`; game errors (`games.errors.GameError`) are SiteErrors too, and account
errors are not GameErrors.
"""
from __future__ import annotations


class SiteError(Exception):
    code = "error"
    status = 400
    default_detail = "The request could not be carried out."

    def __init__(self, detail: str | None = None, *, code: str | None = None) -> None:
        self.detail = detail or self.default_detail
        if code is not None:
            self.code = code
        super().__init__(self.detail)


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


# 429
class RateLimited(SiteError):
    code = "rate_limited"
    status = 429
    default_detail = "Too many attempts; try again later."

    def __init__(self, detail: str | None = None, *, retry_after: int = 0) -> None:
        super().__init__(detail)
        self.retry_after = retry_after
