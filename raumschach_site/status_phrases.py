"""Every HTTP status the site sends carries its reason phrase. Daphne sets the status through
Twisted, whose table of phrases stops short of several codes the site answers with (429, 422,
423, ...): they went out as "429 Unknown Status". The missing ones are added from Python's own
table (http.HTTPStatus) when the server starts."""
from __future__ import annotations

from http import HTTPStatus


def install() -> None:
    try:
        from twisted.web import http
    except ImportError:  # not served through Twisted (a test client): nothing to fill in
        return
    for status in HTTPStatus:
        http.RESPONSES.setdefault(status.value, status.phrase.encode("ascii"))
