"""The site's real address, for links in mails.

A mail has no request of its own, so the address is found in this order: `SITE_URL` when it
was set (the operator knows the public name best, and a set address cannot be steered by a
forged Host header); else the host of the request being served, if a mail is written while
one is (sign-up, the settings page, a password reset: the address the person actually used,
already checked against ALLOWED_HOSTS); else `HOST`/`PORT`, the address the server listens on
(settings.SITE_URL_DEFAULT). Issue 29 item 1: links pointed at 127.0.0.1:8000 whatever port
the server ran on."""
from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar, copy_context

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse

_request_root: ContextVar[str] = ContextVar("notify_request_root", default="")


def site_url() -> str:
    """The root the site is reached at, without a trailing slash."""
    configured = settings.SITE_URL.rstrip("/")
    # SITE_URL equals the HOST/PORT default unless somebody set it (environment or settings).
    if configured and configured != settings.SITE_URL_DEFAULT.rstrip("/"):
        return configured
    return _request_root.get() or configured or settings.SITE_URL_DEFAULT.rstrip("/")


def with_this_site(fn: Callable[[], None]) -> Callable[[], None]:
    """`fn`, to run later (after commit), still knowing the request's address."""
    context = copy_context()
    return lambda: context.run(fn)


class RequestSiteMiddleware:
    """Remembers, while a request is served, the address it came to (see site_url)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            root = f"{request.scheme}://{request.get_host()}"
        except DisallowedHost:
            root = ""
        token = _request_root.set(root)
        try:
            return self.get_response(request)
        finally:
            _request_root.reset(token)
