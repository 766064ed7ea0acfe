"""The HTTP side of accounts, for views and forms: the client's address and the signed
"known device" cookie. Services never see a request; views pass them these plain values.

The known-device cookie names (by normalised username) the accounts this browser has logged in
to successfully. It is signed (a guesser cannot forge one), HttpOnly, and only exempts its
holder from the per-account guess limit (accounts.services), never from the per-address one.
"""
from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse

from .usernames import username_key

_SALT = "accounts.known-device"
MAX_ACCOUNTS_PER_DEVICE = 8  # a shared family computer; more would only grow the cookie
_PENDING = "_known_device_keys_to_set"


def client_ip(request: HttpRequest) -> str:
    """The address rate limits count against (see client_address)."""
    return client_address(request.META.get("REMOTE_ADDR", ""),
                          request.META.get("HTTP_X_FORWARDED_FOR", ""))


def requester_key(request: HttpRequest) -> str:
    """Whom a per-user-or-address rate limit counts: the account when logged in, else the
    client's address."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"ip:{client_ip(request)}"


def client_address(remote_addr: str, forwarded_for: str) -> str:
    """The client's address, from the direct peer and the X-Forwarded-For header (HTTP
    requests and websocket handshakes alike).

    Behind TRUSTED_PROXY_COUNT reverse proxies, each appending the address it was reached from
    to X-Forwarded-For, the client is the entry the outermost trusted proxy appended: the
    TRUSTED_PROXY_COUNT-th from the right. Everything left of it was written by the client and
    is ignored (Django's and OWASP's advice); a header with fewer entries than proxies did not
    come through them all, so the direct peer is counted instead."""
    count = settings.TRUSTED_PROXY_COUNT
    if count > 0:
        entries = [e.strip() for e in forwarded_for.split(",")]
        entries = [e for e in entries if e]
        if len(entries) >= count:
            return entries[-count]
    return remote_addr or "unknown"


def _cookie_keys(request: HttpRequest) -> list[str]:
    value = request.COOKIES.get(settings.KNOWN_DEVICE_COOKIE_NAME, "")
    if not value:
        return []
    try:
        keys = signing.loads(value, salt=_SALT, max_age=settings.KNOWN_DEVICE_COOKIE_AGE)
    except signing.BadSignature:
        return []
    return [k for k in keys if isinstance(k, str)] if isinstance(keys, list) else []


def known_device_keys(request: HttpRequest) -> frozenset[str]:
    """The accounts (normalised names) this browser logged in to before; empty if the cookie
    is missing, forged or expired."""
    return frozenset(_cookie_keys(request))


def remember_device(request: HttpRequest, *, username: str) -> None:
    """Mark this browser as one `username` has logged in with; KnownDeviceMiddleware writes
    the cookie on the response."""
    key = username_key(username)
    keys = [key] + [k for k in _cookie_keys(request) if k != key]  # most recent first
    keys = keys[:MAX_ACCOUNTS_PER_DEVICE]
    setattr(request, _PENDING, keys)


def write_known_device_cookie(request: HttpRequest, response: HttpResponse) -> None:
    keys = getattr(request, _PENDING, None)
    if keys is None:
        return
    response.set_cookie(
        settings.KNOWN_DEVICE_COOKIE_NAME, signing.dumps(keys, salt=_SALT),
        max_age=settings.KNOWN_DEVICE_COOKIE_AGE, httponly=True, samesite="Lax",
        secure=request.is_secure() or settings.SESSION_COOKIE_SECURE)
