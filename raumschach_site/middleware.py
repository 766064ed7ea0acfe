"""Site-wide HTTP middleware: every /api/ error is JSON, control characters are refused in URLs
and forms, and the security headers.

`ApiErrorsAsJsonMiddleware` comes first in settings.MIDDLEWARE, so it sees the request before
anything reads its body and every response after Django's own error handling (a CSRF failure,
a 404 of a path outside /api/v1/, a 400 for a suspicious request, a 500 page), and turns the
HTML ones under /api/ into the API's `{"error": code, "detail": message}`.
"""
from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.utils.translation import gettext as _

from core.errors import CONTROL_IN_TEXT, CONTROL_IN_URL, ControlCharacters

logger = logging.getLogger(__name__)

API_PREFIX = "/api/"

_CODES = {400: "bad_request", 401: "not_authenticated", 403: "forbidden", 404: "not_found",
          405: "method_not_allowed", 413: "too_large", 415: "unsupported_media_type",
          429: "rate_limited", 503: "unavailable"}


def body_limit() -> int:
    """The largest request body accepted, in bytes (Django's DATA_UPLOAD_MAX_MEMORY_SIZE)."""
    return settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def too_large_body() -> dict:
    return {"error": "too_large",
            "detail": _("The request body is larger than %(count)s bytes.") % {"count": body_limit()}}


def declared_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def _is_json(response: HttpResponse) -> bool:
    return response.get("Content-Type", "").startswith("application/json")


def _json_error(response: HttpResponse) -> JsonResponse:
    status = response.status_code
    code = _CODES.get(status, "server_error" if status >= 500 else "error")
    detail = response.reason_phrase
    content = getattr(response, "content", b"")
    if status == 403 and b"CSRF verification failed" in content:
        code, detail = "csrf_failed", _("CSRF check failed: send the CSRF token, or use a token.")
    if status >= 500:
        detail = _("Something went wrong on the server; nothing more is known to the client.")
    json_response = JsonResponse({"error": code, "detail": detail}, status=status)
    for header in ("Allow", "Retry-After"):
        if header in response:
            json_response[header] = response[header]
    return json_response


class ApiErrorsAsJsonMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith(API_PREFIX):
            return self.get_response(request)
        # Refuse an oversized body on its declared length, before anything reads it (under
        # Daphne the ASGI guard in raumschach_site.asgi refuses it even earlier).
        if declared_length(request) > body_limit():
            return JsonResponse(too_large_body(), status=413)
        response = self.get_response(request)
        if response.status_code >= 400 and not _is_json(response):
            return _json_error(response)
        return response


REST_PREFIX = "/api/v1/"
# The lichess-compatible paths (botapi): under /api/ outside /api/v1/, and its game export.
LICHESS_PREFIXES = (API_PREFIX, "/game/export/")


def _holds(texts, forbidden: frozenset[str]) -> bool:
    return any(not forbidden.isdisjoint(text) for text in texts)


def _texts(data):
    """The keys and values of a QueryDict."""
    for key, values in data.lists():
        yield key
        yield from values


class ControlCharactersMiddleware:
    """Refuse, before any view looks it up, a request whose path or query (or URL-encoded form
    body) holds a NUL or another control character: a coded 400 (`control_characters`) under
    /api/, a plain 400 elsewhere. JSON bodies are checked by their parser
    (games.api.parsers), every other text by its field."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # A cookie holding one was set by no page of the site: it is not read (the session's
        # lookup was a 500), as if the browser had none.
        for name in [name for name, value in request.COOKIES.items()
                     if _holds((name, value), CONTROL_IN_URL)]:
            del request.COOKIES[name]
        if (_holds((request.path,), CONTROL_IN_URL)
                or _holds(_texts(request.GET), CONTROL_IN_URL)
                or (request.method == "POST"
                    and request.content_type == "application/x-www-form-urlencoded"
                    and declared_length(request) <= body_limit()
                    and _holds(_texts(request.POST), CONTROL_IN_TEXT))):
            detail = _("The address or a field holds a control character (such as NUL); "
                       "none is accepted.")
            if request.path.startswith(REST_PREFIX):
                return JsonResponse({"error": ControlCharacters.code, "detail": detail},
                                    status=400)
            if request.path.startswith(LICHESS_PREFIXES):  # the Bot API's shape
                return JsonResponse({"error": detail, "code": ControlCharacters.code},
                                    status=400)
            return HttpResponseBadRequest(detail, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


class SecurityHeadersMiddleware:
    """The Content-Security-Policy on every response, and the session and CSRF cookies marked
    Secure on every HTTPS response (SecurityMiddleware adds HSTS, nosniff, Referrer-Policy)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = settings.CONTENT_SECURITY_POLICY_BY_PATH.get(request.path,
                                                              settings.CONTENT_SECURITY_POLICY)
        response.setdefault("Content-Security-Policy", policy)
        if request.is_secure():
            for name in (settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME):
                if name in response.cookies:
                    response.cookies[name]["secure"] = True
        return response


class OneThreadPerRequestMiddleware:
    """Last in settings.MIDDLEWARE, and sync-only on purpose: it makes Django run the whole
    middleware chain and the view in sync mode, in one worker thread per request.

    Under ASGI Django runs every async-capable middleware (all of Django's own) in async mode
    as soon as the handler inside it is async, and each of their process_request /
    process_response hooks then hops to a thread and back (about ten hops per request). With a
    sync-only middleware innermost, the chain above it is sync as well: one hop into the thread
    for the whole request. Measured with scripts/move_cpu.py (README "Measuring")."""

    sync_capable = True
    async_capable = False

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)
