"""Every API error is JSON `{"error": "<code>", "detail": "<human message>"}`."""
from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.db import OperationalError
from django.http import Http404, HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core.errors import RateLimited, SiteError

try:
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import TimeoutError as RedisTimeoutError
    _REDIS_DOWN: tuple[type[BaseException], ...] = (RedisConnectionError, RedisTimeoutError)
except ImportError:  # redis is a runtime requirement; the guard only keeps this module light
    _REDIS_DOWN = ()

_CODES = {
    exceptions.ParseError: "malformed_json",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "rate_limited",
    exceptions.ValidationError: "invalid",
}


def _flatten(data, prefix: str = "") -> list[str]:
    """Turn DRF's nested validation messages into 'field: message' lines."""
    if isinstance(data, dict):
        lines: list[str] = []
        for key, value in data.items():
            label = "" if key in ("non_field_errors", "detail") else f"{prefix}{key}"
            lines += _flatten(value, f"{label}." if label else "")
        return lines
    if isinstance(data, list):
        return [line for item in data for line in _flatten(item, prefix)]
    label = prefix.rstrip(".")
    return [f"{label}: {data}" if label else str(data)]


def api_exception_handler(exc, context):
    if isinstance(exc, SiteError):
        body = {"error": exc.code, "detail": exc.detail}
        # Where an error has a place (an imported record's line and move), it says it too.
        body.update(getattr(exc, "extra", None) or {})
        response = Response(body, status=exc.status)
        if isinstance(exc, RateLimited):
            response["Retry-After"] = str(exc.retry_after)
        return response
    if _REDIS_DOWN and isinstance(exc, _REDIS_DOWN):
        # Only what truly needs Redis gets here (the stored game never does): say so plainly.
        response = Response({"error": "unavailable",
                             "detail": _("A service the server needs is down; nothing was "
                                         "changed. Try again shortly.")}, status=503)
        response["Retry-After"] = "5"
        return response
    if isinstance(exc, OperationalError):
        # Overload (no pooled connection within its timeout, the database refusing clients)
        # or a lost connection: the transaction rolled back, so nothing was written, and the
        # client may simply try again. Seen as HTTP 500s in the 1,000-game load test.
        response = Response({"error": "unavailable",
                             "detail": _("The server is busy; nothing was changed. Try again.")},
                            status=503)
        response["Retry-After"] = "1"
        return response
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None  # a real bug: Django's 500 handling and logging apply
    if isinstance(exc, exceptions.ValidationError):
        body = {"error": "invalid", "detail": " ".join(_flatten(exc.detail)) or _("Invalid input.")}
        if isinstance(exc.detail, dict):
            body["fields"] = exc.detail
    else:
        code = next((c for cls, c in _CODES.items() if isinstance(exc, cls)), None)
        if code == "malformed_json" and not _is_json_request(context):
            code = "malformed_body"
        detail = str(getattr(exc, "detail", "") or response.data.get("detail", ""))
        if code is None and isinstance(exc, exceptions.PermissionDenied):
            code = "csrf_failed" if detail.startswith("CSRF Failed") else "permission_denied"
        if code is None:
            code = getattr(exc, "default_code", None) or "error"
            if response.status_code == 404:
                code = "not_found"
        body = {"error": code, "detail": detail or _("Error.")}
    response.data = body
    return response


def _is_json_request(context) -> bool:
    request = context.get("request")
    return "json" in (getattr(request, "content_type", "") or "")


@csrf_exempt  # it changes nothing; without this a POST here met the CSRF check's HTML page
def api_not_found(request: HttpRequest, *args, **kwargs) -> JsonResponse:
    """Unknown paths under /api/ answer in the API's error format, not an HTML page."""
    return JsonResponse({"error": "not_found", "detail": f"No API endpoint at {request.path}."},
                        status=404)
