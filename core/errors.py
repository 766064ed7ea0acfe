"""The root of the site's one error hierarchy.

Every error the services raise is a `SiteError`: a stable machine-readable `code` and an
HTTP-like `status`. The REST API turns any SiteError into `{"error": code, "detail": message}`,
the websocket consumers into `{"type": "error", "error": code, "detail": message}`, and pages
into a form error. Each app owns its errors as subclasses (`accounts.errors.AccountError`,
`games.errors.GameError`, `notify.errors.NotifyError`); `RateLimited` lives here because more
than one app raises it.
"""
from __future__ import annotations

from django.utils.translation import gettext_lazy


class SiteError(Exception):
    code = "error"
    status = 400
    default_detail = gettext_lazy("The request could not be carried out.")

    def __init__(self, detail: str | None = None, *, code: str | None = None) -> None:
        # Worded now, in the language active for this request (the API follows Accept-Language;
        # a lazy default would reach the websocket's json.dumps unworded). The code stays English.
        self.detail = str(detail or self.default_detail)
        if code is not None:
            self.code = code
        super().__init__(self.detail)


# 400
class InvalidQuery(SiteError):
    """A query string the endpoint's schema does not describe (every app's API)."""
    code = "invalid"
    default_detail = gettext_lazy("Invalid query.")


class ControlCharacters(SiteError):
    """Text holding a NUL or another control character (raumschach_site.middleware refuses
    them in URLs, games.api.parsers in JSON bodies): PostgreSQL cannot store or compare NUL."""
    code = "control_characters"
    default_detail = gettext_lazy("Text holds a control character (such as NUL); none is accepted.")


# C0 controls and DEL: nothing in a URL of the site names them, and PostgreSQL refuses a NUL in
# any text it is asked to compare. Text a person writes (a form field, a JSON body's chat line)
# may hold a tab or a line break, a URL nothing of the kind.
CONTROL_IN_URL = frozenset(map(chr, [*range(0x20), 0x7F]))
CONTROL_IN_TEXT = CONTROL_IN_URL - {"\t", "\n", "\r"}


# 429
class RateLimited(SiteError):
    code = "rate_limited"
    status = 429
    default_detail = gettext_lazy("Too many attempts; try again later.")

    def __init__(self, detail: str | None = None, *, retry_after: int = 0) -> None:
        super().__init__(detail)
        self.retry_after = retry_after
