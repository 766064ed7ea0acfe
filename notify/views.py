"""One-click unsubscribe (RFC 8058: mail clients POST to the link; people open it with GET)."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from . import services


@csrf_exempt  # the signed token is the credential; a mail client's POST carries no CSRF token
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    kind = services.unsubscribe(token=token)
    status = 200 if kind else 400
    return render(request, "notify/unsubscribed.html",
                  {"kind": (kind or "").replace("_", " ")}, status=status)
