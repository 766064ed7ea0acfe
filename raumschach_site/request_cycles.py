"""A finished request's objects are freed at once, not left to the garbage collector.

Django and DRF tie a request's objects into reference cycles: the messages storage and the
request point at each other, `request.user` and `request.auser` are closures over the request,
and a DRF view, its Request and its Response point at one another (`view.response`,
`response.renderer_context["view"]`, `Request.parser_context["request"]`). Reference counting
cannot free a cycle, so every object a request made (~150 for a move: the parsed body, the
serializers and their fields and validators, the session, the headers...) waited for the
collector. In a Daphne process at ~50 moves/s that is a young collection freeing ~40,000
objects every ~2 s, 30-110 ms during which no other request or socket of the process moves
(docs/performance.md, issue 30): most of the slowest 1 % of moves at 1,000 live games.

`RequestCyclesMiddleware` (first in settings.MIDDLEWARE, so it runs after every other one)
cuts those links once the response is complete; the request's objects then go as soon as the
server drops the request. Only links nobody reads after the response are cut: the response's
content, status and headers, and the request's path, session and body stay as they were.
"""
from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

# Set on the request by the middlewares above (auth, messages); each refers back to it.
_REQUEST_LINKS = ("_messages", "user", "auser", "_cached_user", "_acached_user")


def request_cycles_break(request: HttpRequest, response: HttpResponse) -> None:
    """Cut the links that tie `request` and its DRF view, Request and Response together."""
    if getattr(response, "streaming", False):
        return  # its body is still to be made, perhaps from the request (an event stream)
    context = getattr(response, "renderer_context", None)
    if isinstance(context, dict):
        view, drf_request = context.get("view"), context.get("request")
        if isinstance(getattr(drf_request, "parser_context", None), dict):
            drf_request.parser_context.clear()
        if view is not None:
            view.__dict__.pop("response", None)
            view.__dict__.pop("request", None)
        context.clear()
    for name in _REQUEST_LINKS:
        request.__dict__.pop(name, None)


class RequestCyclesMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        request_cycles_break(request, response)
        return response
