"""Writes the known-device cookie after a successful log-in (see accounts.http)."""
from __future__ import annotations

from typing import Callable

from django.http import HttpRequest, HttpResponse

from .http import write_known_device_cookie


class KnownDeviceMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        write_known_device_cookie(request, response)
        return response
