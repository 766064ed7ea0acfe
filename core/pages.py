"""What every app's page views share: error statuses and safe redirects. (The header's data
comes from the context processors in settings.TEMPLATES.)"""
from __future__ import annotations

from django.http import HttpRequest
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

from core.errors import RateLimited, SiteError


def error_status(exc: SiteError) -> int:
    # A page re-rendered with an error: 429 for rate limits, else the usual 400.
    return 429 if isinstance(exc, RateLimited) else 400


def safe_next(request: HttpRequest, fallback: str = "home") -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                       require_https=request.is_secure()):
        return target
    return reverse(fallback)


def next_param(request: HttpRequest) -> str:
    """The `next` to carry between the log-in and sign-up pages (only a safe one)."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    return target if target and safe_next(request) == target else ""
